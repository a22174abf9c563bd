import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// The impossibility rules against the engine itself: no sampled creature has a combination the
/// rules call impossible (every creature's full set of traits must be called possible, and any
/// impossible subset would make it impossible), and combinations called possible do occur.
/// `FONSTERS_SAMPLES` sets the sample size (default 50,000 configurations and 5,000 drawings
/// in these debug tests; `FONSTERS_SAMPLES=1000000` for the full million).
@Suite(.offTheCooperativeThreads) struct ImpossibilitySamplingTests {
    static let samples = ProcessInfo.processInfo.environment["FONSTERS_SAMPLES"].flatMap { Int($0) } ?? 50_000

    /// Sampled seed `i`: 3–14 letters, digits and spaces drawn from a fixed pseudo-random stream
    /// (v1's hash barely moves for changes at the end of a seed, so counted seeds such as
    /// `s1`, `s2`… would cover little of v1's range).
    static func seed(_ i: Int) -> String {
        var x = UInt64(i) &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> UInt64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ")
        return String((0..<(3 + Int(next() % 12))).map { _ in letters[Int(next() % UInt64(letters.count))] })
    }

    static let possibleCombinations: [EngineVersion: [String]] = [
        .v1: ["antlers,mode=creature", "tier=1,shapeMask=circle", "mode=space,tier=5", "mode=cloud,tier=4",
              "symmetric=false,tier=3", "appendages,tier=3", "colorCount=6", "creatureType=alien,mode=space",
              "horn,antlers,beard", "opaqueBackground,mode=flower", "shapeMask=hexagon,eyes", "upsideDown,appendages"],
        .v2: ["tier=3,appendages", "eyes=false,mouth=false,appendages=false", "eyes=false,mouth=false,tier=5,mode=creature",
              "shapeMask=ellipse", "appendageCount=8,appendageStyle=tentacle", "shapeMask=triangle,tier=4",
              "body,tier=5", "mode=repeating,tier=3"],
    ]
    static let possibleDrawnCombinations: [EngineVersion: [String]] = [
        .v1: ["colors=2,mode=creature,tier=3", "colors=3,tier=4", "colors=2,mode=flower,tier=3",
              "colors=1,tier=1", "color=#e94560~0"],
        .v2: ["colors=3,tier=4", "colors=4,mode=creature", "colors=2,mode=creature,tier=3"],
    ]

    @Test(arguments: EngineVersion.allCases)
    func noConfigurationIsCalledImpossibleAndPossibleOnesOccur(engine: EngineVersion) throws {
        let combos = try Self.possibleCombinations[engine]!.map { try SearchWants.parse($0) }
        var seen = [Bool](repeating: false, count: combos.count)
        for i in 0..<Self.samples {
            let seed = Self.seed(i)
            let render = Seeds.renderSeed(seed)
            let c = engine == .v1 ? Configuration(hash: SegmentHash(seed: render), engine: .v1)
                                  : Configuration(hash: SegmentHashV2(seed: render), engine: .v2)
            for (k, combo) in combos.enumerated() where !seen[k] {
                seen[k] = combo.wants.allSatisfy { $0.isMet(by: c, seed: seed, engine: engine) }
            }
            let error = try Self.allWants(c).impossibility(engine: engine)
            #expect(error == nil, "\(seed.debugDescription) has a combination called impossible: \(error?.message ?? "")")
            if error != nil { return }
        }
        for (k, text) in Self.possibleCombinations[engine]!.enumerated() {
            #expect(seen[k], "\(text) never occurred in \(Self.samples) \(engine.rawValue) samples")
        }
    }

    /// Every configuration trait as `c` has it (features as shown, docs/engine.md §5).
    static func allWants(_ c: Configuration) throws -> SearchWants {
        func shown(_ flag: Bool, _ minTier: Int = 4) -> Bool { flag && c.mode == .creature && c.tier >= minTier }
        var wants: [SearchWant] = [
            SearchWant(.mode, .text(c.mode.rawValue)), SearchWant(.tier, .int(c.tier)),
            SearchWant(.creatureType, .text(c.creatureType.rawValue)), SearchWant(.symmetric, .bool(c.symmetric)),
            SearchWant(.symmetryAxis, .text(c.axis.rawValue)), SearchWant(.diagonal, .bool(c.diagonal)),
            SearchWant(.upsideDown, .bool(c.upsideDown)), SearchWant(.opaqueBackground, .bool(c.opaqueBackground)),
            SearchWant(.shapeMask, .text(c.shapeMask.name)), SearchWant(.colorCount, .int(c.colorCount)),
            SearchWant(.eyes, .bool(shown(c.eyes))), SearchWant(.mouth, .bool(shown(c.mouth))), SearchWant(.nose, .bool(shown(c.nose))),
            SearchWant(.body, .bool(shown(c.body))), SearchWant(.hair, .bool(shown(c.hair))), SearchWant(.eyebrows, .bool(shown(c.eyebrows))),
            SearchWant(.beard, .bool(shown(c.beard))), SearchWant(.ears, .bool(shown(c.ears))), SearchWant(.horn, .bool(shown(c.horn))),
            SearchWant(.antlers, .bool(shown(c.antlers))), SearchWant(.appendages, .bool(shown(c.appendages, 3))),
        ]
        if shown(c.eyes) { wants.append(SearchWant(.eyeShape, .text(c.eyeShape.rawValue))) }
        if shown(c.mouth) { wants.append(SearchWant(.mouthStyle, .text(c.mouthStyle.rawValue))) }
        if shown(c.appendages, 3) {
            wants += [SearchWant(.appendageCount, .int(c.appendageCount)), SearchWant(.appendageStyle, .text(c.appendageStyle.rawValue)),
                      SearchWant(.appendageRadial, .bool(c.appendageRadial))]
        }
        return SearchWants(wants)
    }

    @Test(arguments: EngineVersion.allCases)
    func noPictureIsCalledImpossibleAndPossibleOnesOccur(engine: EngineVersion) throws {
        let combos = try Self.possibleDrawnCombinations[engine]!.map { try SearchWants.parse($0) }
        var seen = [Bool](repeating: false, count: combos.count)
        for i in 0..<(Self.samples / 10) {
            let creature = Creature(seed: Self.seed(i), engine: engine)
            let record = CreatureRecord(creature)
            let wants = try RecordJudge.allWants(record, drawing: true)
            let error = wants.impossibility(engine: engine)
            #expect(error == nil, "\(creature.seed.debugDescription) has a combination called impossible: \(error?.message ?? "")")
            if error != nil { return }
            for (k, combo) in combos.enumerated() where !seen[k] {
                seen[k] = combo.wants.allSatisfy { RecordJudge.has($0, record) }
            }
        }
        for (k, text) in Self.possibleDrawnCombinations[engine]!.enumerated() {
            #expect(seen[k], "\(text) never occurred in \(Self.samples / 10) \(engine.rawValue) drawings")
        }
    }

    /// The colours a configuration can show (`Picture.possibleColours`, which rules colour wants
    /// out before drawing) hold every colour its drawing shows; and it does rule some out.
    @Test(arguments: EngineVersion.allCases)
    func everyShownColourIsAPossibleOne(engine: EngineVersion) throws {
        var ruledOutSix = 0
        for i in 0..<(Self.samples / 10) {
            let creature = Creature(seed: Self.seed(i), engine: engine)
            let possible = Picture.possibleColours(engine, creature.configuration)
            let numbers = Set((0..<possible.count).map { possible.numbers[$0] })
            let shown = Set(Picture(creature).cells).subtracting([0])
            #expect(shown.isSubset(of: numbers), "\(creature.seed.debugDescription): shows \(shown.sorted()), possible \(numbers.sorted())")
            if !shown.isSubset(of: numbers) { return }
            if possible.count < 6 { ruledOutSix += 1 }
        }
        #expect(ruledOutSix > 0, "some configuration cannot show six colours")
    }
}
