import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// Parity with the apps' later engine (docs/engine.md §11): every field of every v2 golden record,
/// every h₂ vector and every frame, with v1 untouched beside it.
@Suite(.offTheCooperativeThreads) struct V2GoldenTests {
    static let engineRecords: [CreatureRecord] = {
        let file = try? Fixtures.golden("engine-v2.json", as: GoldenParityTests.EngineFile.self)
        return file?.engine == EngineVersion.v2.rawValue ? file!.records : []
    }()

    @Test func hashVectorsMatchExactly() throws {
        try GoldenParityTests.expectHashVectors("hash-v2.json", SegmentHashV2.self, engine: .v2, count: 270)
    }

    @Test func goldenFileHasEveryRecord() {
        #expect(Self.engineRecords.count == 1316)
    }

    @Test(arguments: engineRecords)
    func everyFieldOfEveryRecord(_ golden: CreatureRecord) {
        GoldenParityTests.expectMatch(golden, engine: .v2)
    }

    @Test func everyFrameSequence() throws {
        try GoldenParityTests.expectFrames("frames-v2.json", engine: .v2, count: 28)
    }

    @Test func v2IsTheDefaultAndDiffersFromV1() {
        #expect(EngineVersion.current == .v2)
        #expect(Creature(seed: "Bob", engine: .v1).engine == .v1)
        #expect(CreatureRecord(seed: "Bob", engine: .v1) == CreatureRecord(seed: "Bob", engine: .v1))
        #expect(CreatureRecord(seed: "Bob", engine: .v1) != CreatureRecord(seed: "Bob", engine: .v2))
        #expect(SegmentHash(seed: "Bob").bits53("palette") != SegmentHashV2(seed: "Bob").bits53("palette"))
    }

    @Test func prominentBoostLeavesThreeOrMoreFeaturesOnInEveryCreature() {
        for record in Self.engineRecords where record.mode == "creature" {
            let on = [record.eyes, record.mouth, record.appendages, record.body, record.eyebrows].filter { $0 }.count
            #expect(on >= 3, "\(record.seed.debugDescription) has \(on) prominent features")
            #expect((3...5).contains(record.tier))
        }
    }

    @Test func colourBoostFollowsTheSpec() {
        // Greys scale lightness by 1.2 (capped); a saturated colour keeps its hue.
        #expect(V2Colors.boost(RGBA(hex: "#888888")!).hex == "a3a3a3")
        #expect(V2Colors.boost(RGBA(hex: "#ffffff")!).hex == "ffffff")
        #expect(V2Colors.boost(RGBA(hex: "#000000")!).hex == "000000")
        #expect(V2Colors.boost(RGBA(hex: "#ff0000")!).hex == "ff3333")
    }
}
