/// Characters that change the creature a seed draws without showing in the text: zero-width
/// characters, bidirectional controls, and spaces at either end.
public enum InvisibleCharacters {
    /// What kind of invisible character.
    public enum Kind: String, Sendable {
        /// A zero-width character (space, joiner outside an emoji, word joiner, byte order mark…).
        case zeroWidth
        /// A bidirectional control (marks, embeddings, overrides, isolates).
        case bidiControl
        /// Spaces before the first visible character.
        case leadingSpace
        /// Spaces after the last visible character.
        case trailingSpace
    }

    /// A run of invisible characters in a seed.
    public struct Run: Equatable, Sendable {
        /// What they are.
        public let kind: Kind
        /// Where they are in the seed.
        public let range: Range<String.Index>
        /// Their code points, e.g. `U+200B`.
        public let codePoints: [String]
    }

    /// The zero-width characters: ZWSP, ZWNJ, ZWJ (outside an emoji sequence), word joiner,
    /// invisible operators, byte order mark, Mongolian vowel separator, soft hyphen, CGJ, and the
    /// Hangul fillers.
    static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x200B, 0x200C, 0x200D, 0x2060...0x2064, 0xFEFF, 0x180E, 0x00AD, 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0: true
        default: false
        }
    }

    /// The bidirectional controls: LRM, RLM, ALM, the embeddings and overrides, the isolates.
    static func isBidiControl(_ v: UInt32) -> Bool {
        switch v {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `scalar` is a space a person cannot see at a line's end (any Unicode space).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace && scalar != "\n" && scalar != "\r"
    }

    /// Whether a joiner between `before` and `after` makes one emoji of them (👩‍💻): then it shows.
    static func joinsEmoji(_ before: Unicode.Scalar?, _ after: Unicode.Scalar?) -> Bool {
        func pictographic(_ s: Unicode.Scalar?) -> Bool {
            guard let s else { return false }
            return (s.value > 0x7F && s.properties.isEmoji) || s.value == 0xFE0F || s.properties.isEmojiModifier
        }
        return pictographic(before) && pictographic(after)
    }

    /// Whether `seed` may hold any (false: printable ASCII with no space at either end, the
    /// common case, told without looking at its scalars).
    public static func mayHave(_ seed: String) -> Bool {
        let utf8 = seed.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        if first <= 0x20 || last <= 0x20 { return true }
        return utf8.contains { $0 >= 0x80 || $0 < 0x20 }
    }

    /// The runs of invisible characters in `seed`, in order.
    public static func runs(in seed: String) -> [Run] {
        let scalars = seed.unicodeScalars
        var runs: [Run] = []
        // Leading and trailing spaces.
        var lead = scalars.startIndex
        while lead != scalars.endIndex, isSpace(scalars[lead]) { lead = scalars.index(after: lead) }
        var trail = scalars.endIndex
        while trail > lead, isSpace(scalars[scalars.index(before: trail)]) { trail = scalars.index(before: trail) }
        func codes(_ range: Range<String.Index>) -> [String] { scalars[range].map { "U+" + hex($0.value) } }
        if lead != scalars.startIndex {
            let range = scalars.startIndex..<lead
            runs.append(Run(kind: .leadingSpace, range: range, codePoints: codes(range)))
        }
        // Zero-width characters and controls between.
        var i = lead, previous: Unicode.Scalar? = nil
        while i < trail {
            let scalar = scalars[i], next = scalars.index(after: i)
            let kind: Kind? = isBidiControl(scalar.value) ? .bidiControl
                : isZeroWidth(scalar.value) && !(scalar.value == 0x200D && joinsEmoji(previous, next < scalars.endIndex ? scalars[next] : nil)) ? .zeroWidth : nil
            if let kind {
                if let last = runs.last, last.kind == kind, last.range.upperBound == i {
                    let range = last.range.lowerBound..<next
                    runs[runs.count - 1] = Run(kind: kind, range: range, codePoints: codes(range))
                } else {
                    runs.append(Run(kind: kind, range: i..<next, codePoints: codes(i..<next)))
                }
            }
            previous = scalar
            i = next
        }
        if trail != scalars.endIndex {
            let range = trail..<scalars.endIndex
            runs.append(Run(kind: .trailingSpace, range: range, codePoints: codes(range)))
        }
        return runs
    }

    /// `seed` without its invisible characters (what a person meant, most likely).
    public static func removing(from seed: String) -> String {
        var text = String.UnicodeScalarView(), from = seed.unicodeScalars.startIndex
        for run in runs(in: seed) {
            text.append(contentsOf: seed.unicodeScalars[from..<run.range.lowerBound])
            from = run.range.upperBound
        }
        text.append(contentsOf: seed.unicodeScalars[from...])
        return String(text)
    }

    /// `v` in upper-case hex, at least 4 digits.
    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
