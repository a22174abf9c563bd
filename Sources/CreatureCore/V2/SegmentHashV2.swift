/// The v2 segment hash h₂ (ENGINE.md §11): eight seed lanes finalised once per seed, then an id
/// mixer over the id's UTF-8 bytes, so `h₂(seed, id)` for any id costs only the id's bytes.
public struct SegmentHashV2: SegmentHashing {
    /// The finalised seed lanes `F_j`.
    @usableFromInline var lanes: SIMD8<UInt32>
    /// The id mixer: `a` takes the even bytes, `b` the odd ones.
    @usableFromInline var a: UInt32 = 5381, b: UInt32 = 5381
    /// How many id bytes have been folded.
    @usableFromInline var count = 0

    /// The hash state for `seed` (its UTF-16 units alone), ready for any segment id.
    public init(seed: String) {
        var l = SIMD8<UInt32>(5381, 5382, 5383, 5384, 5385, 5386, 5387, 5388)
        let laneK = SIMD8<UInt32>(0, 17, 34, 51, 68, 85, 102, 119)
        var i: UInt32 = 0
        for unit in seed.utf16 {
            let k = laneK &+ i &* 31
            l = (l &* 33) ^ (SIMD8(repeating: UInt32(unit & 0xFF)) ^ (k & 0xFF))
            l = (l &* 33) ^ (SIMD8(repeating: UInt32(unit >> 8)) ^ ((k &>> 8) & 0xFF))
            i &+= 1
        }
        l ^= l &>> 16
        l &*= 0x85EB_CA6B
        l ^= l &>> 13
        l &*= 0xC2B2_AE35
        l ^= l &>> 16
        lanes = l
    }

    @inlinable static func fmix32(_ v: UInt32) -> UInt32 {
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

    /// `top` after the uniformity finaliser (§11 steps 3–6): the 53-bit integer.
    @inlinable public var bits: UInt64 {
        let m = UInt64(SegmentHashV2.fmix32(b)) << 21 | UInt64(SegmentHashV2.fmix32(a) >> 11)
        let shifts = SIMD8<UInt64>(0, 6, 12, 18, 24, 30, 36, 42)
        let mj = SIMD8<UInt32>(truncatingIfNeeded: (SIMD8(repeating: m) &>> shifts) & 0x3F)
        let g = lanes ^ (mj &* 0x0101_0101)
        let low = g[0] ^ g[2] ^ g[4] ^ g[6]
        let high = g[1] ^ g[3] ^ g[5] ^ g[7]
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
