import Foundation
import Testing
import TestSupport
import CreatureCore

/// The `describe` face, run as a real process: it must print the golden records exactly.
@Suite struct DescribeCommandTests {
    struct EngineFile: Decodable { let records: [CreatureRecord] }

    @Test func describeStdinReproducesEveryGoldenRecord() throws {
        let golden = try JSONDecoder().decode(EngineFile.self, from: Fixtures.golden("engine-v1.json")).records
        let seeds = try JSONEncoder().encode(golden.map(\.seed))
        let result = try BuiltExecutable.run(["describe", "--stdin"], stdin: seeds)
        #expect(result.status == 0, "\(result.stderrText)")
        let ours = try JSONDecoder().decode([CreatureRecord].self, from: result.stdout)
        #expect(ours.count == golden.count)
        for (a, b) in zip(ours, golden) { #expect(a == b, "record for \(b.seed.debugDescription)") }
    }

    @Test func describeArgumentsKeepSeedsVerbatim() throws {
        let result = try BuiltExecutable.run(["describe", " Bob", "é"])
        #expect(result.status == 0)
        let ours = try JSONDecoder().decode([CreatureRecord].self, from: result.stdout)
        #expect(ours.map(\.seed) == [" Bob", "é"])
        #expect(ours[0] == CreatureRecord(seed: " Bob", engine: .v1))
        #expect(ours[0].grid != CreatureRecord(seed: "Bob", engine: .v1).grid || ours[0].palette != CreatureRecord(seed: "Bob", engine: .v1).palette)
    }

    @Test func badDescribeInputGivesAClearError() throws {
        let notJSON = try BuiltExecutable.run(["describe", "--stdin"], stdin: Data("{\"a\":1}".utf8))
        #expect(notJSON.status == 2)
        #expect(notJSON.stderrText.contains("JSON array of strings"))
        let none = try BuiltExecutable.run(["describe"])
        #expect(none.status == 2)
        #expect(none.stderrText.contains("at least one seed"))
    }
}
