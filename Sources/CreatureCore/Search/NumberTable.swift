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

    /// Numbers items 0..<`count` by `key` in order of first appearance: the number of each item,
    /// and the first item of each number (the table is let go on return).
    static func numbered(_ count: Int, key: (Int) -> UInt64) -> (numberOf: [Int32], firstOf: [Int32]) {
        var table = NumberTable(capacity: count), numberOf = [Int32](repeating: 0, count: count), firstOf: [Int32] = []
        for i in 0..<count {
            let n = table.number(of: key(i), else: firstOf.count) ?? firstOf.count
            if n == firstOf.count { firstOf.append(Int32(i)) }
            numberOf[i] = Int32(n)
        }
        return (numberOf, firstOf)
    }
}
