/// Builds a PNG byte stream chunk by chunk: length, type, data, CRC-32 of type and data.
struct PNGChunkWriter {
    /// The 8-byte signature every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The file so far.
    private(set) var bytes: [UInt8]

    /// A writer holding the signature, with room for about `capacity` bytes.
    init(capacity: Int) {
        bytes = PNGChunkWriter.signature
        bytes.reserveCapacity(capacity)
    }

    /// Appends a chunk of type `type` (four ASCII letters) whose data `fill` appends to the buffer.
    mutating func chunk(_ type: StaticString, _ fill: (inout [UInt8]) -> Void = { _ in }) {
        precondition(type.utf8CodeUnitCount == 4, "chunk types are four letters")
        let start = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        type.withUTF8Buffer { bytes.append(contentsOf: $0) }
        fill(&bytes)
        let length = UInt32(bytes.count - start - 8)
        bytes.withUnsafeMutableBufferPointer { $0.storeBigEndian(length, at: start) }
        let crc = bytes.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[(start + 4)...])) }
        bytes.appendBigEndian(crc)
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` as four big-endian bytes.
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends `value` as two little-endian bytes.
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }
}

extension UnsafeMutableBufferPointer where Element == UInt8 {
    /// Writes `value` as four big-endian bytes starting at `offset`.
    func storeBigEndian(_ value: UInt32, at offset: Int) {
        self[offset] = UInt8(truncatingIfNeeded: value >> 24)
        self[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
        self[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
        self[offset + 3] = UInt8(truncatingIfNeeded: value)
    }
}
