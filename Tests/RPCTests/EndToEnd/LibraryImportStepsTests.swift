import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// `library/import` over real pipes goes in steps of 1,000 Fonsters, each committed on its own:
    /// `$/progress` reports each step, and a cancel stops it between steps, keeping whole steps.
    @Suite struct LibraryImportSteps {
        static func bundle(_ count: Int) -> JSONValue {
            ["format": "fonsters-library", "version": 1, "engine": "fonsters-v2", "exportedAt": "2026-01-01T00:00:00.000Z",
             "fonsters": .array((0..<count).map { ["seed": .string("step seed \($0)")] })]
        }

        /// How many Fonsters the server's library holds.
        static func total(_ server: ServerProcess) throws -> Int? {
            try server.result("fonsters/list", ["start": 0, "count": 1])["total"]?.int.map { Int($0) }
        }

        @Test func eachStepIsReported() throws {
            let server = try ServerProcess()
            let id = server.sendRequest("library/import", ["bundle": Self.bundle(2_500), "workDoneToken": "steps"])
            let response = try server.response(to: id, timeout: 300)
            #expect(response["result"]?["created"]?.array?.count == 2_500 && response["result"]?["unfinished"] == nil)
            let values = server.notifications.filter { $0["method"] == "$/progress" && $0["params"]?["token"] == "steps" }.compactMap { $0["params"]?["value"] }
            #expect(values.compactMap { $0["kind"]?.string } == ["begin", "report", "report", "report", "end"])
            #expect(values.compactMap { $0["percentage"]?.int } == [0, 40, 80, 100])
            #expect(values.compactMap { $0["message"]?.string } == ["1000 of 2500 Fonsters", "2000 of 2500 Fonsters", "2500 of 2500 Fonsters"])
            #expect(try server.shutdownAndExit() == 0)
        }

        /// Cancelled after its first step committed: the import stops at the next step's start,
        /// every step it finished stays in the library, and the answer is its result (a write that
        /// committed is never answered -32800), with `unfinished` counting what it left.
        @Test func aCancelledImportKeepsTheStepsItFinished() throws {
            let server = try ServerProcess()
            let id = server.sendRequest("library/import", ["bundle": Self.bundle(10_000), "workDoneToken": "cancel"])
            let first = try server.notification("$/progress", timeout: 300) { $0["params"]?["value"]?["kind"] == "report" }
            #expect(first?["params"]?["value"]?["message"] == "1000 of 10000 Fonsters")
            server.notify("$/cancelRequest", ["id": id])
            let response = try server.response(to: id, timeout: 300)
            let end = try server.notification("$/progress", timeout: 300) { $0["params"]?["value"]?["kind"] == "end" }
            #expect(end?["params"]?["token"] == "cancel")
            let kept = try #require(try Self.total(server))
            #expect(kept >= 1_000 && kept % 1_000 == 0, "\(kept) kept")
            let result = try #require(response["result"], "\(response)")
            #expect(result["created"]?.array?.count == kept)
            // Stopped early (unless every step was done before the cancel was read): the rest is counted.
            #expect((result["unfinished"]?.int ?? 0) == Int64(10_000 - kept))
            #expect(try server.shutdownAndExit() == 0)
        }
    }
}
