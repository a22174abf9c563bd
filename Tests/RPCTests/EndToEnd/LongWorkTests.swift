import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// Long work over real pipes: `$/cancelRequest` and `$/progress`.
    @Suite struct LongWork {
        /// 300 characters: 300 frames of evolution.
        static let longSeed = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 7).prefix(300).description

        @Test func cancellingFramesRepliesRequestCancelledAndTheServerGoesOn() throws {
            let server = try ServerProcess()
            let id = server.sendRequest("creature/frames", seedParams(Self.longSeed, [("size", 2048), ("workDoneToken", "frames-1")]))
            // The begin notification proves the work has started before we cancel it.
            let begin = try #require(try server.notification("$/progress"))
            #expect(begin["params"]?["token"] == "frames-1" && begin["params"]?["value"]?["kind"] == "begin")
            server.notify("$/cancelRequest", ["id": id])
            let response = try server.response(to: id)
            #expect(response["error"]?["code"] == -32800)
            #expect(response["result"] == nil)
            // Still serving, and no late result for the cancelled id.
            #expect(try server.result("creature/describe", ["seed": "still here"])["seed"] == "still here")
            #expect(try server.shutdownAndExit() == 0)
            let late = server.notifications.filter { $0["id"] == id }
            #expect(late.isEmpty)
        }

        @Test func cancellingAnAnimationRepliesRequestCancelled() throws {
            let server = try ServerProcess()
            let id = server.sendRequest("creature/animate", seedParams(Self.longSeed, [("size", 2048), ("workDoneToken", 7)]))
            _ = try #require(try server.notification("$/progress"))
            server.notify("$/cancelRequest", ["id": id])
            #expect(try server.response(to: id)["error"]?["code"] == -32800)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aCancelledRandomEditChangesNothing() throws {
            // An endpoint that answers only once the request was cancelled: its text (or the local
            // fallback) must not land. No waiting on the fetch's 2 s timeout: the endpoint says
            // when the fetch started and answers when the test says.
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(listener) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            try withUnsafeMutablePointer(to: &address) { pointer in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                    try #require(bind(listener, raw, length) == 0 && listen(listener, 8) == 0)
                    try #require(getsockname(listener, raw, &length) == 0)
                }
            }
            let fetched = DispatchSemaphore(value: 0), answer = DispatchSemaphore(value: 0)
            let endpointThread = Thread {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                defer { close(connection) }
                var request = [UInt8](repeating: 0, count: 4096)
                _ = read(connection, &request, request.count)
                fetched.signal()
                answer.wait()
                let body = #"{"text":"too late"}"#
                let reply = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
                _ = reply.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            }
            endpointThread.start()
            let endpoint = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/random"
            let server = try ServerProcess(ServerProcess.memoryArguments + ["--random-endpoint", endpoint])
            let fonster = try server.result("fonsters/create", ["seed": "before"])
            let id = server.sendRequest("fonsters/random", ["id": fonster["id"]!, "source": "words"])
            #expect(fetched.wait(timeout: .now() + Patience.backstop) == .success, "the server did not fetch")
            server.notify("$/cancelRequest", ["id": id])
            #expect(try server.response(to: id)["error"]?["code"] == -32800)
            answer.signal()
            // Library requests keep arrival order: this read comes after the random edit is over.
            let after = try server.result("fonsters/get", ["id": fonster["id"]!])
            #expect(after["seed"] == "before" && after["canUndo"] == false)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func cancellingAnUnknownOrFinishedRequestIsHarmless() throws {
            let server = try ServerProcess()
            let id = server.sendRequest("creature/describe", ["seed": "a"])
            #expect(try server.response(to: id)["result"]?["seed"] == "a")
            server.notify("$/cancelRequest", ["id": id])
            server.notify("$/cancelRequest", ["id": 9999])
            #expect(try server.result("creature/describe", ["seed": "b"])["seed"] == "b")
            #expect(try server.notification("$/progress", timeout: 0.2) == nil)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func framesReportProgressWithTheClientsTokenBeforeTheResult() throws {
            let server = try ServerProcess()
            let seed = String(repeating: "abcdefghij", count: 6) // 60 frames: reports after 25 and 50
            let id = server.sendRequest("creature/frames", seedParams(seed, [("size", 32), ("workDoneToken", "tok")]))
            let response = try server.response(to: id)
            #expect(response["result"]?["frames"]?.array?.count == 60)
            let progress = server.notifications.filter { $0["method"] == "$/progress" }
            #expect(progress.allSatisfy { $0["params"]?["token"] == "tok" })
            let kinds = progress.compactMap { $0["params"]?["value"]?["kind"]?.string }
            #expect(kinds == ["begin", "report", "report", "end"])
            #expect(progress.first?["params"]?["value"]?["title"]?.string?.isEmpty == false)
            let percentages = progress.compactMap { $0["params"]?["value"]?["percentage"]?.int }
            #expect(percentages == percentages.sorted() && percentages.allSatisfy { (0...100).contains($0) })
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func noProgressWithoutAToken() throws {
            let server = try ServerProcess()
            _ = try server.result("creature/frames", seedParams(String(repeating: "x", count: 60), [("size", 32)]))
            _ = try server.result("creature/animate", seedParams("short", [("size", 32)]))
            #expect(try server.notification("$/progress", timeout: 0.3) == nil)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func importsOverFiftyItemsReportProgress() throws {
            let server = try ServerProcess()
            let seeds: [JSONValue] = (0..<60).map { .string("seed \($0)") }
            let url = try #require(try server.result("share/build", ["seeds": .array(seeds)])["url"])
            let id = server.sendRequest("share/import", ["url": url, "workDoneToken": "import"])
            let response = try server.response(to: id)
            #expect(response["result"]?["created"]?.array?.count == 60)
            let kinds = server.notifications.filter { $0["method"] == "$/progress" }.compactMap { $0["params"]?["value"]?["kind"]?.string }
            #expect(kinds.first == "begin" && kinds.last == "end")
            server.clearNotifications()
            // 50 or fewer: no progress even with a token.
            let small = try #require(try server.result("share/build", ["seeds": ["one", "two"]])["url"])
            let smallID = server.sendRequest("share/import", ["url": small, "workDoneToken": "small"])
            _ = try server.response(to: smallID)
            #expect(!server.notifications.contains { $0["method"] == "$/progress" })
            #expect(try server.shutdownAndExit() == 0)
        }
    }
}
