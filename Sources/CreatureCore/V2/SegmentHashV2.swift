/// The v2 segment hash h₂ (docs/engine.md §11): eight seed lanes finalised once per seed, then an id
/// mixer over the id's UTF-8 bytes, so `h₂(seed, id)` for any id costs only the id's bytes.
public struct SegmentHashV2: SegmentHashing {
    /// `F0^F2^F4^F6` and `F1^F3^F5^F7` of the finalised seed lanes `F_j`: all that step 5 needs,
    /// since `m_j·0x01010101` repeats a byte, so XOR-ing the `G_j` XORs the `m_j` first.
    @usableFromInline var evenLanes: UInt32, oddLanes: UInt32
    /// The id mixer: `a` takes the even bytes, `b` the odd ones.
    @usableFromInline var a: UInt32 = 5381, b: UInt32 = 5381
    /// How many id bytes have been folded.
    @usableFromInline var count = 0

    /// The hash state for `seed` (its UTF-16 units alone), ready for any segment id.
    public init(seed: String) {
        var l = SIMD8<UInt32>(5381, 5382, 5383, 5384, 5385, 5386, 5387, 5388)
        var seed = seed
        seed.withUTF8 { utf8 in
            // k = i·31 + j·17 for unit i in lane j.
            var k = SIMD8<UInt32>(0, 17, 34, 51, 68, 85, 102, 119)
            // An ASCII byte is its own unit: the leading ASCII bytes are folded as they are.
            let n = utf8.count
            var i = 0
            while i < n && utf8[i] < 0x80 {
                SegmentHashV2.fold(&l, k, ascii: UInt32(utf8[i]))
                k &+= 31
                i &+= 1
            }
            guard i < n else { return }
            // The rest as units first (never more than the bytes), then one tight loop over them.
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: n &- i) { units in
                var m = 0
                UTF16Units.forEach(in: UnsafeBufferPointer(rebasing: utf8[i...])) { units[m] = UInt16(truncatingIfNeeded: $0); m &+= 1 }
                for u in 0..<m {
                    SegmentHashV2.fold(&l, k, UInt32(units[u]))
                    k &+= 31
                }
            }
        }
        l ^= l &>> 16
        l &*= 0x85EB_CA6B
        l ^= l &>> 13
        l &*= 0xC2B2_AE35
        l ^= l &>> 16
        evenLanes = l[0] ^ l[2] ^ l[4] ^ l[6]
        oddLanes = l[1] ^ l[3] ^ l[5] ^ l[7]
    }

    /// The seed's finalised lanes with no id byte folded yet.
    @usableFromInline init(evenLanes: UInt32, oddLanes: UInt32) {
        self.evenLanes = evenLanes
        self.oddLanes = oddLanes
    }

    /// `h(seed, id)` for a static id. Before any id byte the mixers hold known constants, so for
    /// a literal id the compiler works out the whole id side (mixers, `fmix32`, the six-bit
    /// groups) ahead of time and only the seed's lanes are left to combine. (The two branches are
    /// alike on purpose: a state chosen by a conditional would hide the constants.)
    @inlinable @inline(__always) public func h(_ id: StaticString) -> Double {
        if count == 0 {
            var state = SegmentHashV2(evenLanes: evenLanes, oddLanes: oddLanes)
            id.withUTF8Buffer { state.fold(ascii: $0) }
            return state.unit
        }
        var state = self
        id.withUTF8Buffer { state.fold(ascii: $0) }
        return state.unit
    }

    /// `h(seed, prefix + a)`: as `h(_:)`, the prefix is folded ahead of time for a literal.
    @inlinable @inline(__always) public func h(_ prefix: StaticString, _ a: Int) -> Double {
        if count == 0 {
            var state = SegmentHashV2(evenLanes: evenLanes, oddLanes: oddLanes)
            prefix.withUTF8Buffer { state.fold(ascii: $0) }
            state.fold(decimal: a)
            return state.unit
        }
        var state = self
        prefix.withUTF8Buffer { state.fold(ascii: $0) }
        state.fold(decimal: a)
        return state.unit
    }

    /// Step 1 for one unit at `k = i·31 + j·17` in every lane; `x·33` is `(x << 5) + x`.
    @inline(__always) static func fold(_ l: inout SIMD8<UInt32>, _ k: SIMD8<UInt32>, _ unit: UInt32) {
        l = ((l &<< 5) &+ l) ^ (SIMD8(repeating: unit & 0xFF) ^ (k & 0xFF))
        l = ((l &<< 5) &+ l) ^ (SIMD8(repeating: unit >> 8) ^ ((k &>> 8) & 0xFF))
    }

    /// `fold` for a unit below 0x100, whose high byte is 0.
    @inline(__always) static func fold(_ l: inout SIMD8<UInt32>, _ k: SIMD8<UInt32>, ascii unit: UInt32) {
        l = ((l &<< 5) &+ l) ^ (SIMD8(repeating: unit) ^ (k & 0xFF))
        l = ((l &<< 5) &+ l) ^ ((k &>> 8) & 0xFF)
    }

    @inlinable @inline(__always) static func fmix32(_ v: UInt32) -> UInt32 {
        var x = v
        x ^= x >> 16
        x &*= 0x85EB_CA6B
        x ^= x >> 13
        x &*= 0xC2B2_AE35
        x ^= x >> 16
        return x
    }

    /// Folds one byte of a segment id into the mixer.
    @inlinable public mutating func fold(idByte byte: UInt8) {
        if count & 1 == 0 { a = (a &* 33) ^ UInt32(byte) } else { b = (b &* 33) ^ UInt32(byte) }
        count &+= 1
    }

    /// Folds id bytes two at a time, one into each mixer, when they start at an even count.
    @inlinable @inline(__always) public mutating func fold(ascii bytes: UnsafeBufferPointer<UInt8>) {
        guard count & 1 == 0, let p = bytes.baseAddress else {
            for byte in bytes { fold(idByte: byte) }
            return
        }
        let n = bytes.count
        var i = 0, a = a, b = b
        while i &+ 2 <= n {
            a = (a &* 33) ^ UInt32(p[i])
            b = (b &* 33) ^ UInt32(p[i &+ 1])
            i &+= 2
        }
        if i < n { a = (a &* 33) ^ UInt32(p[i]) }
        self.a = a
        self.b = b
        count &+= n
    }

    /// `top` after the uniformity finaliser (§11 steps 3–6): the 53-bit integer.
    @inlinable @inline(__always) public var bits: UInt64 {
        let m = UInt64(SegmentHashV2.fmix32(b)) << 21 | UInt64(SegmentHashV2.fmix32(a) >> 11)
        // m_j = (m >> 6j) & 0x3F: XOR the even j and the odd j (six bits each), then repeat the byte.
        // Folding m onto itself by 24 and then 12 bits XORs the groups at 0, 12, 24, 36 into bits
        // 0…5 and those at 6, 18, 30, 42 into bits 6…11.
        let x = m ^ m >> 24, folded = x ^ x >> 12
        let even = folded & 0x3F, odd = folded >> 6 & 0x3F
        let low = evenLanes ^ UInt32(even) &* 0x0101_0101
        let high = oddLanes ^ UInt32(odd) &* 0x0101_0101
        let top = UInt64(high) << 21 | UInt64(low >> 11)
        return (top &* 0x9E37_79B9_7F4A_7C15) >> 11
    }

    /// The 53-bit integer `h₂(seed, id)·2^53` for any id (its UTF-8 bytes).
    public func bits53(_ id: String) -> UInt64 {
        var state = self
        for byte in id.utf8 { state.fold(idByte: byte) }
        return state.bits
    }
}
