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
            try expectFull(first, "fonsters/create", ["seed": "one more"])
            #expect(try first.result("fonsters/delete", ["id": ids[0]])["deleted"] == true)
            try expectFull(first, "fonsters/restore", ["id": ids[0]])
            #expect(try first.result("fonsters/list")["total"] == 18)
            #expect(try first.shutdownAndExit() == 0)

            // Restarted on the full disk: it opens with its reserve's room, reads, deletes.
            let second = try ServerProcess(arguments)
            #expect(try second.result("initialize")["store"]?["readOnly"] == false)
            #expect(try second.result("fonsters/list")["fonsters"]?.array?.compactMap { $0["id"] } == Array(ids[1..<19]))
            try expectFull(second, "fonsters/create", ["seed": "one more"])
            #expect(try second.result("fonsters/delete", ["id": ids[1]])["deleted"] == true)
            #expect(try second.result("fonsters/trash")["total"] == 3)
            #expect(try second.shutdownAndExit() == 0)

            // No reserve left at all: it reads the library (read-write when the log's index is
            // still there, else read-only), and every write, a delete too, says the disk is full.
            unlink(store + ".reserve")
            disk.fill("more filler")
            let third = try ServerProcess(arguments)
            _ = try third.result("initialize")
            #expect(try third.result("fonsters/list")["total"] == 17)
            #expect(try third.result("fonsters/get", ["id": ids[5]])["seed"] == "kept 5")
            try expectFull(third, "fonsters/create", ["seed": "one more"])
            try expectFull(third, "fonsters/delete", ["id": ids[2]])
            #expect(try third.shutdownAndExit() == 0)

            // Room comes back: so do the writes.
            disk.empty()
            disk.empty("more filler")
            let fourth = try ServerProcess(arguments)
            #expect(try fourth.result("fonsters/restore", ["id": ids[0]])["position"] == 0)
            #expect(try fourth.result("fonsters/create", ["seed": "one more"])["position"] == 18)
            #expect(try fourth.shutdownAndExit() == 0)
        }
    }
}
