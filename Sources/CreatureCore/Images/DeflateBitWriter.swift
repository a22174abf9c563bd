/// Writes a deflate bit stream (RFC 1951): values packed least-significant bit first.
struct DeflateBitWriter {
    /// The completed bytes.
    private(set) var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var bitCount: UInt64 = 0

    /// A writer with room for about `capacity` bytes.
    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Writes the low `count` bits (≤ 32) of `value`.
    @inline(__always)
    mutating func write(_ value: UInt32, bits count: Int) {
        accumulator |= UInt64(value) << bitCount
        bitCount += UInt64(count)
        while bitCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            bitCount -= 8
        }
    }

    /// Pads the last partial byte with zero bits.
    mutating func flush() {
        if bitCount > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
        accumulator = 0
        bitCount = 0
    }
}
