import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// `fonsters-rpc search`, run as a real process: the engine's results, one seed a line or as records.
@Suite(.offTheCooperativeThreads) struct SearchCommandTests {
    @Test func printsTheSearchsSeedsOneALine() async throws {
        let result = try BuiltExecutable.run(["search", "alice", "--want", "antlers,beard", "--limit", "3", "--engine", "fonsters-v2"])
        #expect(result.status == 0, "\(result.stderrText)")
        var request = CreatureSearch.Request(base: "alice", wants: try SearchWants.parse("antlers,beard"), engine: .v2)
        request.limit = 3
        request.timeLimit = 600  // as the command's own: a loaded machine must not cut the list short
        let expected = try await CreatureSearch.run(request, parts: OnPool.parts).results.map(\.seed)
        #expect(String(decoding: result.stdout, as: UTF8.self) == expected.map { $0 + "\n" }.joined())
    }

    @Test func jsonPrintsGoldenRecordsWithTheWantedTraits() throws {
        let result = try BuiltExecutable.run(["search", "--json", "bob", "--want=horn,tier=5", "--limit=2", "--engine=fonsters-v2"])
        #expect(result.status == 0, "\(result.stderrText)")
        let records = try Fixtures.read([CreatureRecord].self, json: result.stdout)
        #expect(records.count == 2)
        for record in records {
            #expect(record.horn && record.tier == 5 && record.mode == "creature")
            #expect(record == CreatureRecord(Creature(seed: record.seed, engine: .v2)))
        }
    }

    @Test func impossibleOrMissingWantsAreUsageErrors() throws {
        let space = try BuiltExecutable.run(["search", "alice", "--want", "antlers,mode=space"])
        #expect(space.status == 2 && space.stderrText.contains("'antlers' with 'mode=space' is impossible"))
        let none = try BuiltExecutable.run(["search", "alice"])
        #expect(none.status == 2 && none.stderrText.contains("--want"))
        let unknown = try BuiltExecutable.run(["search", "alice", "--want", "wings"])
        #expect(unknown.status == 2 && unknown.stderrText.contains("not a trait"))
        let help = try BuiltExecutable.run(["search", "--help"])
        #expect(help.status == 0 && String(decoding: help.stdout, as: UTF8.self).hasPrefix("usage: fonsters-rpc search"))
    }
}
