import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// `library/export` a page at a time: a library too big for one response (104 Fonsters
    /// with 10,000-character names and seeds passed the 64 MB limit; here a lower limit with the
    /// same shape) is exported whole, page by page, as the answers' `remaining` leads.
    @Suite struct ExportPaging {
        @Test func aLibraryTooBigForOneResponseIsExportedAPageAtATime() throws {
            let server = try ServerProcess(ServerProcess.memoryArguments + ["--max-response-bytes", "200000"])
            let long = String(repeating: "a long name for a big library ", count: 333)
            var ids: [JSONValue] = []
            for n in 0..<30 {
                let created = try server.result("fonsters/create", ["name": .string("\(n) " + long), "seed": .string("\(n) " + long)])
                ids.append(try #require(created["id"]))
            }
            let whole = try server.error("library/export")
            #expect(whole["code"] == -32001)
            let fit = try #require(whole["data"]?["fit"]?.int)
            #expect(fit > 0 && fit < 30)

            var exported: [JSONValue] = []
            var start = 0
            while true {
                let page = try server.result("library/export", ["start": .int(Int64(start)), "count": .int(Int64(fit))])
                let fonsters = try #require(page["bundle"]?["fonsters"]?.array)
                exported += fonsters.compactMap { $0["id"] }
                #expect(page["total"] == 30)
                start += fonsters.count
                #expect(page["remaining"]?.int == 30 - start)
                if page["remaining"] == 0 { break }
                #expect(!fonsters.isEmpty)
            }
            #expect(exported == ids)

            let chosen = try server.result("library/export", ["ids": [ids[7], ids[2]]])
            #expect(chosen["bundle"]?["fonsters"]?.array?.compactMap { $0["id"] } == [ids[7], ids[2]])
            #expect(chosen["remaining"] == 0)
            #expect(try server.error("library/export", ["ids": [ids[0]], "start": 1])["code"] == -32602)
            #expect(try server.error("library/export", ["ids": ["00000000-0000-4000-8000-0000000000FF"]])["code"] == 1001)
            #expect(try server.shutdownAndExit() == 0)
        }
    }
}
