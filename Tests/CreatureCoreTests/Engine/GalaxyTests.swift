import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// Galaxies (docs/engine.md §5.4), drawn with per-column hashes, a table of angles and the shortcut
/// past R/2, give the cells of a cell-by-cell reference written from the spec, for both engines.
@Suite(.offTheCooperativeThreads) struct GalaxyTests {
    /// §5.4's galaxy, every cell with its own ids, then the horizontal mirror of §5.
    static func reference(_ s: some SegmentHashing, _ c: Configuration) -> [Int8] {
        let bg: Int8 = c.opaqueBackground ? 0 : -1, fill: Int8 = c.opaqueBackground ? 1 : 0, accent1: Int8 = 2
        let yMax = c.axis == .horizontal ? 16 : 32
        var cells = [Int8](repeating: bg, count: 1024)
        let arms = 2 + s.pick("galaxy_arms", 2), R = 6 + 6 * s.h("galaxy_r")
        for y in 0..<yMax {
            for x in 0..<32 {
                let dx = Double(x) - 15.5, dy = Double(y) - 15.5
                let d = (dx * dx + dy * dy).squareRoot(), a = atan2(dy, dx)
                let arm = Int(a / (2 * Double.pi) * Double(arms) + 0.2 * s.value("galaxy_\(x)_\(y)")) % arms
                if d < R + 3 * Double(arms) && d > s.value("galaxy_d_\(x)_\(y)") * R * 0.5 {
                    cells[y * 32 + x] = s.value("galaxy_c_\(arm)") < 0.5 ? fill : accent1
                }
            }
        }
        if c.axis == .horizontal {
            for x in 0..<32 { for y in 16..<31 { cells[y * 32 + x] = cells[(30 - y) * 32 + x] } }
        }
        return cells
    }

    /// Seeds that draw galaxies (mode space, space kind 3), found among the first hex digits of
    /// MD5s of counting numbers; the first two of each engine have the horizontal axis.
    static let seeds: [EngineVersion: [String]] = [
        .v1: ["f033ab37c302", "f4be00279ee2", "9b8619251a19", "acc3e0404646", "a8e864d04c95", "5c936263f342",
              "ca75910166da", "fb2fcd534b0f", "7bccfde7714a", "bc7316929fe1", "2cb6b10338a7", "f542eae19493"],
        .v2: ["e6bfd79be503", "548951f3b74b", "5fd0b37cd7db", "0d0fd7c6e093", "2cd4e8a2ce08", "95f8d9901ca8",
              "fc79250f8c5b", "3083202a936b", "781397bc0630", "dc0439caeb74", "91f5738a8274", "e3b0ab92511c"],
    ]

    @Test(arguments: EngineVersion.allCases) func galaxiesMatchTheReference(engine: EngineVersion) throws {
        let seeds = try #require(Self.seeds[engine])
        for (i, seed) in seeds.enumerated() {
            let creature = Creature(seed: seed, engine: engine), c = creature.configuration
            let kind = engine == .v1 ? SegmentHash(seed: seed).pick("space_kind", 4) : SegmentHashV2(seed: seed).pick("space_kind", 4)
            #expect(c.mode == .space && kind == 3, "\(seed) is no longer a galaxy")
            #expect(c.axis == (i < 2 ? .horizontal : .vertical), "\(seed)")
            let expected = engine == .v1 ? Self.reference(SegmentHash(seed: seed), c) : Self.reference(SegmentHashV2(seed: seed), c)
            #expect(creature.grid.cells == expected, "\(engine.rawValue) galaxy \(seed)")
        }
    }
}
