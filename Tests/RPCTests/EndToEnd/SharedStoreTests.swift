import Foundation
import Testing
import TestSupport
import RPC

/// A fresh directory for one test's store files, removed when released.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    /// A path inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}

extension EndToEnd {
    /// Two servers on one store file see each other's edits through `fonsters/didChange`.
    @Suite struct SharedStore {
        @Test func twoServersSeeEachOthersChanges() throws {
            let directory = try TemporaryDirectory()
            let store = directory.path("library.sqlite")
            let arguments = ["--stdio", "--store", store, "--no-starter", "--log-level", "warn"]
            let a = try ServerProcess(arguments)
            #expect(try a.result("initialize")["store"]?["path"] == .string(store))
            // B starts once A has created the file (two first opens at once race in the store).
            let b = try ServerProcess(arguments, framing: .newlineDelimited)
            _ = try b.result("initialize")

            // A creates: B hears of it, as an external change naming the Fonster.
            let created = try a.result("fonsters/create", ["name": "Shared", "seed": "one"])
            let id = try #require(created["id"])
            let own = try #require(try a.notification("fonsters/didChange"))
            let engines: JSONValue = [try #require(id.string): "fonsters-v2"]
            #expect(own["params"] == ["ids": [id], "reason": "create", "external": false, "engines": engines])
            let heard = try #require(try b.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "create" }))
            #expect(heard["params"] == ["ids": [id], "reason": "create", "external": true, "engines": engines])
            #expect(try b.result("fonsters/get", ["id": id])["seed"] == "one")

            // B edits: A hears of it and reads the new seed.
            _ = try b.result("fonsters/update", ["id": id, "seed": "two"])
            let update = try #require(try a.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "update" }))
            #expect(update["params"]?["ids"] == [id] && update["params"]?["external"] == true)
            #expect(try a.result("fonsters/get", ["id": id])["seed"] == "two")

            // B undoes, then deletes: A hears both.
            _ = try b.result("fonsters/undo", ["id": id])
            _ = try b.result("fonsters/delete", ["id": id])
            let delete = try #require(try a.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "delete" }))
            #expect(delete["params"]?["ids"] == [id] && delete["params"]?["engines"] == [:])
            #expect(try a.error("fonsters/get", ["id": id])["code"] == 1001)

            // A imports: B hears one import change naming both.
            let link = try #require(try a.result("share/build", ["seeds": ["x", "y"]])["url"])
            let imported = try a.result("share/import", ["url": link])["created"]?.array?.compactMap { $0["id"] } ?? []
            #expect(imported.count == 2)
            let importChange = try #require(try b.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "import" }))
            #expect(importChange["params"]?["ids"] == .array(imported))

            #expect(try a.shutdownAndExit() == 0)
            #expect(try b.shutdownAndExit() == 0)
        }

        /// The trash and the settings are the library's: what one server restores, purges or
        /// sets, the other hears of (a restore and a settings change through
        /// `fonsters/didChange`, a purge not at all) and reads.
        @Test func restoresAndSettingsReachTheOtherServer() throws {
            let directory = try TemporaryDirectory()
            let store = directory.path("library.sqlite")
            let arguments = ["--stdio", "--store", store, "--no-starter", "--log-level", "warn"]
            let a = try ServerProcess(arguments)
            #expect(try a.result("initialize")["engine"] == "fonsters-v2")
            let b = try ServerProcess(arguments, framing: .newlineDelimited)
            _ = try b.result("initialize")

            let set = try a.result("library/settings", ["defaultEngine": "fonsters-v1"])
            #expect(set == ["defaultEngine": "fonsters-v1"])
            let own = try #require(try a.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "settings" }))
            #expect(own["params"] == ["ids": [], "reason": "settings", "external": false, "engines": [:],
                                      "settings": ["defaultEngine": "fonsters-v1"]])
            let heard = try #require(try b.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "settings" }))
            #expect(heard["params"]?["settings"] == ["defaultEngine": "fonsters-v1"] && heard["params"]?["external"] == true)
            #expect(try b.result("library/settings") == ["defaultEngine": "fonsters-v1"])
            #expect(try b.result("initialize")["engine"] == "fonsters-v1")
            let made = try b.result("fonsters/create", ["seed": "drawn by the library's engine"])
            #expect(made["engine"] == "fonsters-v1")

            let id = try #require(made["id"])
            _ = try b.result("fonsters/update", ["id": id, "seed": "second"])
            _ = try b.result("fonsters/delete", ["id": id])
            _ = try a.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "delete" })
            let restored = try a.result("fonsters/restore", ["id": id])
            #expect(restored["seed"] == "second" && restored["canUndo"] == true && restored["createdAt"] == made["createdAt"])
            let restore = try #require(try b.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "restore" }))
            #expect(restore["params"]?["ids"] == [id] && restore["params"]?["engines"] == [id.string!: "fonsters-v1"])
            #expect(try b.result("fonsters/undo", ["id": id])["seed"] == "drawn by the library's engine")

            // A purge is the trash's business: B sees the trash empty, and hears nothing of it.
            _ = try a.result("fonsters/delete", ["id": id])
            _ = try b.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "delete" })
            #expect(try a.result("fonsters/purge") == ["purged": 1])
            _ = try a.result("fonsters/create", ["seed": "after the purge"])
            let next = try #require(try b.notification("fonsters/didChange", where: { _ in true }))
            #expect(next["params"]?["reason"] == "create", "the purge sent nothing")
            #expect(try b.result("fonsters/trash") == ["fonsters": [], "total": 0, "start": 0])

            #expect(try a.shutdownAndExit() == 0)
            #expect(try b.shutdownAndExit() == 0)
        }

        /// A store file removed under the server: the next edit is refused (1014), nothing is
        /// acknowledged, and the client is warned with `window/logMessage`.
        @Test func aRemovedStoreRefusesEditsAndWarnsTheClient() throws {
            let directory = try TemporaryDirectory()
            let store = directory.path("library.sqlite")
            let server = try ServerProcess(["--stdio", "--store", store, "--no-starter", "--log-level", "warn"])
            _ = try server.result("initialize")
            let kept = try server.result("fonsters/create", ["seed": "kept"])
            for suffix in ["", "-wal", "-shm", ".reserve"] { try? FileManager.default.removeItem(atPath: store + suffix) }

            let refused = try server.error("fonsters/create", ["seed": "lost"])
            #expect(refused["code"] == 1014 && refused["data"]?["path"] == .string(store))
            let warning = try #require(try server.notification("window/logMessage"))
            #expect(warning["params"]?["message"] == refused["message"])
            #expect(try server.result("fonsters/get", ["id": try #require(kept["id"])])["seed"] == "kept")
            #expect(try server.shutdownAndExit() == 0)
        }
    }
}
