import Foundation
import Testing
import TestSupport
import CreatureCore
import JSON

/// The `describe` face, run as a real process: it must print the golden records exactly.
@Suite(.offTheCooperativeThreads) struct DescribeCommandTests {
    struct EngineFile: Decodable { let records: [CreatureRecord] }

    @Test func describeStdinReproducesEveryGoldenRecord() throws {
        let golden = try Fixtures.golden("engine-v1.json", as: EngineFile.self).records
        let seeds = Data(JSONValue.array(golden.map { .string($0.seed) }).serialized())
        let result = try BuiltExecutable.run(["describe", "--engine", "fonsters-v1", "--stdin"], stdin: seeds)
        #expect(result.status == 0, "\(result.stderrText)")
        let ours = try Fixtures.read([CreatureRecord].self, json: result.stdout)
        #expect(ours.count == golden.count)
        for (a, b) in zip(ours, golden) { #expect(a == b, "record for \(b.seed.debugDescription)") }
    }

    struct SceneFile: Decodable { let scenes: [SceneRecord] }

    @Test func describeSceneReproducesEveryGoldenScene() throws {
        let golden = try Fixtures.golden("scene-v1.json", as: SceneFile.self).scenes
        let seeds = Data(JSONValue.array(golden.map { .string($0.seed) }).serialized())
        let result = try BuiltExecutable.run(["describe", "--scene", "--engine", "fonsters-v1", "--stdin"], stdin: seeds)
        #expect(result.status == 0, "\(result.stderrText)")
        let ours = try Fixtures.read([SceneRecord].self, json: result.stdout)
        #expect(ours.count == golden.count)
        for (a, b) in zip(ours, golden) { #expect(a == b, "scene of \(b.seed.debugDescription)") }
        // Absent layers are written as nulls, as in the golden file.
        #expect(String(decoding: result.stdout, as: UTF8.self).contains(#""sun":null"#))
    }

    @Test func describeSceneFollowsTheEngine() throws {
        let result = try BuiltExecutable.run(["describe", "--scene", "--engine", "fonsters-v2", "hello", "grace"])
        #expect(result.status == 0, "\(result.stderrText)")
        let ours = try Fixtures.read([SceneRecord].self, json: result.stdout)
        #expect(ours == [SceneRecord(seed: "hello", engine: .v2), SceneRecord(seed: "grace", engine: .v2)])
        #expect(ours[0].sky != SceneRecord(seed: "hello", engine: .v1).sky)
        let help = try BuiltExecutable.run(["describe", "--help"])
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("--scene"))
    }

    @Test func describeArgumentsKeepSeedsVerbatim() throws {
        let result = try BuiltExecutable.run(["describe", "--engine", "fonsters-v1", " Bob", "é"])
        #expect(result.status == 0)
        let ours = try Fixtures.read([CreatureRecord].self, json: result.stdout)
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
