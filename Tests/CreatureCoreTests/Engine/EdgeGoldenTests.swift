import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// Parity with the reference apps on the edge seeds (docs/engine.md §10, `engine-v1-edge.json` and
/// `frames-v1-edge.json`): whitespace-like code points, keyword numbers beside marks and joiners,
/// grapheme clusters, control characters and seeds of up to 10,000 units.
@Suite(.offTheCooperativeThreads) struct EdgeGoldenTests {
    static let edgeRecords: [CreatureRecord] = {
        (try? Fixtures.golden("engine-v1-edge.json", as: GoldenParityTests.EngineFile.self).records) ?? []
    }()

    @Test func edgeFileHasEveryRecord() throws {
        let file = try Fixtures.golden("engine-v1-edge.json", as: GoldenParityTests.EngineFile.self)
        #expect(file.engine == EngineVersion.v1.rawValue)
        #expect(file.records.count == 1677)
    }

    @Test(arguments: edgeRecords)
    func everyFieldOfEveryEdgeRecord(_ golden: CreatureRecord) {
        GoldenParityTests.expectMatch(golden, engine: .v1)
    }

    @Test func everyEdgeFrameSequence() throws {
        try GoldenParityTests.expectFrames("frames-v1-edge.json", engine: .v1, count: 100)
    }
}
