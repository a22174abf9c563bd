/// The v1 segment hash (ENGINE.md §2) with the seed folded once: `h(seed, id)` for any id costs
/// only the id's units. The eight lanes are a left fold over UTF-16 units, so the state after
/// `seed + U+0000` is computed in `init` and reused for every segment id.
public struct SegmentHash: SegmentHashing {
    /// The lane state after `seed + U+0000`.
    @usableFromInline var lanes: SIMD8<UInt32>
    /// How many units have been folded (decides which lane the next unit goes to).
    @usableFromInline var count: Int

    /// The hash state for `seed`, ready for any segment id.
    public init(seed: String) {
        lanes = SIMD8(5381, 5382, 5383, 5384, 5385, 5386, 5387, 5388)
        count = 0
        var state = self
        UTF16Units.forEach(in: seed) { state.fold(UInt16(truncatingIfNeeded: $0)) }
        self = state
        fold(0)
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

    /// The 53-bit integer for the folded units (§2 steps 4–5).
    @inlinable public var bits: UInt64 {
        let l = lanes
        let low = l[0] ^ l[2] ^ l[4] ^ l[6]
        let high = l[1] ^ l[3] ^ l[5] ^ l[7]
        return UInt64(high) << 21 | UInt64(low >> 11)
    }

    /// The 53-bit hash integer of `seed + U+0000 + id`.
    public func bits53(_ id: String) -> UInt64 {
        var state = self
        for unit in id.utf16 { state.fold(unit) }
        return state.bits
    }
}

/// A segment hash with the seed folded in, for one engine (v1: ENGINE.md §2, v2: §11). Segment ids
/// are folded byte by byte after it; `h`, `pick` and `roll` are shared by both engines.
public protocol SegmentHashing: Sendable {
    /// The hash state for `seed`, ready for any segment id.
    init(seed: String)
    /// Folds one ASCII byte of a segment id.
    mutating func fold(idByte: UInt8)
    /// The 53-bit integer of the seed and the id bytes folded so far.
    var bits: UInt64 { get }
    /// The 53-bit integer of the seed and any id.
    func bits53(_ id: String) -> UInt64
}

extension SegmentHashing {
    @inlinable mutating func fold(ascii bytes: UnsafeBufferPointer<UInt8>) {
        for b in bytes { fold(idByte: b) }
    }

    @inlinable mutating func fold(decimal value: Int) {
        // Segment numbers are small: one or two digits without the general loop.
        if value >= 0 && value < 100 {
            if value >= 10 { fold(idByte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)) }
            fold(idByte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
            return
        }
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
    @inlinable var unit: Double { Double(bits) / 9_007_199_254_740_992.0 }

    /// `h(seed, id)` in [0, 1) for any id.
    public func value(_ id: String) -> Double {
        Double(bits53(id)) / 9_007_199_254_740_992.0
    }

    /// `h(seed, id)` for a static ASCII id.
    @inlinable public func h(_ id: StaticString) -> Double {
        var state = self
        id.withUTF8Buffer { state.fold(ascii: $0) }
        return state.unit
    }

    /// `h(seed, prefix + a)`, e.g. `h("leg_angle_", 2)` for `"leg_angle_2"`.
    @inlinable public func h(_ prefix: StaticString, _ a: Int) -> Double {
        var state = self
        prefix.withUTF8Buffer { state.fold(ascii: $0) }
        state.fold(decimal: a)
        return state.unit
    }

    /// `h(seed, prefix + a + "_" + b)`, e.g. `h("tile_", 2, 0)` for `"tile_2_0"`.
    @inlinable public func h(_ prefix: StaticString, _ a: Int, _ b: Int) -> Double {
        var state = self
        prefix.withUTF8Buffer { state.fold(ascii: $0) }
        state.fold(decimal: a)
        state.fold(idByte: UInt8(ascii: "_"))
        state.fold(decimal: b)
        return state.unit
    }

    /// The state after also folding `prefix`: `s.appending("galaxy_").h(x, y)` is
    /// `h("galaxy_", x, y)`, with the prefix folded once for many ids.
    @inlinable public func appending(_ prefix: StaticString) -> Self {
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

    /// `pick(seed, id, n)` for a static id.
    @inlinable public func pick(_ id: StaticString, _ n: Int) -> Int { SegmentHash.pick(h(id), n) }
    /// `pick(seed, prefix + a, n)`.
    @inlinable public func pick(_ prefix: StaticString, _ a: Int, _ n: Int) -> Int { SegmentHash.pick(h(prefix, a), n) }
    /// `roll(seed, id, p)` = `h < p`.
    @inlinable public func roll(_ id: StaticString, _ p: Double) -> Bool { h(id) < p }
}

extension SegmentHash {
    /// `pick(n)` = `⌊h·n⌋ mod n` for `n > 0`, else 0.
    @inlinable public static func pick(_ h: Double, _ n: Int) -> Int {
        n > 0 ? Int((h * Double(n)).rounded(.down)) % n : 0
    }
}
