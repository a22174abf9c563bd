import Foundation
import Testing
@testable import FonsterStore
@testable import RPC

/// `fonsters/restore` of a trash row another program wrote with an engine this program does not
/// know: refused with -32602 naming the id and what is wrong, nothing changes, and
/// `library/import` of `library/export` still works.
@Suite struct RestoreCheckMethodTests {
    @Test func aDamagedTrashRowIsRefusedAndTheExportStillImports() async throws {
        let h = MethodHarness()
        let kept = try await h.result("fonsters/create", ["seed": "kept"])
        let id = try #require(try await h.result("fonsters/create", ["seed": "from elsewhere"])["id"]?.string)
        _ = try await h.result("fonsters/delete", ["id": .string(id)])
        let store = try h.context.store()
        try store.locked { () throws(StoreError) in
            try store.db.query("UPDATE trash SET engine = 'fonsters-v9' WHERE id = ?", [.text(id)])
        }
        let error = try await h.error("fonsters/restore", ["id": .string(id)])
        #expect(error["code"] == -32602)
        #expect(error["data"]?["field"] == "id")
        let message = try #require(error["message"]?.string)
        #expect(message.contains(id) && message.contains("\"fonsters-v9\", an engine this program does not know"), "\(message)")
        #expect(try store.trash().fonsters.map(\.fonster.id.uuidString) == [id])
        let list = try await h.result("fonsters/list")
        #expect(list["fonsters"]?.array?.map { $0["id"] } == [kept["id"]])
        let bundle = try await h.result("library/export")
        let imported = try await h.result("library/import", ["bundle": try #require(bundle["bundle"])])
        #expect(imported["skipped"] == 1)
    }
}
