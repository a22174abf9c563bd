import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// Parity with the reference apps on the edge seeds (ENGINE.md §10, `engine-v1-edge.json` and
/// `frames-v1-edge.json`): whitespace-like code points, keyword numbers beside marks and joiners,
/// grapheme clusters, control characters and seeds of up to 10,000 units.
@Suite struct EdgeGoldenTests {
    static let edgeRecords: [CreatureRecord] = {
        (try? JSONDecoder().decode(GoldenParityTests.EngineFile.self,
                                   from: Fixtures.golden("engine-v1-edge.json")).records) ?? []
    }()

    @Test func edgeFileHasEveryRecord() throws {
        let file = try JSONDecoder().decode(GoldenParityTests.EngineFile.self, from: Fixtures.golden("engine-v1-edge.json"))
        #expect(file.engine == EngineVersion.v1.rawValue)
        #expect(file.records.count == 1677)
    }

    @Test(arguments: edgeRecords)
    func everyFieldOfEveryEdgeRecord(_ golden: CreatureRecord) {
        let ours = CreatureRecord(seed: golden.seed)
        #expect(ours == golden, "record for \(golden.seed.debugDescription) differs")
        if ours.environment != golden.environment {
            Issue.record("environment differs: ours \(ours.environment), golden \(golden.environment)")
        }
        if ours.grid != golden.grid {
            let sideBySide = zip(ours.grid, golden.grid).map { ours, golden in ours + "  " + golden }
            Issue.record(Comment(rawValue: "grid differs (ours, golden):\n" + sideBySide.joined(separator: "\n")))
        }
    }

    @Test func everyEdgeFrameSequence() throws {
        let file = try JSONDecoder().decode(GoldenParityTests.FramesFile.self, from: Fixtures.golden("frames-v1-edge.json"))
        #expect(file.engine == EngineVersion.v1.rawValue)
        #expect(file.sequences.count == 100)
        for sequence in file.sequences {
            let prefixes = Evolution.prefixes(of: sequence.seed)
            #expect(prefixes == sequence.frames.map(\.prefix), "prefixes of \(sequence.seed.debugDescription)")
            #expect(Evolution.frameCount(of: sequence.seed) == sequence.frames.count,
                    "frame count of \(sequence.seed.debugDescription)")
            for (prefix, frame) in zip(prefixes, sequence.frames) {
                #expect(Creature(seed: prefix).grid.rows == frame.grid, "frame \(prefix.debugDescription)")
            }
        }
    }
}
