import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// docs/engine.md §7–9: taps, environment keywords, names, share links, clock.
@Suite(.offTheCooperativeThreads) struct AroundTheEngineTests {
    @Test func displayNameRules() {
        #expect(Naming.displayName(name: "Rex", seed: "abc") == "Rex")
        #expect(Naming.displayName(name: " \t", seed: "  abc ") == "abc")
        #expect(Naming.displayName(name: "", seed: String(repeating: "a", count: 30)) == String(repeating: "a", count: 30))
        #expect(Naming.displayName(name: "", seed: String(repeating: "b", count: 31)) == String(repeating: "b", count: 27) + "...")
        #expect(Naming.displayName(name: "", seed: "   ") == "Untitled")
    }

    @Test func exportFileNameRules() {
        #expect(Naming.exportFileName(name: "", seed: " a/b:c  d ", fileExtension: "png") == "a_b_c_d.png")
        #expect(Naming.exportFileName(name: "My  Pet?", seed: "x", fileExtension: "gif") == "My_Pet.gif")
        #expect(Naming.exportFileName(name: "", seed: "///", fileExtension: "jpg") == "creature-avatar.jpg")
        #expect(Naming.exportFileName(name: "__a__b__", seed: "", fileExtension: "png") == "a_b.png")
        #expect(Naming.exportBaseName(name: String(repeating: "z", count: 100), seed: "").count == 80)
    }

    /// The one-pass base name of ASCII text is the scalar-by-scalar one, on random names and seeds
    /// made of what the rules treat specially (separators, controls, `_`, `.`, spaces, tabs).
    @Test func asciiBaseNameIsTheScalarOne() {
        var rng = SeededGenerator(seed: 5)
        let alphabet = Array("ab._ \t/:*?\"<>|\u{1}\u{7F}\r\nZ9-")
        func text() -> String {
            let length = [0, 1, 2, 5, 40, 79, 80, 81, 90, 200][Int(rng.next() % 10)]
            return String((0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
        for _ in 0..<5_000 {
            let (name, seed) = (text(), text())
            #expect(Naming.asciiBaseName(name: name, seed: seed) == Naming.scalarBaseName(name: name, seed: seed),
                    "name \(name.debugDescription), seed \(seed.debugDescription)")
            for ext in ["png", "svg", "a.b", "x:y", ""] {
                #expect(Naming.exportFileName(name: name, seed: seed, fileExtension: ext)
                        == Naming.safeFileName(base: Naming.scalarBaseName(name: name, seed: seed), fileExtension: ext))
            }
        }
        #expect(Naming.asciiBaseName(name: "é", seed: "") == nil)
        #expect(Naming.asciiBaseName(name: " ", seed: "日本") == nil)
        #expect(Naming.asciiBaseName(name: "Bob", seed: "日本") == "Bob")
        #expect(Naming.exportFileName(name: "con", seed: "", fileExtension: "png") == "con_.png")
    }

    @Test func shareLinkRoundTripsAnySeeds() throws {
        let seeds = ["Bob", "a/b", "\"quoted\" \\ back", "tab\there", "\u{1}", "🐙 octopus", "日本語", "line\nbreak"]
        let link = ShareLink.build(seeds: seeds)
        #expect(link.hasPrefix(ShareLink.base))
        #expect(!link.dropFirst(ShareLink.base.count).contains("="), "no padding")
        #expect(try ShareLink.parse(link) == seeds)
        #expect(try ShareLink.parse(link.replacingOccurrences(of: "https://nathanfennel.com/games/creature-avatar", with: "fonsters://import")) == seeds)
    }

    @Test func shareLinkJSONIsWhatJavaScriptWrites() {
        // JSON.stringify(["a/b", "é", "\u0001\n\"\\"]) keeps / and é, escapes the rest.
        let link = ShareLink.build(seeds: ["a/b", "é", "\u{1}\n\"\\"])
        let cards = String(link.dropFirst(ShareLink.base.count)).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let json = Data(base64Encoded: cards + String(repeating: "=", count: (4 - cards.count % 4) % 4)).map { String(decoding: $0, as: UTF8.self) }
        #expect(json == "[\"a/b\",\"é\",\"\\u0001\\n\\\"\\\\\"]")
        // JSON.stringify(["Bob"]) is ["Bob"]; its base64url is WyJCb2IiXQ.
        #expect(ShareLink.build(seeds: ["Bob"]) == ShareLink.base + "WyJCb2IiXQ")
    }

    @Test func shareLinkAcceptsPlainBase64AndPercentEncoding() throws {
        let plain = Data("[\"??>\"]".utf8).base64EncodedString()  // has '/' or '+' and padding
        #expect(try ShareLink.parse("https://x.example/?a=1&cards=" + plain) == ["??>"])
        let encoded = plain.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(try ShareLink.parse("https://x.example/?cards=" + encoded + "#top") == ["??>"])
    }

    @Test func badShareLinksGiveSpecificErrors() {
        #expect(throws: ShareLink.ParseError.noCards) { try ShareLink.parse("https://example.com/") }
        #expect(throws: ShareLink.ParseError.notBase64) { try ShareLink.parse("x?cards=%%%") }
        #expect(throws: ShareLink.ParseError.notBase64) { try ShareLink.parse("x?cards=") }
        #expect(throws: ShareLink.ParseError.notJSON) { try ShareLink.parse("x?cards=" + ShareLink.base64url(Array("nope".utf8))) }
        #expect(throws: ShareLink.ParseError.notArrayOfStrings) { try ShareLink.parse("x?cards=" + ShareLink.base64url(Array("[1]".utf8))) }
        #expect(throws: ShareLink.ParseError.notArrayOfStrings) { try ShareLink.parse("x?cards=" + ShareLink.base64url(Array("{}".utf8))) }
        #expect(throws: ShareLink.ParseError.empty) { try ShareLink.parse("x?cards=" + ShareLink.base64url(Array("[]".utf8))) }
        let many = ShareLink.build(seeds: Array(repeating: "a", count: 100_000))
        #expect(throws: ShareLink.ParseError.tooMany(count: 100_000, limit: 1000)) { try ShareLink.parse(many) }
    }

    @Test func shareLinkCarriesNamesAndEnginesInMeta() throws {
        let cards = [ShareLink.Card(seed: "hello", name: "Héllo & co", engine: .v1), ShareLink.Card(seed: "b"),
                     ShareLink.Card(seed: "c", engine: .v2)]
        let link = ShareLink.build(cards: cards)
        #expect(link.hasPrefix(ShareLink.build(seeds: ["hello", "b", "c"]) + "&meta="), "the apps' cards come first, unchanged")
        #expect(try ShareLink.parseCards(link) == cards)
        #expect(try ShareLink.parse(link) == ["hello", "b", "c"], "a reader of cards only sees the seeds")
        // meta is [{"n":"Héllo & co","e":"fonsters-v1"},{},{"e":"fonsters-v2"}]
        let meta = try #require(ShareLink.parameter("meta", of: link)).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let json = Data(base64Encoded: meta + String(repeating: "=", count: (4 - meta.count % 4) % 4)).map { String(decoding: $0, as: UTF8.self) }
        #expect(json == #"[{"n":"Héllo & co","e":"fonsters-v1"},{},{"e":"fonsters-v2"}]"#)
        // Without names or engines, the link is the apps' own.
        #expect(ShareLink.build(cards: [ShareLink.Card(seed: "Bob")]) == ShareLink.base + "WyJCb2IiXQ")
        #expect(try ShareLink.parseCards(ShareLink.base + "WyJCb2IiXQ") == [ShareLink.Card(seed: "Bob")])
    }

    @Test func badShareLinkMetaGivesSpecificErrors() throws {
        let cards = ShareLink.build(seeds: ["a", "b"])
        func meta(_ json: String) -> String { cards + "&meta=" + ShareLink.base64url(Array(json.utf8)) }
        #expect(throws: ShareLink.ParseError.badMeta("is not base64url text")) { try ShareLink.parseCards(cards + "&meta=%%") }
        #expect(throws: ShareLink.ParseError.badMeta("does not decode to JSON")) { try ShareLink.parseCards(meta("nope")) }
        #expect(throws: ShareLink.ParseError.badMeta("is not a list")) { try ShareLink.parseCards(meta("{}")) }
        #expect(throws: ShareLink.ParseError.badMeta("holds 3 entries for 2 seeds")) { try ShareLink.parseCards(meta("[{},{},{}]")) }
        #expect(throws: ShareLink.ParseError.badMeta("entry 1 is not an object")) { try ShareLink.parseCards(meta("[{},3]")) }
        #expect(throws: ShareLink.ParseError.badMeta("entry 0's name is not text")) { try ShareLink.parseCards(meta(#"[{"n":1},{}]"#)) }
        #expect(throws: ShareLink.ParseError.badMeta("entry 0's engine is not one of fonsters-v1, fonsters-v2")) {
            try ShareLink.parseCards(meta(#"[{"e":"fonsters-v9"},{}]"#))
        }
        // Members it does not know are ignored.
        #expect(try ShareLink.parseCards(meta(#"[{"x":1},{"n":"B"}]"#)) == [ShareLink.Card(seed: "a"), ShareLink.Card(seed: "b", name: "B")])
    }

    @Test func tapKindsUseTheSaltedRawSeed() {
        let first = TapAnimation.kind(seed: "Bob", tap: 0, engine: .v1)
        #expect(first == TapAnimation.allCases[SegmentHash(seed: "Bob").pick("tap_animation", 21)])
        #expect(TapAnimation.kind(seed: "Bob", tap: 2, engine: .v1) == TapAnimation.allCases[SegmentHash(seed: "Bob_2").pick("tap_animation", 21)])
        #expect(TapAnimation.allCases.count == 21)
    }

    @Test func tapTransformsFollowTheSpec() {
        let size = 200.0
        #expect(TapAnimation.slideOffAndBack.transform(t: 0.5, size: size).offsetX == 100)
        #expect(TapAnimation.push.transform(t: 0, size: size).offsetX == -200)
        #expect(TapAnimation.squishAndPop.transform(t: 1, size: size).scaleY == 0.75)
        #expect(TapAnimation.dissolve.transform(t: 0.25, size: size).opacity == 0.75)
        #expect(TapAnimation.explode.transform(t: 0.75, size: size).overlay == .explode(burst: 0.75, flash: 0.8 * 0.25))
        #expect(TapAnimation.bounceIn.transform(t: 0.5, size: size).offsetY == 0)
        #expect(abs(TapAnimation.bounceIn.transform(t: 0, size: size).offsetY - (-60)) < 1e-12)
        #expect(TapAnimation.blink.transform(t: 0, size: size).overlay == .topBand(opacity: 0, offset: 0))
    }

    @Test func environmentKeywordEdges() {
        #expect(Environment(seed: "0 clouds", engine: .v1).clouds.count == 1)
        #expect(Environment(seed: "3\u{2003}birds", engine: .v1).birds.count == 3)
        #expect(Environment(seed: "9223372036854775807 leaves", engine: .v1).leaves.count == 20)
        #expect(Environment(seed: "LIGHT", engine: .v1).christmasLights.count == nil)
        #expect(Environment(seed: "7 light", engine: .v1).christmasLights == .init(on: true, count: 7))
        #expect(Environment(seed: "a butterfly", engine: .v1).butterflies.count == 1)
    }

    @Test func clockSeedIsSecondsPrecisionWithOffset() {
        let date = Date(timeIntervalSince1970: 1_795_800_600)
        let seed = Clock.seed(at: date, timeZone: TimeZone(secondsFromGMT: -8 * 3600)!)
        #expect(seed == "2026-11-27T09:30:00-08:00")
    }

    @Test func altTextIsOneSentence() {
        for seed in ["Bob", "", "cloud", "The quick brown fox jumps over the lazy dog"] {
            let text = AltText.sentence(for: Creature(seed: seed, engine: .v1))
            #expect(text.hasPrefix("A "))
            #expect(text.hasSuffix("."))
            #expect(text.filter { $0 == "." }.count == 1)
        }
    }
}
