/// Writes a PNG into memory sized for it exactly: the signature, then chunks of length, type,
/// data and the CRC-32 of type and data, each byte written once.
struct PNGChunkWriter {
    /// The 8-byte signature every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Bytes a chunk with `dataCount` bytes of data takes: length, type, data, CRC.
    static func chunkSize(_ dataCount: Int) -> Int { 12 + dataCount }

    private let out: UnsafeMutableRawPointer
    /// Bytes written so far.
    private(set) var count = 0

    /// A writer that starts at `out` with the signature.
    init(out: UnsafeMutableRawPointer) {
        self.out = out
        for byte in PNGChunkWriter.signature { append(byte) }
    }

    /// Writes a chunk of type `type` (four ASCII letters) whose `length` bytes of data `fill` writes.
    mutating func chunk(_ type: StaticString, length: Int, _ fill: (inout PNGChunkWriter) -> Void = { _ in }) {
        precondition(type.utf8CodeUnitCount == 4, "chunk types are four letters")
        appendBigEndian(UInt32(length))
        let start = count
        type.withUTF8Buffer { for byte in $0 { append(byte) } }
        fill(&self)
        precondition(count == start + 4 + length, "a chunk's data is as long as its length says")
        appendBigEndian(Zlib.crc32(UnsafeRawBufferPointer(start: out + start, count: count - start)))
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        out.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: [UInt8]) {
        for byte in bytes { append(byte) }
    }

    /// Appends `value` as four big-endian bytes.
    mutating func appendBigEndian(_ value: UInt32) {
        out.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt32.self)
        count &+= 4
    }

    /// Hands the next `length` bytes to `fill`, which writes all of them.
    mutating func append(length: Int, _ fill: (UnsafeMutableRawPointer) -> Void) {
        fill(out + count)
        count &+= length
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
