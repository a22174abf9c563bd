import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// The linear keyword search and character breaking give the answers of a plain, obviously correct
/// formulation (a regular expression, a scan from every position, Swift's own characters) on
/// generated seeds, and long seeds give the answers of the short seeds they are built from.
@Suite(.offTheCooperativeThreads, .tags(.slow), .notInQuickTier) struct LongSeedReferenceTests {
    static let pairs: [(StaticString, StaticString)] = [
        ("cloud", "clouds"), ("bird", "birds"), ("butterfly", "butterflies"), ("flower", "flowers"),
        ("clover", "clovers"), ("firework", "fireworks"), ("leaf", "leaves"), ("light", "lights"),
    ]
    static let words: [StaticString] = pairs.flatMap { [$0.0, $0.1] } + ["sun", "moon", "christmas"]

    /// Pieces the generated seeds are made of: keywords and parts of them, digits of several scripts,
    /// whitespace and look-alikes, marks, joiners, prepend marks, conjuncts, emoji, case mappings.
    /// (Only characters on which this toolchain's breaking and the apps' Unicode 15.1 agree; the
    /// others are in `EdgeRulesTests`.)
    static let pieces: [String] = [
        "cloud", "clouds", "CLOUD", "bird", "s", "leaf", "leaves", "butterfl", "y", "ies", "sun", "moon",
        "christmas", "light", "Lights", "flower", "clover", "firework", "1", "2", "3", "0", "٣", "१", "\u{1D7D8}",
        "99999999999999999999", " ", " ", "\t", "\u{00A0}", "\u{2003}", "\u{200B}", "\u{0085}", "\n", "\u{000B}",
        "\u{0301}", "\u{0308}", "\u{200D}", "\u{200C}", "\u{0600}", "\u{0903}", "\u{1F3FD}", "\u{E0067}", "क",
        "\u{094D}", "ष", "\u{17D2}", "👩", "🇺", "한", "\u{1161}", "İ", "x", ".",
    ]

    static func generatedSeeds(count: Int, pieces length: Int) -> [String] {
        var state: UInt64 = 2026
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<count).map { _ in (0..<(1 + next() % length)).map { _ in pieces[next() % pieces.count] }.joined() }
    }

    // MARK: The reference formulation

    static func referenceTrim(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        func space(_ c: Unicode.Scalar) -> Bool { c == "\t" || c == "\u{200B}" || c.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !space($0) }), let last = scalars.lastIndex(where: { !space($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// docs/engine.md §8 with `NSRegularExpression` and Swift's characters.
    static func referenceNumber(_ singular: StaticString, _ plural: StaticString, seed: String) -> Int? {
        let w = referenceTrim(seed).lowercased()
        let regex = try! NSRegularExpression(pattern: "(\\d+)\\s*(?:\(singular)|\(plural))")
        guard let match = regex.firstMatch(in: w, range: NSRange(location: 0, length: w.utf16.count)) else { return nil }
        let digits = match.range(at: 1)
        let characterStarts = Set(w.indices.map { $0.utf16Offset(in: w) })
        guard characterStarts.contains(digits.location),
              let n = Int64((w as NSString).substring(with: digits)) else { return nil }
        return Int(min(20, max(1, n)))
    }

    /// The word at every code point position, checking the code point after it.
    static func referenceContains(_ word: StaticString, seed: String) -> Bool {
        let w = Array(referenceTrim(seed).lowercased().unicodeScalars)
        let word = Array("\(word)".unicodeScalars)
        guard word.count <= w.count else { return false }
        return (0...(w.count - word.count)).contains { i in
            guard Array(w[i..<(i + word.count)]) == word else { return false }
            guard i + word.count < w.count else { return true }
            let next = w[i + word.count].properties
            return !(next.isGraphemeExtend || next.isEmojiModifier)
        }
    }

    static func referencePrefixes(_ seed: String) -> [String] {
        let t = referenceTrim(seed)
        return t.indices.map { String(t[...$0]) }
    }

    static func expectReference(_ seed: String) {
        let keywords = Keywords(renderSeed: Seeds.renderSeed(seed))
        for (singular, plural) in pairs {
            #expect(keywords.numberBefore(singular, plural) == referenceNumber(singular, plural, seed: seed),
                    "number before \(singular) in \(seed.debugDescription)")
        }
        for word in words {
            #expect(keywords.contains(word) == referenceContains(word, seed: seed), "\(word) in \(seed.debugDescription)")
        }
    }

    // MARK: Tests

    @Test func generatedSeedsMatchTheReference() {
        for seed in Self.generatedSeeds(count: 600, pieces: 12) {
            Self.expectReference(seed)
            #expect(Evolution.prefixes(of: seed) == Self.referencePrefixes(seed), "frames of \(seed.debugDescription)")
        }
    }

    @Test func longGeneratedSeedsMatchTheReference() {
        for seed in Self.generatedSeeds(count: 6, pieces: 2_000) {
            Self.expectReference(seed)
            let frames = Evolution.Frames(seed)
            let t = Self.referenceTrim(seed)
            let characters = Array(t.indices)
            #expect(frames.count == characters.count)
            #expect(Evolution.frameCount(of: seed) == characters.count)
            for k in [0, frames.count / 2, frames.count - 1] where k >= 0 && k < frames.count {
                #expect(frames[k] == String(t[...characters[k]]))
            }
        }
    }

    /// A 10,000-unit run that holds no match neither adds nor hides one.
    @Test(arguments: ["1a", "\u{0301}", "7 clou", "\u{200B}"])
    func longPaddingKeepsTheShortSeedsAnswers(_ piece: String) {
        let padding = String(repeating: piece, count: 8_000 / piece.utf16.count) + (piece == "\u{200B}" ? "" : ".")
        for seed in Self.generatedSeeds(count: 40, pieces: 8) {
            let short = Keywords(renderSeed: Seeds.renderSeed("." + seed)), long = Keywords(renderSeed: Seeds.renderSeed(padding + seed))
            for (singular, plural) in Self.pairs {
                #expect(long.numberBefore(singular, plural) == short.numberBefore(singular, plural), "\(seed.debugDescription)")
            }
            for word in Self.words { #expect(long.contains(word) == short.contains(word), "\(seed.debugDescription)") }
        }
    }

    @Test func longDigitRunsAndManyNumbers() {
        let longRun = String(repeating: "9", count: 9_990) + " clouds"
        #expect(Environment(seed: longRun, engine: .v1).clouds == Environment.Layer(on: true, count: 6))
        let many = String(repeating: "1a", count: 4_990) + "7 birds"
        #expect(Environment(seed: many, engine: .v1).birds == Environment.Layer(on: true, count: 7))
        #expect(Evolution.frameCount(of: many) == many.count)
    }
}
