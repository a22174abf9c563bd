import Foundation
import Testing
import TestSupport
import FonsterStore
import RPC

extension EndToEnd {
    /// `fonsters/lookalikes` on a library whose pictures were never drawn (imported by the
    /// command line, which keeps no keys), over real pipes: with a `workDoneToken` it says how
    /// far it is while it draws and compares, and a cancel stops it and leaves the server well.
    @Suite struct LookalikesProgress {
        /// A library file of `count` fonsters-v2 Fonsters and no kept keys, as `fonsters-rpc import` leaves it.
        static func library(_ count: Int) throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("lookalikes-progress-\(UUID().uuidString).sqlite").path
            let store = try FonsterStore(location: .file(path), options: .scripting)
            for start in stride(from: 0, to: count, by: 1_000) {
                _ = try store.importSeeds((start..<min(count, start + 1_000)).map { "progress \($0)" }, engine: .v2)
            }
            return path
        }

        /// The `$/progress` values with `token`, in order.
        static func progress(_ server: ServerProcess, _ token: String) -> [JSONValue] {
            server.notifications.filter { $0["method"] == "$/progress" && $0["params"]?["token"] == .string(token) }.compactMap { $0["params"]?["value"] }
        }

        @Test func theFirstCallSaysHowFarItIs() throws {
            let path = try Self.library(20_000)
            defer { StoredKeysTests.remove(path) }
            let server = try ServerProcess(["--stdio", "--store", path, "--no-starter", "--log-level", "warn"])
            let id = server.sendRequest("fonsters/lookalikes", ["workDoneToken": "first"])
            let response = try server.response(to: id, timeout: 600)
            #expect(response["result"]?["count"] == 20_000, "\(response)")
            let values = Self.progress(server, "first")
            #expect(values.first?["kind"] == "begin" && values.last?["kind"] == "end" && values.dropFirst().dropLast().allSatisfy { $0["kind"] == "report" })
            let messages = values.compactMap { $0["message"]?.string }
            #expect(messages.contains("Drew 0 of 20,000 pictures") && messages.contains("Drew 16,384 of 20,000 pictures")
                    && messages.contains("Drew 20,000 of 20,000 pictures"), "\(messages)")
            #expect(messages.contains { $0.hasPrefix("Compared ") && $0.hasSuffix(" looks") }, "\(messages)")
            let percentages = values.compactMap { $0["percentage"]?.int }
            #expect(percentages == percentages.sorted() && percentages.last == 100, "\(percentages)")
            // Asked again, it answers the same from what it kept, and says so at once.
            let again = server.sendRequest("fonsters/lookalikes", ["workDoneToken": "again"])
            #expect(try server.response(to: again, timeout: 600)["result"] == response["result"])
            #expect(Self.progress(server, "again").compactMap { $0["kind"]?.string } == ["begin", "end"])
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aCancelStopsItAndTheNextCallAnswers() throws {
            let path = try Self.library(20_000)
            defer { StoredKeysTests.remove(path) }
            let server = try ServerProcess(["--stdio", "--store", path, "--no-starter", "--log-level", "warn"])
            let id = server.sendRequest("fonsters/lookalikes", ["workDoneToken": "stop"])
            let first = try server.notification("$/progress", timeout: 600) { $0["params"]?["value"]?["kind"] == "report" }
            #expect(first?["params"]?["value"]?["message"] == "Drew 0 of 20,000 pictures")
            server.notify("$/cancelRequest", ["id": id])
            let response = try server.response(to: id, timeout: 600)
            #expect(response["error"]?["code"] == -32800, "\(response)")
            #expect(try server.notification("$/progress", timeout: 600) { $0["params"]?["value"]?["kind"] == "end" } != nil)
            let next = server.sendRequest("fonsters/lookalikes", ["near": false])
            #expect(try server.response(to: next, timeout: 600)["result"]?["count"] == 20_000)
            #expect(try server.shutdownAndExit() == 0)
        }
    }
}
