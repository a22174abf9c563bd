/// An incremental UTF-8 validator (RFC 3629): rejects overlong forms, surrogates, code points
/// past U+10FFFF and stray continuation bytes, across chunk boundaries.
public struct UTF8Validator: Sendable {
    /// Continuation bytes still expected for the current character.
    private var needed = 0
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// A validator at the start of a text.
    public init() {}

    /// Checks `bytes`; false as soon as they cannot be part of valid UTF-8.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            if needed == 0 {
                switch byte {
                case 0x00...0x7F: continue
                case 0xC2...0xDF: needed = 1
                case 0xE0: needed = 2; lower = 0xA0
                case 0xE1...0xEC, 0xEE, 0xEF: needed = 2
                case 0xED: needed = 2; upper = 0x9F
                case 0xF0: needed = 3; lower = 0x90
                case 0xF1...0xF3: needed = 3
                case 0xF4: needed = 3; upper = 0x8F
                default: return false
                }
            } else {
                guard byte >= lower && byte <= upper else { return false }
                lower = 0x80
                upper = 0xBF
                needed -= 1
            }
        }
        return true
    }

    /// Checks `bytes`.
    public mutating func feed(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    /// Whether the text fed so far ends on a character boundary.
    public var isComplete: Bool { needed == 0 }

    /// Whether `bytes` are valid UTF-8 as a whole.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        var validator = UTF8Validator()
        return validator.feed(bytes) && validator.isComplete
    }
}
