import Foundation
import Testing
import TestSupport
import FonsterStore
@testable import RPC

/// The engine as a choice of each Fonster (`create`, `update`, imports) and imports that skip
/// what the library already holds, through the dispatcher on an in-memory store.
@Suite(.hangBackstop) struct EngineAndImportMethodTests {
    let id: JSONValue = "0000000B-0000-4000-8000-000000000000"

    @Test func createTakesAnEngineAndTheCreatureMethodsDrawWithIt() async throws {
        let h = MethodHarness()
        let created = try await h.result("fonsters/create", ["id": id, "seed": "branch", "engine": "fonsters-v2"])
        #expect(created["engine"] == "fonsters-v2")
        let byID = try await h.result("creature/describe", ["id": id])
        let v2 = try await h.result("creature/describe", ["seed": "branch", "engine": "fonsters-v2"])
        let v1 = try await h.result("creature/describe", ["seed": "branch", "engine": "fonsters-v1"])
        #expect(byID["engine"] == "fonsters-v2" && byID["colors"] == v2["colors"] && byID["grid"] == v2["grid"])
        #expect(v1["engine"] == "fonsters-v1" && v1["colors"] != v2["colors"])
        // An explicit engine still wins over the Fonster's own.
        #expect(try await h.result("creature/describe", ["id": id, "engine": "fonsters-v1"])["colors"] == v1["colors"])
    }

    @Test func updateSwitchesTheEngineAndKeepsTheSeedHistory() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["id": id, "seed": "one"])
        _ = try await h.result("fonsters/update", ["id": id, "seed": "two"])
        let switched = try await h.result("fonsters/update", ["id": id, "engine": "fonsters-v2"])
        #expect(switched["engine"] == "fonsters-v2" && switched["seed"] == "two" && switched["canUndo"] == true)
        let undone = try await h.result("fonsters/undo", ["id": id])
        #expect(undone["seed"] == "one" && undone["engine"] == "fonsters-v2")
        let unknown = try await h.error("fonsters/update", ["id": id, "engine": "fonsters-v9"])
        #expect(unknown["code"] == -32602 && unknown["data"]?["field"] == "engine")
        #expect(try await h.result("fonsters/get", ["id": id])["engine"] == "fonsters-v2")
        let unknownCreate = try await h.error("fonsters/create", ["seed": "x", "engine": "v2"])
        #expect(unknownCreate["code"] == -32602 && unknownCreate["data"]?["field"] == "engine")
        #expect(try await h.result("fonsters/list")["fonsters"]?.array?.count == 1)
    }

    @Test func shareImportDrawsWithTheChosenEngineAndSkipsWhatIsThere() async throws {
        let h = MethodHarness()
        let url = try #require(try await h.result("share/build", ["seeds": ["a", "b", "a"]])["url"])
        let first = try await h.result("share/import", ["url": url, "engine": "fonsters-v2"])
        #expect(first["created"]?.array?.map { $0["seed"] } == ["a", "b"])
        #expect(first["created"]?.array?.allSatisfy { $0["engine"] == "fonsters-v2" } == true)
        #expect(first["skipped"] == 1)
        let again = try await h.result("share/import", ["url": url])
        #expect(again["created"] == [] && again["skipped"] == 3)
    }

    @Test func aLinkOfFonstersCarriesTheirNamesAndEnginesIntoAnotherLibrary() async throws {
        let h = MethodHarness()
        var ids: [JSONValue] = []
        for (name, seed, engine) in [("Hello", "hello", "fonsters-v1"), ("", "plain", "fonsters-v2"), ("Three", "three", "fonsters-v1")] {
            ids.append(try #require(try await h.result("fonsters/create", ["name": .string(name), "seed": .string(seed), "engine": .string(engine)])["id"]))
        }
        let url = try #require(try await h.result("share/build", ["ids": .array(ids)])["url"]?.string)
        let apps = try #require(try await h.result("share/build", ["seeds": ["hello", "plain", "three"]])["url"]?.string)
        #expect(url.hasPrefix(apps + "&meta="), "the apps' link, then the names and engines")

        let other = MethodHarness()
        let preview = try #require(try await other.result("share/preview", ["url": .string(url)])["seeds"]?.array)
        #expect(preview.map { $0["displayName"] } == ["Hello", "plain", "Three"])
        #expect(preview.map { $0["engine"] } == ["fonsters-v1", "fonsters-v2", "fonsters-v1"])
        let byV1 = try #require(try await other.result("share/preview", ["url": .string(apps), "engines": ["fonsters-v1"]])["seeds"]?.array)
        let byV2 = try #require(try await other.result("share/preview", ["url": .string(apps)])["seeds"]?.array)
        #expect(preview.map { $0["thumbnail"] } == [byV1[0]["thumbnail"], byV2[1]["thumbnail"], byV1[2]["thumbnail"]], "each drawn by its own engine")
        #expect(byV1[0]["thumbnail"] != byV2[0]["thumbnail"])
        let created = try #require(try await other.result("share/import", ["url": .string(url)])["created"]?.array)
        #expect(created.map { $0["name"] } == ["Hello", "", "Three"])
        #expect(created.map { $0["seed"] } == ["hello", "plain", "three"])
        #expect(created.map { $0["engine"] } == ["fonsters-v1", "fonsters-v2", "fonsters-v1"])
        #expect(created.map { $0["position"] } == [0, 1, 2], "in the link's order")
        #expect(try await other.result("share/import", ["url": .string(url)])["skipped"] == 3)

        // An apps' link (seeds only) keeps today's behaviour: unnamed, by the library's default engine.
        let third = MethodHarness()
        let plain = try #require(try await third.result("share/import", ["url": .string(apps), "select": [2]])["created"]?.array)
        #expect(plain.map { $0["name"] } == [""] && plain.map { $0["engine"] } == ["fonsters-v2"])
        // An engine asked for draws them all, names kept.
        let fourth = MethodHarness()
        let chosen = try #require(try await fourth.result("share/import", ["url": .string(url), "engine": "fonsters-v2"])["created"]?.array)
        #expect(chosen.map { $0["engine"] } == ["fonsters-v2", "fonsters-v2", "fonsters-v2"] && chosen.map { $0["name"] } == ["Hello", "", "Three"])
        // A damaged meta is refused, and nothing is added.
        let bad = try await fourth.error("share/import", ["url": .string(apps + "&meta=bm9wZQ")])
        #expect(bad["code"] == 1003 && bad["data"]?["field"] == "url")
        #expect(bad["message"]?.string?.contains("'meta'") == true)
    }

    @Test func libraryImportSkipsFonstersAlreadyThereAndCanChooseTheEngine() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["id": id, "name": "Pip", "seed": "pip", "engine": "fonsters-v2"])
        _ = try await h.result("fonsters/create", ["seed": "plain", "engine": "fonsters-v1"])
        let bundle = try #require(try await h.result("library/export")["bundle"])
        let same = try await h.result("library/import", ["bundle": bundle])
        #expect(same["created"] == [] && same["skipped"] == 2)

        let other = MethodHarness()
        let kept = try await other.result("library/import", ["bundle": bundle])
        #expect(kept["created"]?.array?.map { $0["engine"] } == ["fonsters-v2", "fonsters-v1"])
        let third = MethodHarness()
        let chosen = try await third.result("library/import", ["bundle": bundle, "select": [1], "engine": "fonsters-v2"])
        #expect(chosen["created"]?.array?.map { $0["engine"] } == ["fonsters-v2"] && chosen["skipped"] == 0)
        let repeated = try await third.error("library/import", ["bundle": bundle, "select": [0, 0]])
        #expect(repeated["code"] == -32602 && repeated["data"]?["index"] == 0)
    }

    @Test func anOversizedBundleIsRefusedBeforeItIsDecoded() async throws {
        let h = MethodHarness()
        // Entries that would not even decode: the count alone refuses the bundle.
        let entries = JSONValue.array(Array(repeating: .int(7), count: StoreLimits.maxBundleImport + 1))
        let bundle: JSONValue = ["format": "fonsters-library", "version": 1, "engine": "fonsters-v1",
                                 "exportedAt": "2026-01-01T00:00:00.000Z", "fonsters": entries]
        let error = try await h.error("library/import", ["bundle": bundle])
        #expect(error["code"] == 1009 && error["data"]?["limit"] == .int(Int64(StoreLimits.maxBundleImport)))
        #expect(try await h.result("fonsters/list")["fonsters"] == [])
    }
}
