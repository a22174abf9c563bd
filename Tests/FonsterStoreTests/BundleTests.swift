import Foundation
import Testing
@testable import FonsterStore

@Suite struct BundleTests {
    let dir = TempDir()

    func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func exportIsVersionedJSONInListOrder() throws {
        let store = try fileStore(dir)
        let a = try store.create(name: "A", seed: "one")
        _ = try store.setSeed(a.id, to: "two")
        _ = try store.undo(a.id)
        _ = try store.create(seed: "b")
        let json = try object(try store.exportLibrary())
        #expect(json["format"] as? String == "fonsters-library")
        #expect(json["version"] as? Int == 1)
        #expect(json["engine"] as? String == "fonsters-v1")
        #expect(json["exportedAt"] as? String == "2026-11-21T09:30:00.123-08:00")
        let entries = try #require(json["fonsters"] as? [[String: Any]])
        #expect(entries.map { $0["seed"] as? String } == ["one", "b"])
        #expect(entries[0]["future"] as? [String] == ["two"])
        #expect(entries[0]["createdAt"] as? String == "2026-11-21T09:30:00.123-08:00")
    }

    @Test func importDuplicatesWithNewIdsAndNeverOverwrites() throws {
        let store = try fileStore(dir)
        let a = try store.create(name: "A", seed: "one")
        _ = try store.applyRandomText(a.id, text: "two", source: .lorem, prepend: false)
        let bundle = try store.exportLibrary()
        let imported = try store.importLibrary(bundle)
        #expect(imported.count == 1)
        let copy = imported[0]
        #expect(copy.id != a.id)
        let original = try store.get(a.id)
        #expect(copy.name == original.name && copy.seed == original.seed && copy.history == original.history)
        #expect(copy.randomSource == .lorem && copy.createdAt == original.createdAt)
        #expect(copy.createdAtISO8601 == original.createdAtISO8601 && copy.engine == "fonsters-v1")
        #expect(try store.list().map(\.id) == [a.id, copy.id])
        #expect(try store.get(a.id) == original)

        let other = try fileStore(dir, name: "other.sqlite")
        #expect(try other.importLibrary(bundle).map(\.seed) == ["two"])
    }

    @Test func selectiveImportByIndex() throws {
        let store = try fileStore(dir)
        _ = try store.importSeeds(["a", "b", "c", "d"])
        let bundle = try store.exportLibrary()
        let target = try fileStore(dir, name: "target.sqlite")
        #expect(try target.importLibrary(bundle, select: [3, 1]).map(\.seed) == ["d", "b"])
        expectError(.indexOutOfRange(index: 4, count: 4)) { try target.importLibrary(bundle, select: [0, 4]) }
        #expect(try target.count() == 2)
    }

    @Test func minimalEntriesNeedOnlyASeed() throws {
        let store = try fileStore(dir)
        let json = #"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"x","fonsters":[{"seed":"s","createdAt":"2024-02-29T12:00:00+05:30"}]}"#
        let made = try store.importLibrary(Data(json.utf8))
        #expect(made[0].seed == "s" && made[0].name == "" && made[0].history.isEmpty)
        #expect(made[0].createdAtISO8601 == "2024-02-29T12:00:00.000+05:30")
    }

    @Test func badBundlesNameTheFirstProblemAndImportNothing() throws {
        let store = try fileStore(dir)
        _ = try store.create(seed: "existing")
        func bundle(_ entries: String, format: String = "fonsters-library", version: Int = 1) -> Data {
            Data(#"{"format":"\#(format)","version":\#(version),"engine":"fonsters-v1","exportedAt":"x","fonsters":[\#(entries)]}"#.utf8)
        }
        let good = #"{"seed":"fine"}"#
        let cases: [(Data, StoreError)] = [
            (Data("not json".utf8), .invalidBundle("not valid JSON")),
            (bundle(good, format: "zip"), .invalidBundle("format is \"zip\", expected \"fonsters-library\"")),
            (bundle(good, version: 2), .invalidBundle("version 2 is newer than version 1 that this program reads")),
            (bundle(good + #",{"name":"no seed"}"#), .invalidBundle("fonsters[1].seed is missing")),
            (bundle(good + #",{"seed":5}"#), .invalidBundle("fonsters[1].seed should be a string")),
            (bundle(good + #",{"seed":"x","randomSource":"dice"}"#), .invalidBundle("fonsters[1]: randomSource \"dice\" is not quote, words, uuid or lorem")),
            (bundle(good + #",{"seed":"x","engine":"fonsters-v9"}"#), .invalidBundle("fonsters[1]: engine \"fonsters-v9\" is unknown to this program")),
            (bundle(good + #",{"seed":"x","createdAt":"yesterday"}"#), .invalidBundle("fonsters[1]: createdAt \"yesterday\" is not an ISO 8601 date-time")),
            (bundle(good + #",{"seed":"x","createdAt":"99999999-01-01T00:00:00Z"}"#), .invalidBundle("fonsters[1]: createdAt \"99999999-01-01T00:00:00Z\" is not an ISO 8601 date-time")),
            (bundle(good + #",{"seed":"x","createdAt":"2025-01-01T00:00:00+99:00"}"#), .invalidBundle("fonsters[1]: createdAt \"2025-01-01T00:00:00+99:00\" is not an ISO 8601 date-time")),
            (bundle(good + #",{"seed":"x","createdAt":"2025-13-01T00:00:00Z"}"#), .invalidBundle("fonsters[1]: createdAt \"2025-13-01T00:00:00Z\" is not an ISO 8601 date-time")),
            (bundle(good + #",{"seed":"x","history":[\#((0..<21).map { "\"h\($0)\"" }.joined(separator: ","))]}"#),
             .invalidBundle("fonsters[1]: history has 21 entries; the limit is 20")),
            (bundle(good + #",{"seed":"\#(String(repeating: "q", count: 10_001))"}"#),
             .invalidBundle("fonsters[1]: the seed is 10001 UTF-16 units long; the limit is 10000")),
        ]
        for (data, expected) in cases {
            expectError(expected) { try store.importLibrary(data) }
        }
        #expect(try store.list().map(\.seed) == ["existing"])
    }
}
