/// The longest text the library and the protocol accept as a seed or a name, and its one
/// message: every front, the store and the server check a text through here.
public enum TextLimit {
    /// At most `EngineLimits.maxTextUnits` (10,000) UTF-16 units (an emoji counts as two or more).
    public static let maxLength = EngineLimits.maxTextUnits

    /// A text over the limit: which field, how long it is, and a sentence for a person.
    public struct TooLong: Error, Equatable, Sendable {
        /// The field the text came in (`seed`, `name`, a share link's `url`…).
        public let field: String
        /// Its length in UTF-16 units.
        public let length: Int
        /// The limit, `TextLimit.maxLength`.
        public var limit: Int { TextLimit.maxLength }

        /// A text of `length` units given in `field`.
        public init(field: String, length: Int) {
            self.field = field
            self.length = length
        }

        /// "A seed can be at most 10,000 characters long, where an emoji counts as two or more; this one is 10,001."
        public var message: String {
            let what = field == "name" ? "A name" : field == "seed" ? "A seed"
                : field.hasSuffix("name") ? "A name in '\(field)'" : "A seed in '\(field)'"
            return "\(what) can be at most \(English.grouped(limit)) characters long, where an emoji counts as two or more; this one is \(English.grouped(length))."
        }
    }

    /// Throws `TooLong` when `text` is over the limit.
    public static func check(_ text: String, field: String) throws(TooLong) {
        let length = text.utf16.count
        if length > maxLength { throw TooLong(field: field, length: length) }
    }
}

/// A seed (or name) checked against `TextLimit` once, where it comes in.
public struct Seed: Hashable, Sendable {
    /// The text, at most `TextLimit.maxLength` UTF-16 units.
    public let text: String

    /// `text` as a seed given in `field`; throws when it is too long.
    public init(_ text: String, field: String = "seed") throws(TextLimit.TooLong) {
        try TextLimit.check(text, field: field)
        self.text = text
    }
}
