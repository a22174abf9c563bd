import Foundation
import Testing
import TestSupport
import FonsterStore
@testable import RPC

/// `fonsters/trash`, `fonsters/restore`, `fonsters/purge` and `library/settings` through the
/// dispatcher, on an in-memory store.
@Suite(.hangBackstop) struct TrashAndSettingsMethodTests {
    @Test func aDeleteGoesToTheTrashAndARestoreBringsItBack() async throws {
        let h = MethodHarness()
        let first = try await h.result("fonsters/create", ["seed": "first", "engine": "fonsters-v1"])
        let bob = try await h.result("fonsters/create", ["name": "Bob", "seed": "one", "engine": "fonsters-v1"])
        _ = try await h.result("fonsters/create", ["seed": "last"])
        let id = try #require(bob["id"])
        _ = try await h.result("fonsters/update", ["id": id, "seed": "two"])
        let before = try await h.result("fonsters/get", ["id": id])
        #expect(try await h.result("fonsters/delete", ["id": id]) == ["id": id, "deleted": true])

        let trash = try await h.result("fonsters/trash")
        #expect(trash["total"] == 1 && trash["start"] == 0)
        let entry = try #require(trash["fonsters"]?[0])
        #expect(entry["deletedAt"]?.string?.count == "2026-11-21T13:13:51.224Z".count)
        #expect(entry.merging([("deletedAt", .null)]) == before.merging([("deletedAt", .null)]))

        #expect(try await h.result("fonsters/restore", ["id": id]) == before)
        let order = try await h.result("fonsters/list")["fonsters"]?.array?.compactMap { $0["id"] } ?? []
        #expect(order.count == 3 && Array(order.prefix(2)) == [first["id"]!, id], "back at its place")
        #expect(try await h.result("fonsters/undo", ["id": id])["seed"] == "one")

        let again = try await h.error("fonsters/restore", ["id": id])
        #expect(again["code"] == 1001 && again["message"]?.string?.contains("trash") == true)
        #expect(try await h.error("fonsters/restore", ["id": "nonsense"])["data"]?["field"] == "id")
    }

    @Test func theTrashPagesAndPurges() async throws {
        let h = MethodHarness()
        var ids: [JSONValue] = []
        for n in 0..<4 {
            let made = try await h.result("fonsters/create", ["seed": .string("t\(n)")])
            ids.append(made["id"]!)
            _ = try await h.result("fonsters/delete", ["id": made["id"]!])
        }
        let page = try await h.result("fonsters/trash", ["start": 1, "count": 2])
        #expect(page["total"] == 4 && page["start"] == 1 && page["fonsters"]?.array?.count == 2)
        #expect(try await h.error("fonsters/trash", ["start": -1])["data"]?["field"] == "start")

        let unknown = try await h.error("fonsters/purge", ["ids": [ids[0], "00000000-0000-4000-8000-0000000000ff"]])
        #expect(unknown["code"] == 1001)
        #expect(try await h.result("fonsters/trash")["total"] == 4, "a bad purge purges nothing")
        #expect(try await h.result("fonsters/purge", ["ids": [ids[0]]]) == ["purged": 1])
        #expect(try await h.error("fonsters/restore", ["id": ids[0]])["code"] == 1001)
        #expect(try await h.result("fonsters/purge") == ["purged": 3])
        #expect(try await h.result("fonsters/trash") == ["fonsters": [], "total": 0, "start": 0])
        #expect(try await h.error("fonsters/purge", ["ids": "all"])["data"]?["field"] == "ids")
    }

    /// The library's default engine: read, set, used by creates and imports that name none, and
    /// reported by `initialize` (the server's own default for seeds stays in the capabilities).
    @Test func theDefaultEngineIsTheLibrarys() async throws {
        let h = MethodHarness()
        #expect(try await h.result("library/settings") == ["defaultEngine": "fonsters-v2"])
        #expect(try await h.result("fonsters/create", ["seed": "a"])["engine"] == "fonsters-v2")
        #expect(try await h.result("library/settings", ["defaultEngine": "fonsters-v1"]) == ["defaultEngine": "fonsters-v1"])
        #expect(try await h.result("fonsters/create", ["seed": "b"])["engine"] == "fonsters-v1")
        #expect(try await h.result("fonsters/create", ["seed": "c", "engine": "fonsters-v2"])["engine"] == "fonsters-v2")
        let link = try await h.result("share/build", ["seeds": ["d"]])["url"]!
        let preview = try await h.result("share/preview", ["url": link])["seeds"]?[0]
        #expect(preview?["thumbnail"] == (try await h.result("creature/render", ["seed": "d", "engine": "fonsters-v1", "size": 64]))["dataUri"])
        #expect(try await h.result("share/import", ["url": link])["created"]?[0]?["engine"] == "fonsters-v1")
        let initialize = try await h.result("initialize")
        #expect(initialize["engine"] == "fonsters-v1")
        #expect(initialize["capabilities"]?["experimental"]?["defaultEngine"] == "fonsters-v2")
        #expect(try await h.result("creature/describe", ["seed": "e"])["engine"] == "fonsters-v2", "a bare seed: the server's engine")
        let bad = try await h.error("library/settings", ["defaultEngine": "fonsters-v9"])
        #expect(bad["code"] == -32602 && bad["data"]?["field"] == "defaultEngine")
        #expect(try await h.result("library/settings") == ["defaultEngine": "fonsters-v1"], "a bad setting changes nothing")
    }
}
