import Foundation
import Testing
@testable import CreatureCore
import TestSupport

/// The fast drawing paints exactly what docs/engine.md §5, drawn as worded (`ReferenceDrawing`),
/// paints — on seeds beyond the goldens, chosen so that every mode, space kind, mask, eye shape,
/// appendage layout and rarely drawn feature comes up, for both engines.
///
/// `FONSTERS_REFERENCE_CANDIDATES=n` draws from `n` candidate seeds per engine instead of 30,000,
/// and `FONSTERS_REFERENCE_PER_TRAIT=m` keeps `m` seeds per trait instead of 12 (in release, with
/// `-Xswiftc -enable-testing`, millions of seeds can be compared).
@Suite(.offTheCooperativeThreads, .tags(.slow), .notInQuickTier) struct ReferenceDrawingTests {
    static let candidates = ProcessInfo.processInfo.environment["FONSTERS_REFERENCE_CANDIDATES"].flatMap { Int($0) } ?? 30_000
    static let perTrait = ProcessInfo.processInfo.environment["FONSTERS_REFERENCE_PER_TRAIT"].flatMap { Int($0) } ?? 12

    /// Characters seeds are made of: letters, digits, keyword pieces, spaces and other scripts.
    static let pieces = ["a", "e", "o", "x", "z", "Q", "7", "0", "42", " ", "-", "!", "é", "ß", "ñ", "Ω", "ж", "ক", "中", "🐙",
                         "moon", "cloud", "bird", "star", "fonster", "\u{301}", "\u{200B}", "\t"]

    static func randomSeed(_ rng: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    /// What sets the configuration `engine` draws from `hash` apart: one key per rare trait it has.
    static func traits(_ hash: some SegmentHashing, _ engine: EngineVersion) -> [String] {
        let c = Configuration(hash: hash, engine: engine)
        if c.mode != .creature {
            return [c.mode == .space ? "space \(hash.pick("space_kind", 4))" : c.mode.rawValue]
                + (c.axis == .horizontal ? ["\(c.mode.rawValue) horizontal"] : [])
        }
        var keys = ["tier \(c.tier)", "mask \(c.shapeMask.name)", "eyes \(c.eyeShape.rawValue)"]
        if c.tier <= 2 { return keys }
        if c.appendages {
            keys.append("\(c.appendageCount) \(c.appendageStyle.rawValue)\(c.appendageRadial ? " radial" : "")\(c.upsideDown ? " upside down" : "")")
        }
        let flags: [(Bool, String)] = [(c.horn, "horn"), (c.antlers, "antlers"), (c.ears, "ears"), (c.hair, "hair"), (c.beard, "beard"),
                                       (c.body, "body"), (c.nose, "nose"), (c.eyebrows, "eyebrows"), (c.mouth, "mouth"),
                                       (c.upsideDown, "upside down"), (!c.symmetric, "asymmetric"), (c.axis == .horizontal, "horizontal"),
                                       (c.opaqueBackground, "opaque"), (c.creatureType == .alien, "alien")]
        keys += flags.filter(\.0).map { "\($0.1) at tier \(c.tier)" }
        return keys
    }

    /// Seeds of `engine` for the comparison: for each trait, the first seeds that have it.
    static func seeds(_ engine: EngineVersion) -> [String] {
        var rng = SeededGenerator(seed: engine == .v1 ? 101 : 202)
        var counts: [String: Int] = [:], chosen: [String] = []
        for _ in 0..<candidates {
            let seed = randomSeed(&rng)
            let render = Seeds.renderSeed(seed)
            let keys = engine == .v1 ? traits(SegmentHash(seed: render), .v1) : traits(SegmentHashV2(seed: render), .v2)
            if keys.contains(where: { counts[$0, default: 0] < perTrait }) {
                chosen.append(seed)
                for key in keys { counts[key, default: 0] += 1 }
            }
        }
        return chosen
    }

    static func reference(_ seed: String, _ engine: EngineVersion) -> [Int8] {
        let render = Seeds.renderSeed(seed)
        return engine == .v1 ? ReferenceDrawing.grid(SegmentHash(seed: render), .v1) : ReferenceDrawing.grid(SegmentHashV2(seed: render), .v2)
    }

    @Test(arguments: [EngineVersion.v1, .v2])
    func fastDrawingIsTheWordedDrawing(_ engine: EngineVersion) {
        let seeds = Self.seeds(engine)
        #expect(seeds.count > 300, "too few seeds chosen: \(seeds.count)")
        var modes = Set<String>(), failures = 0
        for seed in seeds {
            let creature = Creature(seed: seed, engine: engine)
            modes.insert(creature.configuration.mode.rawValue)
            var reference = Grid()
            reference.cells = Self.reference(seed, engine)
            if creature.grid.cells != reference.cells {
                failures += 1
                // The first few are shown; the rest are counted.
                guard failures <= 5 else { continue }
                let sideBySide = zip(creature.grid.rows, reference.rows).map { $0 + "  " + $1 }.joined(separator: "\n")
                Issue.record("\(engine.rawValue) seed \(seed.debugDescription) (\(creature.configuration)): fast, worded\n\(sideBySide)")
            }
        }
        #expect(failures == 0, "\(failures) of \(seeds.count) \(engine.rawValue) seeds differ")
        #expect(modes.count == 5, "modes drawn: \(modes.sorted())")
        print("\(engine.rawValue): \(seeds.count) seeds drawn both ways")
    }

    /// The reference is the spec as the apps drew it: it reproduces every golden grid.
    @Test func referenceDrawsTheGoldenGrids() throws {
        for file in ["engine-v1.json", "engine-v1-edge.json", "engine-v2.json"] {
            let records = try Fixtures.golden(file, as: GoldenParityTests.EngineFile.self).records
            let engine: EngineVersion = file.contains("v2") ? .v2 : .v1
            for record in records {
                var grid = Grid()
                grid.cells = Self.reference(record.seed, engine)
                #expect(grid.rows == record.grid, "\(file) seed \(record.seed.debugDescription)")
            }
        }
    }
}
