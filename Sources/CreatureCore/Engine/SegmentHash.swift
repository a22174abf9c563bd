/// The v1 segment hash (docs/engine.md §2) with the seed folded once: `h(seed, id)` for any id costs
/// only the id's units. The eight lanes are a left fold over UTF-16 units, so the state after
/// `seed + U+0000` is computed in `init` and reused for every segment id.
///
/// Unit `i` of the whole string goes to lane `i mod 8`, so eight consecutive units update eight
/// different lanes: they are folded as one `SIMD8` step. The lanes are kept rotated so that the
/// id's unit `k` goes to position `k mod 8` whatever the seed's length; step 4 only needs to know
/// which positions hold the even lanes.
public struct SegmentHash: SegmentHashing {
    /// Position `i` holds lane `(base + i) mod 8`, where `base` is the number of units of
    /// `seed + U+0000`.
    @usableFromInline var lanes: SIMD8<UInt32>
    /// How many id units have been folded (the next one goes to position `count mod 8`).
    @usableFromInline var count: Int
    /// Whether `base` is odd: then the odd positions hold the even lanes.
    @usableFromInline var baseIsOdd: Bool

    /// The hash state for `seed`, ready for any segment id.
    public init(seed: String) {
        var seed = seed
        let (lanes, base) = seed.withUTF8 { SegmentHash.foldSeed($0) }
        // Rotate so that position i holds lane (base + i) mod 8.
        let r = base & 7
        var rotated = lanes
        for i in 0..<8 { rotated[i] = lanes[(i &+ r) & 7] }
        self.lanes = rotated
        count = 0
        baseIsOdd = base & 1 == 1
    }

    /// The lanes (unrotated) after the UTF-16 units of `utf8` and U+0000, and how many units that is.
    static func foldSeed(_ utf8: UnsafeBufferPointer<UInt8>) -> (SIMD8<UInt32>, Int) {
        var l = SIMD8<UInt32>(5381, 5382, 5383, 5384, 5385, 5386, 5387, 5388)
        let n = utf8.count
        guard let bytes = utf8.baseAddress else {
            return (foldTail(l, SIMD8(), count: 1), 1)
        }
        // ASCII runs of eight bytes are eight units, one step each.
        var i = 0
        while i &+ 8 <= n {
            let word = UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self)
            guard word & 0x8080_8080_8080_8080 == 0 else { break }
            l = ((l &* 33) ^ SIMD8<UInt32>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD8<UInt8>.self))) &* 33
            i &+= 8
        }
        // The rest as UTF-16 units (never more units than bytes), then U+0000; `i` units so far.
        let rest = n &- i
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: rest &+ 8) { buffer in
            let units = buffer.baseAddress!
            var m = 0
            UTF16Units.forEach(in: UnsafeBufferPointer(rebasing: utf8[i...])) { units[m] = UInt16(truncatingIfNeeded: $0); m &+= 1 }
            units[m] = 0
            m &+= 1
            var k = 0
            while k &+ 8 <= m {
                let v = SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(units + k).loadUnaligned(as: SIMD8<UInt16>.self))
                l = (((l &* 33) ^ (v & 0xFF)) &* 33) ^ (v &>> 8)
                k &+= 8
            }
            if k < m {
                var v = SIMD8<UInt32>()
                for j in 0..<(m &- k) { v[j] = UInt32(units[k &+ j]) }
                l = foldTail(l, v, count: m &- k)
            }
            return (l, i &+ m)
        }
    }

    /// Folds the units `v[0..<count]` into positions `0..<count`, leaving the others as they are.
    @inline(__always) static func foldTail(_ l: SIMD8<UInt32>, _ v: SIMD8<UInt32>, count: Int) -> SIMD8<UInt32> {
        var out = l
        out.replace(with: (((l &* 33) ^ (v & 0xFF)) &* 33) ^ (v &>> 8),
                    where: SIMD8<UInt32>(0, 1, 2, 3, 4, 5, 6, 7) .< UInt32(truncatingIfNeeded: count))
        return out
    }

    @inlinable mutating func fold(_ unit: UInt16) {
        let j = count & 7
        withUnsafeMutableBytes(of: &lanes) { raw in
            let lane = raw.baseAddress!.assumingMemoryBound(to: UInt32.self) + j
            lane.pointee = (((lane.pointee &* 33) ^ UInt32(unit & 0xFF)) &* 33) ^ UInt32(unit >> 8)
        }
        count &+= 1
    }

    /// Folds one ASCII byte of a segment id (one UTF-16 unit).
    @inlinable public mutating func fold(idByte b: UInt8) { fold(UInt16(b)) }

    /// Folds ASCII id bytes eight at a time when they start a block of eight positions (every
    /// static id and prefix does), else one by one.
    @inlinable @inline(__always) public mutating func fold(ascii bytes: UnsafeBufferPointer<UInt8>) {
        guard count & 7 == 0, let p = bytes.baseAddress else {
            for b in bytes { fold(idByte: b) }
            return
        }
        let n = bytes.count
        var l = lanes, i = 0
        while i &+ 8 <= n {
            l = ((l &* 33) ^ SegmentHash.widen(UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)))) &* 33
            i &+= 8
        }
        if i < n {
            // The last 1…7 bytes, and a mask of 0xFF in the bytes they fill.
            var word: UInt64 = 0, j = n &- 1
            while j >= i {
                word = word << 8 | UInt64(p[j])
                j &-= 1
            }
            let keep = SegmentHash.widen(~0 >> UInt64(truncatingIfNeeded: 64 &- 8 &* (n &- i))) &* 0x0101_0101
            let folded = ((l &* 33) ^ SegmentHash.widen(word)) &* 33
            l ^= (l ^ folded) & keep
        }
        lanes = l
        count &+= n
    }

    /// The eight bytes of `word`, lowest first, as eight lanes.
    @inlinable @inline(__always) static func widen(_ word: UInt64) -> SIMD8<UInt32> {
        unsafeBitCast(SIMD4<UInt64>(pair(word, 0), pair(word, 16), pair(word, 32), pair(word, 48)), to: SIMD8<UInt32>.self)
    }

    /// Bytes `shift / 8` and `shift / 8 + 1` of `word` as two 32-bit lanes, the first one first in memory.
    @inlinable @inline(__always) static func pair(_ word: UInt64, _ shift: UInt64) -> UInt64 {
        let first = (word >> shift) & 0xFF, second = (word >> (shift &+ 8)) & 0xFF
        #if _endian(big)
        return first << 32 | second
        #else
        return second << 32 | first
        #endif
    }

    /// The 53-bit integer for the folded units (§2 steps 4–5).
    @inlinable @inline(__always) public var bits: UInt64 {
        // Positions i and i + 4, then i and i + 2, have the same parity.
        let four = lanes.lowHalf ^ lanes.highHalf, two = four.lowHalf ^ four.highHalf
        let atEven = two[0], atOdd = two[1]
        let low = baseIsOdd ? atOdd : atEven, high = baseIsOdd ? atEven : atOdd
        return UInt64(high) << 21 | UInt64(low >> 11)
    }

    /// The 53-bit hash integer of `seed + U+0000 + id`.
    public func bits53(_ id: String) -> UInt64 {
        var state = self
        for unit in id.utf16 { state.fold(unit) }
        return state.bits
    }
}

/// A segment hash with the seed folded in, for one engine (v1: docs/engine.md §2, v2: §11). Segment ids
/// are folded byte by byte after it; `h`, `pick` and `roll` are shared by both engines.
public protocol SegmentHashing: Sendable {
    /// The hash state for `seed`, ready for any segment id.
    init(seed: String)
    /// Folds one ASCII byte of a segment id.
    mutating func fold(idByte: UInt8)
    /// Folds ASCII bytes of a segment id, in order.
    mutating func fold(ascii: UnsafeBufferPointer<UInt8>)
    /// The 53-bit integer of the seed and the id bytes folded so far.
    var bits: UInt64 { get }
    /// The 53-bit integer of the seed and any id.
    func bits53(_ id: String) -> UInt64
    /// `h` of the folded units followed by the static ASCII `id` (e.g. `h(seed, "eyes")`).
    func h(_ id: StaticString) -> Double
    /// `h` of the folded units followed by `prefix + a` (e.g. `"leg_angle_2"`).
    func h(_ prefix: StaticString, _ a: Int) -> Double
}

extension SegmentHashing {

    @inlinable @inline(__always) mutating func fold(decimal value: Int) {
        // Segment numbers are small: one or two digits inline, without the general loop.
        if value >= 0 && value < 100 {
            if value >= 10 { fold(idByte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)) }
            fold(idByte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
        } else {
            fold(anyDecimal: value)
        }
    }

    /// `fold(decimal:)` for any value: a minus sign, then the digits.
    @inlinable @inline(never) mutating func fold(anyDecimal value: Int) {
        if value < 0 { fold(idByte: UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat {
                buf[n] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                n += 1
            } while magnitude > 0
            for i in stride(from: n - 1, through: 0, by: -1) { fold(idByte: buf[i]) }
        }
    }

    /// The value of the state as it is: `bits / 2^53`.
    @inlinable @inline(__always) var unit: Double { Double(bits) / 9_007_199_254_740_992.0 }

    /// `h(seed, id)` in [0, 1) for any id.
    public func value(_ id: String) -> Double {
        Double(bits53(id)) / 9_007_199_254_740_992.0
    }

    /// `h(seed, id)` for a static ASCII id (the default for `SegmentHashing.h(_:)`).
    @inlinable @inline(__always) public func h(_ id: StaticString) -> Double {
        var state = self
        id.withUTF8Buffer { state.fold(ascii: $0) }
        return state.unit
    }

    /// `h(seed, prefix + a)`, e.g. `h("leg_angle_", 2)` for `"leg_angle_2"` (the default for
    /// `SegmentHashing.h(_:_:)`).
    @inlinable @inline(__always) public func h(_ prefix: StaticString, _ a: Int) -> Double {
        var state = self
        prefix.withUTF8Buffer { state.fold(ascii: $0) }
        state.fold(decimal: a)
        return state.unit
    }

    /// `h(seed, prefix + a + "_" + b)`, e.g. `h("tile_", 2, 0)` for `"tile_2_0"`.
    @inlinable @inline(__always) public func h(_ prefix: StaticString, _ a: Int, _ b: Int) -> Double {
        var state = self
        prefix.withUTF8Buffer { state.fold(ascii: $0) }
        state.fold(decimal: a)
        state.fold(idByte: UInt8(ascii: "_"))
        state.fold(decimal: b)
        return state.unit
    }

    /// The state after also folding `prefix`: `s.appending("galaxy_").h(x, y)` is
    /// `h("galaxy_", x, y)`, with the prefix folded once for many ids.
    @inlinable @inline(__always) public func appending(_ prefix: StaticString) -> Self {
        var state = self
        prefix.withUTF8Buffer { state.fold(ascii: $0) }
        return state
    }

    /// `h` of the folded units followed by `a + "_" + b` (see `appending`).
    @inlinable public func h(_ a: Int, _ b: Int) -> Double {
        var state = self
        state.fold(decimal: a)
        state.fold(idByte: UInt8(ascii: "_"))
        state.fold(decimal: b)
        return state.unit
    }

    /// The state after also folding `a + "_"`: `s.appending("galaxy_").appending(number: x).h(number: y)`
    /// is `h("galaxy_", x, y)`.
    @inlinable public func appending(number a: Int) -> Self {
        var state = self
        state.fold(decimal: a)
        state.fold(idByte: UInt8(ascii: "_"))
        return state
    }

    /// `h` of the folded units followed by `b` (see `appending(number:)`).
    @inlinable public func h(number b: Int) -> Double {
        var state = self
        state.fold(decimal: b)
        return state.unit
    }

    /// `h(number: y)` into `out[y]` for every `y` in `numbers` (within 0…99): each tens digit is
    /// folded once, and then each units digit.
    @inlinable public func h(numbers: Range<Int>, into out: UnsafeMutablePointer<Double>) {
        precondition(numbers.lowerBound >= 0 && numbers.upperBound <= 100, "h(numbers:into:) takes numbers 0…99")
        guard !numbers.isEmpty else { return }
        var ten = numbers.lowerBound / 10, tens = self
        if ten > 0 { tens.fold(idByte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ten)) }
        for y in numbers {
            let (t, unit) = y.quotientAndRemainder(dividingBy: 10)
            if t != ten {
                ten = t
                tens = self
                tens.fold(idByte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: t))
            }
            var state = tens
            state.fold(idByte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: unit))
            out[y] = state.unit
        }
    }

    /// `pick(seed, id, n)` for a static id.
    @inlinable @inline(__always) public func pick(_ id: StaticString, _ n: Int) -> Int { SegmentHash.pick(h(id), n) }
    /// `pick(seed, prefix + a, n)`.
    @inlinable @inline(__always) public func pick(_ prefix: StaticString, _ a: Int, _ n: Int) -> Int { SegmentHash.pick(h(prefix, a), n) }
    /// `roll(seed, id, p)` = `h < p`.
    @inlinable @inline(__always) public func roll(_ id: StaticString, _ p: Double) -> Bool { h(id) < p }
}

extension SegmentHash {
    /// `pick(n)` = `⌊h·n⌋ mod n` for `n > 0`, else 0. A hash value is never negative, so the
    /// floor is a truncation (no libm call); a negative `h` still gets the floor.
    @inlinable @inline(__always) public static func pick(_ h: Double, _ n: Int) -> Int {
        guard n > 0 else { return 0 }
        let v = h * Double(n)
        return (v >= 0 ? Int(v) : Int(v.rounded(.down))) % n
    }
}
