/// The configuration rules v2 changes (docs/engine.md §11): tiers 3…5 and the prominent boost.
extension Configuration {
    /// The v2 tier: `3 + pick(s,"complexity_tier",3)`, so tiers 1–2 never occur.
    static func v2Tier(_ s: some SegmentHashing) -> Int {
        3 + s.pick("complexity_tier", 3)
    }

    /// Turns on prominent features of a creature until three of eyes, mouth, appendages, body
    /// and eyebrows are on; step `k` picks among the ones still off with `"prominent_boost_k"`.
    /// Styles, counts and shapes keep the values the unboosted flags gave them.
    mutating func applyProminentBoost(_ s: some SegmentHashing) {
        guard mode == .creature else { return }
        // Bit i stands for flag i of [eyes, mouth, appendages, body, eyebrows].
        var on = (eyes ? 1 : 0) | (mouth ? 2 : 0) | (appendages ? 4 : 0) | (body ? 8 : 0) | (eyebrows ? 16 : 0)
        var step = 0
        while on.nonzeroBitCount < 3 {
            var k = s.pick("prominent_boost_", step, 5 - on.nonzeroBitCount)
            for i in 0..<5 where on & (1 << i) == 0 {
                if k == 0 { on |= 1 << i; break }
                k -= 1
            }
            step += 1
        }
        eyes = on & 1 != 0; mouth = on & 2 != 0; appendages = on & 4 != 0; body = on & 8 != 0; eyebrows = on & 16 != 0
    }
}

/// The v2 colours (docs/engine.md §11): every drawn colour gets a brightness/saturation boost.
public enum V2Colors {
    /// The boosted colours of each palette, parsed and boosted once.
    public static let paletteColors: [[RGBA]] = V1Constants.paletteColors.map { $0.map(boost) }

    /// The boosted fallbacks for indices 0…5.
    public static let fallbackRGBA: [RGBA] = V1Constants.fallbackRGBA.map(boost)

    /// `c` through HSL with saturation and lightness × 1.2 (each capped at 1), back to bytes.
    public static func boost(_ c: RGBA) -> RGBA {
        let R = Double(c.r) / 255, G = Double(c.g) / 255, B = Double(c.b) / 255
        let M = max(R, G, B), m = min(R, G, B), d = M - m, l = (M + m) / 2
        var s = 0.0, H = 0.0
        if d > 0 {
            s = l <= 0.5 ? d / (M + m) : d / (2 - M - m)
            if M == R { H = (G - B) / d + (G < B ? 6 : 0) } else if M == G { H = (B - R) / d + 2 } else { H = (R - G) / d + 4 }
            H /= 6
        }
        let s2 = min(1, 1.2 * s), l2 = min(1, 1.2 * l)
        func byte(_ v: Double) -> UInt8 { UInt8(min(255, (255 * v + 0.5).rounded(.towardZero))) }
        if s2 == 0 {
            let v = byte(l2)
            return RGBA(r: v, g: v, b: v, a: c.a)
        }
        let q = l2 < 0.5 ? l2 * (1 + s2) : l2 + s2 - l2 * s2
        let p = 2 * l2 - q
        func channel(_ t0: Double) -> UInt8 {
            var t = t0
            if t < 0 { t += 1 } else if t > 1 { t -= 1 }
            let v = t < 1.0 / 6 ? p + (q - p) * 6 * t : t < 0.5 ? q : t < 2.0 / 3 ? p + (q - p) * (2.0 / 3 - t) * 6 : p
            return byte(v)
        }
        return RGBA(r: channel(H + 1.0 / 3), g: channel(H), b: channel(H - 1.0 / 3), a: c.a)
    }
}
