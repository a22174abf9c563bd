#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everyday names for colours: the nearest of about forty named colours by CIELAB distance.
enum ColourNames {
    /// The name of an opaque colour, e.g. "crimson", "pale blue", "midnight blue".
    static func name(_ colour: RGBA) -> String {
        let key = RGBA(r: colour.r, g: colour.g, b: colour.b)
        return known[key] ?? nearest(key)
    }

    /// The named colours a description may use.
    static let references: [(name: String, hex: String)] = [
        ("black", "000000"), ("charcoal", "333333"), ("grey", "808080"), ("light grey", "c8c8c8"),
        ("white", "ffffff"), ("red", "e0202a"), ("dark red", "8b0000"), ("maroon", "6a1030"),
        ("crimson", "c8203c"), ("pink", "ff80a8"), ("hot pink", "ff3c78"), ("salmon", "fa8072"),
        ("peach", "ffb896"), ("orange", "ff8c00"), ("brown", "7b4a1e"), ("yellow", "ffd700"),
        ("cream", "fff3c0"), ("lime", "9adf30"), ("green", "2e9a2e"), ("dark green", "1a4d22"),
        ("olive", "6b6b1e"), ("pale green", "d4ebaa"), ("mint", "a8f0d0"), ("teal", "108080"),
        ("dark teal", "0a4040"), ("turquoise", "20e0d8"), ("pale turquoise", "a8e8e8"),
        ("sky blue", "87ceeb"), ("pale blue", "c8e8fc"), ("blue", "3070c0"), ("dark blue", "0f3a70"),
        ("navy", "101a48"), ("midnight blue", "141428"), ("indigo", "2a1070"), ("purple", "6a3aa0"),
        ("dark purple", "2e0a3a"), ("plum", "5a1a50"), ("dark plum", "2d1430"), ("violet", "9a60e0"),
        ("lavender", "c8b4f0"), ("magenta", "d020a0"),
    ]

    private static let referenceLab: [(name: String, lab: Lab)] =
        references.map { ($0.name, Lab(RGBA(hex: $0.hex)!)) }

    /// Names of every palette and fallback colour of both engines (v2 boosts them), worked out once.
    private static let known: [RGBA: String] = {
        var names: [RGBA: String] = [:]
        let v1 = V1Constants.paletteColors.joined() + V1Constants.fallbackRGBA
        let v2 = V2Colors.paletteColors.joined() + V2Colors.fallbackRGBA
        for colour in v1 + v2 { names[RGBA(r: colour.r, g: colour.g, b: colour.b)] = nearest(colour) }
        return names
    }()

    private static func nearest(_ colour: RGBA) -> String {
        let lab = Lab(colour)
        var best = referenceLab[0]
        var bestDistance = Double.infinity
        for reference in referenceLab {
            let d = lab.distanceSquared(to: reference.lab)
            if d < bestDistance { best = reference; bestDistance = d }
        }
        return best.name
    }

    /// CIELAB coordinates (D65) of an sRGB colour.
    struct Lab {
        let l, a, b: Double

        init(_ c: RGBA) {
            func linear(_ v: UInt8) -> Double {
                let s = Double(v) / 255
                return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            let r = linear(c.r), g = linear(c.g), b = linear(c.b)
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
            let fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047)
            let fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b)
            let fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
            l = 116 * fy - 16; a = 500 * (fx - fy); self.b = 200 * (fy - fz)
        }

        func distanceSquared(to o: Lab) -> Double {
            (l - o.l) * (l - o.l) + (a - o.a) * (a - o.a) + (b - o.b) * (b - o.b)
        }
    }
}
