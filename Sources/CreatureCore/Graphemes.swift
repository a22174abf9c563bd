/// The apps' character breaking (ENGINE.md §1): extended grapheme clusters with the Unicode 15.1
/// data of the apps' runtime. Swift's own breaking on this toolchain already links conjuncts (GB9c)
/// only across the six Indic viramas, but its property data is Unicode 16; so before breaking, every
/// scalar whose grapheme behaviour Unicode 16 changed is replaced by one that behaves as the
/// Unicode 15.1 data says. Linear in the number of scalars.
enum Graphemes {
    /// The scalar offsets where the clusters of `scalars` end, in order (the last is `scalars.count`).
    static func clusterEnds(of scalars: String.UnicodeScalarView) -> [Int] {
        var substituted = String.UnicodeScalarView()
        var changed = false
        for scalar in scalars {
            let replacement = unicode15Stand(for: scalar)
            changed = changed || replacement != scalar
            substituted.append(replacement)
        }
        let text = changed ? String(substituted) : String(scalars)
        var ends: [Int] = []
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            ends.append(offset)
        }
        return ends
    }

    /// `scalar`, or a stand-in with its Unicode 15.1 grapheme behaviour where Unicode 16 changed it:
    /// marks and format characters new in Unicode 16 were unassigned (break on both sides, like a
    /// private-use character), and the spacing marks Unicode 16 made extenders were spacing marks.
    static func unicode15Stand(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        if v < 0x300 { return scalar }
        if isNewInUnicode16(scalar) {
            return scalar.properties.isEmoji ? scalar : "\u{E000}"
        }
        if scalar.properties.generalCategory == .spacingMark, scalar.properties.isGraphemeExtend,
           !unicode15SpacingExtenders.contains(v) {
            return "\u{0903}"
        }
        return scalar
    }

    /// Whether `scalar` was assigned after Unicode 15.1 (the apps' data does not know it).
    static func isNewInUnicode16(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return age.major > 15 || (age.major == 15 && age.minor > 1)
    }

    /// The characters of general category Mc that are grapheme extenders in Unicode 15
    /// (Other_Grapheme_Extend); Unicode 16 added more, which Unicode 15 breaks as spacing marks.
    static let unicode15SpacingExtenders: Set<UInt32> = [
        0x09BE, 0x09D7, 0x0B3E, 0x0B57, 0x0BBE, 0x0BD7, 0x0CC2, 0x0CD5, 0x0CD6, 0x0D3E, 0x0D57, 0x0DCF,
        0x0DDF, 0x1B35, 0x302E, 0x302F, 0x1133E, 0x11357, 0x114B0, 0x114BD, 0x115AF, 0x11930, 0x1D165,
        0x1D16E, 0x1D16F, 0x1D170, 0x1D171, 0x1D172,
    ]

    /// Whether `scalar` is a grapheme extender (Grapheme_Cluster_Break = Extend) in Unicode 15:
    /// Mn, Me, U+200C, emoji modifiers, tag characters and the spacing extenders above.
    static func isExtender(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x300 { return false }
        let p = scalar.properties
        guard p.isGraphemeExtend || p.isEmojiModifier, !isNewInUnicode16(scalar) else { return false }
        return p.generalCategory != .spacingMark || unicode15SpacingExtenders.contains(v)
    }

    /// Whether `scalar` is a prepend mark (Grapheme_Cluster_Break = Prepend) in Unicode 15.1: it joins
    /// whatever follows into one character.
    static func isPrepend(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x600 || isNewInUnicode16(scalar) { return false }
        var pair = String.UnicodeScalarView()
        pair.append(scalar)
        pair.append("0")
        return String(pair).count == 1
    }
}
