/// Numbers by 64-bit key in one flat open-addressed table (linear probing): grouping a million
/// keys this way takes a fraction of what a `Dictionary` does, and no allocation per key.
struct NumberTable {
    private var keys: [UInt64]
    private var numbers: [Int32]
    private let shift: UInt64

    /// A table for up to `capacity` keys.
    init(capacity: Int) {
        var bits = 4
        while 1 << bits < 2 * capacity { bits += 1 }
        keys = [UInt64](repeating: 0, count: 1 << bits)
        numbers = [Int32](repeating: -1, count: 1 << bits)
        shift = UInt64(64 - bits)
    }

    /// The number put for `key`; or, when there is none, puts `number` for it and gives nil.
    @inline(__always) mutating func number(of key: UInt64, else number: Int) -> Int? {
        let mask = numbers.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while numbers[slot] >= 0 {
            if keys[slot] == key { return Int(numbers[slot]) }
            slot = (slot &+ 1) & mask
        }
        (keys[slot], numbers[slot]) = (key, Int32(truncatingIfNeeded: number))
        return nil
    }
}
