import Testing
import TestSupport
@testable import CreatureCore

/// Seeds, render seeds, evolution prefixes and the speed rule (docs/engine.md §1).
@Suite(.offTheCooperativeThreads) struct SeedRulesTests {
    @Test func whitespaceIsZsAndTabOnly() {
        #expect(Seeds.trim(" \t\u{00A0}\u{2003}Bob \u{3000}") == "Bob")
        #expect(Seeds.trim("\nBob\n") == "\nBob\n")
        #expect(Seeds.trim("   ") == "")
    }

    @Test func asciiWhitespaceIsSpaceAndTabOnly() {
        for value in UInt32(0)...0x7F {
            let scalar = Unicode.Scalar(value)!
            #expect(Seeds.isWhitespace(scalar) == (scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator), "U+\(value)")
        }
        #expect(Seeds.isWhitespace("\u{200B}") && Seeds.isWhitespace("\u{3000}") && !Seeds.isWhitespace("\u{FEFF}"))
    }

    @Test func renderSeedKeepsUntrimmedSeeds() {
        #expect(Seeds.renderSeed("") == " ")
        #expect(Seeds.renderSeed("\t \u{2003}") == " ")
        #expect(Seeds.renderSeed(" Bob") == " Bob")
        #expect(Seeds.renderSeed("\n") == "\n")
        #expect(Creature(seed: "", engine: .v1).grid == Creature(seed: "\t", engine: .v1).grid)
    }

    @Test func evolutionIsOneFramePerGraphemeCluster() {
        #expect(Evolution.prefixes(of: "  ab ") == ["a", "ab"])
        #expect(Evolution.prefixes(of: "👩‍👩‍👧e\u{301}") == ["👩‍👩‍👧", "👩‍👩‍👧e\u{301}"])
        #expect(Evolution.prefixes(of: " \t ").isEmpty)
        #expect(Evolution.frameCount(of: "🇺🇸🇯🇵 x") == 4)
    }

    @Test func speedScalesTheInterval() {
        #expect(Evolution.intervalMs(speed: 0.1) == 300)
        #expect(Evolution.intervalMs(speed: 1.0) == 30)
        #expect(Evolution.intervalMs(speed: 0.5) == 60)
        #expect(Evolution.intervalMs(speed: 7) == 30)
        #expect(Evolution.intervalMs(speed: .nan) == 300)
    }

    @Test(arguments: ["\u{0}", "e\u{301}\u{301}\u{301}", "مرحبا", "\u{202E}abc", "🏳️‍🌈", "\u{FFFF}", "\u{10FFFF}",
                      String(repeating: "𝕏", count: 5000), "\r\n", "\u{1F}"])
    func anyUnicodeDrawsACreature(_ seed: String) {
        let creature = Creature(seed: seed, engine: .v1)
        #expect(creature.grid.cells.count == 1024)
        #expect(creature.grid.cells.allSatisfy { $0 >= -1 && $0 <= 5 })
        #expect(creature.colors.count == 6)
        #expect(Creature(seed: seed, engine: .v1).grid == creature.grid, "deterministic")
    }
}

/// The hash helpers agree with the string-id path for every id form the engine builds.
@Suite(.offTheCooperativeThreads) struct SegmentHashTests {
    @Test func numericIdsMatchTheirStrings() {
        let s = SegmentHash(seed: "probe")
        #expect(s.h("leg_angle_", 2) == s.value("leg_angle_2"))
        #expect(s.h("galaxy_c_", -1) == s.value("galaxy_c_-1"))
        #expect(s.h("tile_", 2, 0) == s.value("tile_2_0"))
        #expect(s.h("galaxy_d_", 31, 15) == s.value("galaxy_d_31_15"))
        #expect(s.appending("galaxy_").h(7, 12) == s.value("galaxy_7_12"))
        #expect(s.h("palette") == s.value("palette"))
    }

    @Test func astralCharactersAreTwoUnits() {
        // "🐙" is the surrogate pair D83D DC19: hashing the scalar must equal hashing its units.
        let scalar = SegmentHash(seed: "🐙").bits53("x")
        let units = SegmentHash(seed: String(decoding: [0xD83D, 0xDC19] as [UInt16], as: UTF16.self)).bits53("x")
        #expect(scalar == units)
        #expect(SegmentHash.pick(0.999, 0) == 0)
        #expect(SegmentHash.pick(0.5, 4) == 2)
    }
}
