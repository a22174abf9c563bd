/// An 8-bit-per-channel colour with straight (not premultiplied) alpha.
public struct RGBA: Equatable, Hashable, Sendable {
    /// Red, green, blue and alpha channels.
    public var r, g, b, a: UInt8

    /// A colour from its four channels.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Fully transparent black, the colour of a −1 cell.
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// A colour from `#rrggbb` or `rrggbb` hex (opaque); nil when malformed.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return nil }
        self.init(r: UInt8(v >> 16), g: UInt8((v >> 8) & 0xFF), b: UInt8(v & 0xFF))
    }

    /// Lowercase `rrggbb` without `#` (alpha dropped).
    public var hex: String {
        let v = (UInt32(r) << 16) | (UInt32(g) << 8) | UInt32(b)
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 6 - s.count) + s
    }
}
