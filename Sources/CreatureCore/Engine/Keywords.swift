/// The text the environment's keyword hints read (docs/engine.md §8): `w = lowercase(trim(s))` as code
/// points, with every search linear in its length.
struct Keywords {
    /// The keyword text of the render seed `s`: `lowercase(trim(s))`.
    init(renderSeed s: String) { self.init(Seeds.trim(s).lowercased()) }

    /// One maximal run of decimal digits in `w` and where a word after it would start
    /// (past any whitespace).
    private struct Number { var start: Int, end: Int, word: Int }

    private let w: [Unicode.Scalar]
    private let numbers: [Number]

    /// The keyword text `w`, already trimmed and lowercased.
    init(_ w: String) {
        let w = Array(w.unicodeScalars)
        var numbers: [Number] = []
        var i = 0
        while i < w.count {
            guard Keywords.isDigit(w[i]) else { i += 1; continue }
            var end = i + 1
            while end < w.count && Keywords.isDigit(w[end]) { end += 1 }
            var word = end
            while word < w.count && Keywords.isSpace(w[word]) { word += 1 }
            numbers.append(Number(start: i, end: end, word: word))
            i = word
        }
        self.w = w
        self.numbers = numbers
    }

    /// Whether `w` contains `word` (Foundation's `contains`): the word occurs over code points at a
    /// place not directly followed by a grapheme extender.
    func contains(_ word: StaticString) -> Bool {
        word.withUTF8Buffer { word in
            guard word.count <= w.count else { return false }
            for i in 0...(w.count - word.count) where starts(with: word, at: i) {
                let after = i + word.count
                if after == w.count || !Graphemes.isExtender(w[after]) { return true }
            }
            return false
        }
    }

    /// The number of the first match of `(\d+)\s*(?:singular|plural)` in `w`, clamped to 1…20; nil
    /// when there is no match, when its digits do not begin a character (a prepend mark joins them to
    /// what precedes) or do not parse as a 64-bit integer in ASCII digits.
    func numberBefore(_ singular: StaticString, _ plural: StaticString) -> Int? {
        guard let match = numbers.first(where: { starts(with: singular, at: $0.word) || starts(with: plural, at: $0.word) })
        else { return nil }
        if match.start > 0 && Graphemes.isPrepend(w[match.start - 1]) { return nil }
        let digits = w[match.start..<match.end]
        guard digits.allSatisfy(\.isASCII) else { return nil }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 19 else { return nil }
        guard let n = significant.isEmpty ? 0 : Int64(String(String.UnicodeScalarView(significant))) else { return nil }
        return Int(min(20, max(1, n)))
    }

    private func starts(with word: StaticString, at i: Int) -> Bool {
        word.withUTF8Buffer { starts(with: $0, at: i) }
    }

    private func starts(with word: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + word.count <= w.count else { return false }
        for (k, byte) in word.enumerated() where w[i + k].value != UInt32(byte) { return false }
        return true
    }

    /// `\d`: a decimal digit (general category Nd) the apps' Unicode 15.1 data knows.
    static func isDigit(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return c.value >= 0x30 && c.value <= 0x39 }
        return c.properties.generalCategory == .decimalNumber && !Graphemes.isUnknownToUnicode15_1(c)
    }

    /// `\s`: Unicode White_Space.
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return c == " " || (c.value >= 0x09 && c.value <= 0x0D) }
        return c.properties.isWhitespace
    }
}
