/// The apps' character breaking (docs/engine.md §1): extended grapheme clusters with the Unicode 15.1
/// data of the apps' runtime. Swift's own breaking on this toolchain links conjuncts (GB9c) only
/// across the six Indic viramas, as the apps do, but its property data is newer (Unicode 16/17); so
/// before breaking, every scalar whose grapheme behaviour changed after Unicode 15.1 is replaced by
/// one that behaves as the Unicode 15.1 data says. Linear in the number of scalars.
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

    /// `scalar`, or a stand-in with its Unicode 15.1 grapheme behaviour where this toolchain's data
    /// differs: characters new after Unicode 15.1 were unassigned (they break on both sides, like a
    /// private-use character); consonants of scripts other than the six that Swift links after a
    /// virama (Unicode 16 conjunct data) are plain letters; and the spacing marks Unicode 16 made
    /// extenders were spacing marks.
    static func unicode15Stand(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        if v < 0x088F { return scalar }
        if isLinkedForeignConsonant(v) { return "\u{E000}" }
        let p = scalar.properties
        if isUnknownToUnicode15_1(scalar) { return p.isEmoji ? scalar : "\u{E000}" }
        if p.generalCategory == .spacingMark, p.isGraphemeExtend, !unicode15SpacingExtenders.contains(v) {
            return "\u{0903}"
        }
        return scalar
    }

    /// The letters outside Bengali, Devanagari, Gujarati, Oriya, Telugu and Malayalam that this
    /// toolchain joins after one of the six viramas (GB9c) but Unicode 15.1 does not: Myanmar, Khmer,
    /// Tai Tham, Balinese, Sundanese, Javanese, Myanmar Extended-A, Tai Viet, Meetei Mayek,
    /// Kharoshthi, Chakma, Dives Akuru, Zanabazar Square, Soyombo and Kawi consonants.
    static let linkedForeignConsonants: [ClosedRange<UInt32>] = [
        0x1000...0x102A, 0x103F...0x103F, 0x1050...0x1055, 0x105A...0x105D, 0x1061...0x1061, 0x1065...0x1066,
        0x106E...0x1070, 0x1075...0x1081, 0x108E...0x108E, 0x1780...0x17B3, 0x1A20...0x1A54, 0x1B0B...0x1B0C,
        0x1B13...0x1B33, 0x1B45...0x1B4C, 0x1B83...0x1BA0, 0x1BAE...0x1BAF, 0x1BBB...0x1BBD, 0xA989...0xA98B,
        0xA98F...0xA9B2, 0xA9E0...0xA9E4, 0xA9E7...0xA9EF, 0xA9FA...0xA9FE, 0xAA60...0xAA6F, 0xAA71...0xAA73,
        0xAA7A...0xAA7A, 0xAA7E...0xAA7F, 0xAAE0...0xAAEA, 0xABC0...0xABDA, 0x10A00...0x10A00, 0x10A10...0x10A13,
        0x10A15...0x10A17, 0x10A19...0x10A35, 0x11103...0x11126, 0x11144...0x11144, 0x11147...0x11147,
        0x11900...0x11906, 0x11909...0x11909, 0x1190C...0x11913, 0x11915...0x11916, 0x11918...0x1192F,
        0x11A00...0x11A00, 0x11A0B...0x11A32, 0x11A50...0x11A50, 0x11A5C...0x11A83, 0x11F04...0x11F10,
        0x11F12...0x11F33,
    ]

    static func isLinkedForeignConsonant(_ v: UInt32) -> Bool {
        guard (v >= 0x1000 && v < 0x1C00) || (v >= 0xA980 && v < 0xAC00) || (v >= 0x10A00 && v < 0x11F40) else {
            return false
        }
        return linkedForeignConsonants.contains { $0.contains(v) }
    }

    /// Whether `scalar` was assigned after Unicode 15.1 (in Unicode 16 or later): the apps' data does not know it.
    static func isUnknownToUnicode15_1(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x088F, let age = scalar.properties.age else { return false }
        return age.major > 15 || (age.major == 15 && age.minor > 1)
    }

    /// The characters of general category Mc that are grapheme extenders in Unicode 15
    /// (Other_Grapheme_Extend); Unicode 16 added more, which Unicode 15 breaks as spacing marks.
    static let unicode15SpacingExtenders: Set<UInt32> = [
        0x09BE, 0x09D7, 0x0B3E, 0x0B57, 0x0BBE, 0x0BD7, 0x0CC2, 0x0CD5, 0x0CD6, 0x0D3E, 0x0D57, 0x0DCF,
        0x0DDF, 0x1B35, 0x302E, 0x302F, 0x1133E, 0x11357, 0x114B0, 0x114BD, 0x115AF, 0x11930, 0x1D165,
        0x1D16E, 0x1D16F, 0x1D170, 0x1D171, 0x1D172,
    ]

    /// The nonspacing marks (Mn, so extenders) of Unicode 15.1 that Unicode 16 made spacing marks
    /// (Mc, not extenders): U+1171E AHOM CONSONANT SIGN MEDIAL RA. `UnicodeVersionTests` finds
    /// every such difference by comparing with Unicode 15.1's data.
    static let unicode15NonspacingMarks: Set<UInt32> = [0x1171E]

    /// Whether `scalar` is a grapheme extender (Grapheme_Cluster_Break = Extend) in Unicode 15.1:
    /// Mn, Me, U+200C, emoji modifiers, tag characters and the spacing extenders above.
    static func isExtender(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x300 { return false }
        if unicode15NonspacingMarks.contains(v) { return true }
        let p = scalar.properties
        guard p.isGraphemeExtend || p.isEmojiModifier, !isUnknownToUnicode15_1(scalar) else { return false }
        return p.generalCategory != .spacingMark || unicode15SpacingExtenders.contains(v)
    }

    /// Whether `scalar` is a prepend mark (Grapheme_Cluster_Break = Prepend) in Unicode 15.1: it joins
    /// whatever follows into one character.
    static func isPrepend(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x600 || isUnknownToUnicode15_1(scalar) { return false }
        var pair = String.UnicodeScalarView()
        pair.append(scalar)
        pair.append("0")
        return String(pair).count == 1
    }
}
