/// How the engine reads seeds (docs/engine.md §1): whitespace, trimming and the render seed.
public enum Seeds {
    /// Engine whitespace: Unicode general category Zs plus U+0009 TAB and U+200B ZERO WIDTH SPACE
    /// (the apps' platform set; newlines, U+FEFF and U+2060 are not whitespace).
    @inlinable public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        // In ASCII, Zs is the space alone: no property lookup for the common case.
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// `s` without engine whitespace at either end.
    public static func trim(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// The seed that is drawn: `" "` when the trimmed seed is empty, else the seed untrimmed.
    public static func renderSeed(_ s: String) -> String {
        s.unicodeScalars.allSatisfy(isWhitespace) ? " " : s
    }
}
