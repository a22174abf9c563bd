import Testing
import TestSupport
@testable import CreatureCore

/// The edge rules of docs/engine.md §1 and §8, one spec sentence at a time.
@Suite(.offTheCooperativeThreads) struct EdgeRulesTests {
    @Test func zeroWidthSpaceIsWhitespace() {
        #expect(Seeds.trim("\u{200B}Bob\u{200B}") == "Bob")
        #expect(Seeds.renderSeed("\u{200B}\u{200B}") == " ")
        #expect(Seeds.renderSeed(" \u{200B}") == " ")
        #expect(Evolution.prefixes(of: "\u{200B}Bob") == ["B", "Bo", "Bob"])
        #expect(Creature(seed: "\u{200B}", engine: .v1).grid == Creature(seed: " ", engine: .v1).grid)
        // Other invisible characters are not whitespace.
        for scalar in ["\u{FEFF}", "\u{2060}", "\u{200C}", "\u{180E}", "\n"] {
            #expect(Seeds.trim(scalar + "Bob") == scalar + "Bob")
        }
    }

    @Test func conjunctsJoinOnlyAcrossTheSixViramas() {
        #expect(Evolution.frameCount(of: "\u{0915}\u{094D}\u{0915}") == 1)
        #expect(Evolution.frameCount(of: "\u{1780}\u{17D2}\u{1780}") == 2)
        #expect(Evolution.frameCount(of: "\u{1000}\u{1039}\u{1000}") == 2)
        // Only consonants of the six scripts follow the virama into one character.
        #expect(Evolution.frameCount(of: "\u{0915}\u{094D}\u{0995}") == 1)
        #expect(Evolution.frameCount(of: "\u{0915}\u{094D}\u{1780}") == 2)
        #expect(Evolution.frameCount(of: "\u{0915}\u{094D}\u{1000}\u{0301}") == 2)
        #expect(Evolution.frameCount(of: "\u{0600}\u{1780}") == 1)
        #expect(Evolution.frameCount(of: "\u{0915}\u{094D}\u{0E33}") == 1)
    }

    @Test func charactersNewInUnicode16BreakAsUnassigned() {
        // U+0897 (Unicode 16) is unknown to the apps: it does not join the letter before it.
        #expect(Evolution.prefixes(of: "a\u{0897}b") == ["a", "a\u{0897}", "a\u{0897}b"])
        // U+1B44 became an extender in Unicode 16; as a Unicode 15 spacing mark it ends an emoji ZWJ chain.
        #expect(Evolution.frameCount(of: "\u{1F469}\u{1B44}\u{200D}\u{1F469}") == 2)
        #expect(Evolution.frameCount(of: "\u{1F469}\u{0301}\u{200D}\u{1F469}") == 1)
    }

    @Test func keywordNumbersRunOverCodePoints() {
        #expect(Keywords(renderSeed: "3 cloud\u{0301}s").numberBefore("cloud", "clouds") == 3)
        #expect(Keywords(renderSeed: "3 cloud\u{200D}").numberBefore("cloud", "clouds") == 3)
        #expect(Keywords(renderSeed: "\u{0600}3 birds").numberBefore("bird", "birds") == nil)
        #expect(Keywords(renderSeed: "x\u{0600}3 birds").numberBefore("bird", "birds") == nil)
        #expect(Keywords(renderSeed: "\u{0600}x3 birds").numberBefore("bird", "birds") == 3)
        // Only the first match counts, even when its digits do not parse.
        #expect(Keywords(renderSeed: "٣ birds 4 birds").numberBefore("bird", "birds") == nil)
        #expect(Keywords(renderSeed: "99999999999999999999 birds 4 birds").numberBefore("bird", "birds") == nil)
        #expect(Keywords(renderSeed: "0 birds").numberBefore("bird", "birds") == 1)
        #expect(Keywords(renderSeed: "000000000000000000000000000042 Leaves").numberBefore("leaf", "leaves") == 20)
        #expect(Keywords(renderSeed: "3 4\u{00A0}\u{0085}\nleaf").numberBefore("leaf", "leaves") == 4)
        #expect(Keywords(renderSeed: "3\u{200B}leaf").numberBefore("leaf", "leaves") == nil)
        // A Garay digit (Unicode 16) is no digit to the apps, so "1" begins the first match.
        #expect(Keywords(renderSeed: "\u{10D43}1 birds").numberBefore("bird", "birds") == 1)
        #expect(Keywords(renderSeed: "\u{0663}1 birds").numberBefore("bird", "birds") == nil)
    }

    @Test func containsSkipsWordsFollowedByAnExtender() {
        #expect(!Keywords(renderSeed: "moon\u{0308}").contains("moon"))
        #expect(!Keywords(renderSeed: "sun\u{0301}").contains("sun"))
        #expect(!Keywords(renderSeed: "sun\u{1F3FD}").contains("sun"))
        #expect(!Keywords(renderSeed: "sun\u{E0067}").contains("sun"))
        #expect(Keywords(renderSeed: "christmas\u{200D}").contains("christmas"))
        #expect(Keywords(renderSeed: "sun\u{0903}").contains("sun"))
        #expect(Keywords(renderSeed: "\u{0600}birds").contains("birds"))
        #expect(Keywords(renderSeed: "sun\u{0897}").contains("sun"))
        #expect(Keywords(renderSeed: "sun\u{1B44}").contains("sun"))
        #expect(Keywords(renderSeed: "moon\u{0308} MOON").contains("moon"))
        #expect(Environment(seed: "christmas\u{200D}", engine: .v1).christmasLights.on)
        #expect(Environment(seed: "3 cloud\u{0301}s", engine: .v1).clouds.count == 3)
    }
}
