import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// The real server on a real full disk: a tmpfs of its own, filled to the last byte.
    @Suite(.enabled(if: Tmpfs.unavailable == nil, "needs a tmpfs of its own: \(Tmpfs.unavailable ?? "")"))
    struct FullDisk {
        /// Deletes work and creates say the disk is full, in the server that was running and in
        /// one restarted on the full disk; without its reserve a restarted server still reads.
        @Test func deletesWorkCreatesSayFullAndARestartReads() throws {
            let disk = try Tmpfs(bytes: 4 << 20)
            let store = disk.file("library.sqlite")
            let arguments = ["--stdio", "--store", store, "--no-starter", "--log-level", "warn"]
            let first = try ServerProcess(arguments)
            _ = try first.result("initialize")
            var ids: [JSONValue] = []
            for n in 0..<20 { ids.append(try #require(try first.result("fonsters/create", ["seed": .string("kept \(n)")])["id"])) }
            disk.fill()

            func expectFull(_ server: ServerProcess, _ method: String, _ params: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
                let error = try server.error(method, params)
                #expect(error["code"] == 1004, sourceLocation: sourceLocation)
                #expect(error["message"]?.string?.contains("is full") == true, "\(error)", sourceLocation: sourceLocation)
            }
            try expectFull(first, "fonsters/create", ["seed": "one more"])
            #expect(try first.result("fonsters/delete", ["id": ids[19]])["deleted"] == true)
            #expect(try first.result("fonsters/delete", ["id": ids[0]])["deleted"] == true)
            // A delete on a full disk empties the log after it (its pages would hold the room),
            // which may leave the disk room beside the restored reserve: then a write fits and is
            // kept; else it says the disk is full. Either way the answer is the truth.
            let extra = try first.call("fonsters/create", ["seed": "one more"])
            if let error = extra["error"] { #expect(error["code"] == 1004) }
            var kept = ids.filter { $0 != ids[19] && $0 != ids[0] }
            if let id = extra["result"]?["id"] { kept.append(id) }
            #expect(try first.result("fonsters/list")["fonsters"]?.array?.compactMap { $0["id"] } == kept)
            #expect(try first.shutdownAndExit() == 0)

            // Restarted on the full disk: it opens with its reserve's room, reads, deletes.
            let second = try ServerProcess(arguments)
            #expect(try second.result("initialize")["store"]?["readOnly"] == false)
            #expect(try second.result("fonsters/list")["fonsters"]?.array?.compactMap { $0["id"] } == kept)
            disk.fill("filler after the first server")
            try expectFull(second, "fonsters/create", ["seed": "one more"])
            try expectFull(second, "fonsters/restore", ["id": ids[0]])
            #expect(try second.result("fonsters/delete", ["id": ids[1]])["deleted"] == true)
            #expect(try second.result("fonsters/trash")["total"] == 3)
            #expect(try second.shutdownAndExit() == 0)

            // No reserve left at all: it reads the library (read-write when the log's index is
            // still there, else read-only), and every write, a delete too, says the disk is full.
            unlink(store + ".reserve")
            disk.fill("more filler")
            let third = try ServerProcess(arguments)
            _ = try third.result("initialize")
            #expect(try third.result("fonsters/list")["total"] == .int(Int64(kept.count - 1)))
            #expect(try third.result("fonsters/get", ["id": ids[5]])["seed"] == "kept 5")
            try expectFull(third, "fonsters/create", ["seed": "one more"])
            try expectFull(third, "fonsters/delete", ["id": ids[2]])
            #expect(try third.shutdownAndExit() == 0)

            // Room comes back: so do the writes.
            disk.empty()
            disk.empty("more filler")
            disk.empty("filler after the first server")
            let fourth = try ServerProcess(arguments)
            #expect(try fourth.result("fonsters/restore", ["id": ids[0]])["position"] == 0)
            #expect(try fourth.result("fonsters/create", ["seed": "one more"])["position"] == .int(Int64(kept.count)))
            #expect(try fourth.shutdownAndExit() == 0)
        }
    }
}
