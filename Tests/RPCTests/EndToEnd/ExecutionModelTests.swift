import Foundation
import Testing
import TestSupport
import RPC
import CreatureCore

extension EndToEnd {
    /// The execution model over real pipes: library requests in arrival order, pure ones free,
    /// every resource bounded, cancel stops the work.
    @Suite(.tags(.slow), .notInQuickTier) struct ExecutionModel {
        static func uuid(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }

        @Test(arguments: WireFraming.allCases)
        func pipelinedCreateThenGetAlwaysFindsIt(_ framing: WireFraming) throws {
            let server = try ServerProcess(framing: framing)
            var failures = 0
            for round in 1...40 {
                let id = JSONValue.string(Self.uuid(round))
                let create: JSONValue = ["jsonrpc": "2.0", "id": .int(Int64(round * 10)), "method": "fonsters/create", "params": ["id": id, "seed": "first"]]
                let update1: JSONValue = ["jsonrpc": "2.0", "id": .int(Int64(round * 10 + 1)), "method": "fonsters/update", "params": ["id": id, "seed": "second"]]
                let update2: JSONValue = ["jsonrpc": "2.0", "id": .int(Int64(round * 10 + 2)), "method": "fonsters/update", "params": ["id": id, "seed": "third"]]
                let get: JSONValue = ["jsonrpc": "2.0", "id": .int(Int64(round * 10 + 3)), "method": "fonsters/get", "params": ["id": id]]
                // One write: the four requests arrive together.
                let bytes = [create, update1, update2, get].flatMap { framing.frame($0.serialized()) }
                #expect(server.process.writeRaw(bytes))
                let answer = try server.response(to: .int(Int64(round * 10 + 3)))
                if answer["result"]?["seed"] != "third" { failures += 1 }
            }
            #expect(failures == 0)
            #expect(try server.shutdownAndExit() == 0)
        }

        /// 1,000 random edits and reads, pipelined (and, in one run, in batches of up to five),
        /// answer exactly as the same requests sent one at a time.
        @Test(arguments: [(WireFraming.newlineDelimited, false), (.contentLength, false), (.newlineDelimited, true)])
        func pipelinedSessionsAnswerLikeASequentialOne(_ framing: WireFraming, batched: Bool) throws {
            var rng = SeededGenerator(seed: batched ? 7 : framing == .contentLength ? 3 : 5)
            let requests: [JSONValue] = (1...1000).map { n in
                let id = JSONValue.string(Self.uuid(Int(rng.next() % 6) + 1))
                let seed = JSONValue.string(["a", "bb", "hello", "Fonsters!", "zz top", "🐙"][Int(rng.next() % 6)])
                let (method, params): (String, JSONValue)
                switch rng.next() % 11 {
                case 0, 1: (method, params) = ("fonsters/create", ["id": id, "seed": seed, "name": "n"])
                case 2, 3: (method, params) = ("fonsters/update", ["id": id, "seed": seed])
                case 4: (method, params) = ("fonsters/undo", ["id": id])
                case 5: (method, params) = ("fonsters/redo", ["id": id])
                case 6: (method, params) = ("fonsters/delete", ["id": id])
                case 7: (method, params) = ("fonsters/move", ["id": id, "index": .int(Int64(rng.next() % 4))])
                case 8: (method, params) = ("creature/describe", ["id": id])
                case 9: (method, params) = ("fonsters/list", .null)
                default: (method, params) = ("fonsters/get", ["id": id])
                }
                var message: JSONObject = ["jsonrpc": "2.0", "id": .int(Int64(n)), "method": .string(method)]
                if params != .null { message["params"] = params }
                return .object(message)
            }

            let sequential = try ServerProcess(framing: framing)
            var expected: [JSONValue: JSONValue] = [:]
            for request in requests {
                sequential.send(request)
                expected[request["id"]!] = Self.normalized(try sequential.response(to: request["id"]!))
            }
            #expect(try sequential.shutdownAndExit() == 0)

            let pipelined = try ServerProcess(framing: framing)
            var bytes: [UInt8] = []
            var index = 0
            while index < requests.count {
                let size = batched ? Int(rng.next() % 5) + 1 : 1
                let group = Array(requests[index..<min(index + size, requests.count)])
                bytes += framing.frame((batched && group.count > 1 ? JSONValue.array(group) : group[0]).serialized())
                index += group.count
            }
            #expect(pipelined.process.writeRaw(bytes))
            var actual: [JSONValue: JSONValue] = [:]
            while actual.count < requests.count {
                let message = try #require(try pipelined.nextMessage(), "only \(actual.count) answers")
                for element in message.array ?? [message] where element["id"] != nil {
                    actual[element["id"]!] = Self.normalized(element)
                }
            }
            var mismatches = 0
            for request in requests where actual[request["id"]!] != expected[request["id"]!] {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("\(request): pipelined \(actual[request["id"]!].map { $0.serializedString().prefix(300) } ?? "nothing"), sequential \(expected[request["id"]!].map { $0.serializedString().prefix(300) } ?? "nothing")")
                }
            }
            #expect(mismatches == 0)
            #expect(try pipelined.shutdownAndExit() == 0)
        }

        /// A response without the fields that depend on the clock.
        static func normalized(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let object):
                return .object(JSONObject(object.filter { $0.key != "createdAt" && $0.key != "birthday" }.map { ($0.key, normalized($0.value)) }))
            case .array(let items):
                return .array(items.map(normalized))
            default:
                return value
            }
        }

        @Test func aStoreLockedByAnotherProcessHoldsUpOnlyLibraryRequests() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-lock-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("library.sqlite").path
            let server = try ServerProcess(["--stdio", "--store", path, "--no-starter", "--log-level", "warn"])
            let fonster = try server.result("fonsters/create", ["seed": "locked"])

            let sqlite = Process()
            sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            sqlite.arguments = ["sqlite3", path]
            let input = Pipe(), output = Pipe()
            sqlite.standardInput = input
            sqlite.standardOutput = output
            try sqlite.run()
            // sqlite3 says when it holds the lock (the line comes after the UPDATE took it). It waits
            // for the lock as long as the backstop: the server may be writing (the pictures it keeps),
            // and a BEGIN refused as busy would leave no transaction to hold the lock with.
            input.fileHandleForWriting.write(Data(".bail on\n.timeout \(Int(Patience.backstop * 1000))\nBEGIN IMMEDIATE;\nUPDATE fonsters SET name = name;\nSELECT 'locked';\n".utf8))
            var said = Data()
            while !String(decoding: said, as: UTF8.self).contains("locked") {
                let chunk = output.fileHandleForReading.availableData
                try #require(!chunk.isEmpty, "sqlite3 ended before it took the lock")
                said += chunk
            }

            let write = server.sendRequest("fonsters/update", ["id": fonster["id"]!, "seed": "after the lock"])
            let describes = (0..<20).map { server.sendRequest("creature/describe", ["seed": .string("pure \($0)")]) }
            var answered: Set<JSONValue> = []
            var early: JSONValue?
            while answered.count < describes.count {
                let message = try #require(try server.nextMessage(), "describes wait for the locked store")
                if message["id"] == write { early = message }
                if let id = message["id"], describes.contains(id) { answered.insert(id) }
            }
            // The write waits for the lock (up to the store's busy timeout, which a loaded machine
            // may pass before the describes are all answered: then it says the store is busy).
            if let early { #expect(early["error"]?["code"] == 1004, "answered while the lock was held: \(early)") }
            input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
            try input.fileHandleForWriting.close()
            sqlite.waitUntilExit()
            let response = try early ?? server.response(to: write)
            #expect(response["result"]?["seed"] == "after the lock" || response["error"]?["code"] == 1004)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func cancellingALongAnimationStopsTheWorkAndEndsTheProgress() throws {
            let server = try ServerProcess()
            let seed = String(repeating: "Fonsters grow a letter at a time. ", count: 300).prefix(10_000).description
            let id = server.sendRequest("creature/animate", ["seed": .string(seed), "size": 2048, "workDoneToken": "anim"])
            let begin = try #require(try server.notification("$/progress"))
            #expect(begin["params"]?["value"]?["kind"] == "begin")
            try server.cancelAndExpectTheCPUToStop(id, token: "anim")
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func exitWithoutShutdownCancelsRunningWork() throws {
            let server = try ServerProcess()
            let seed = String(repeating: "abcdefghij", count: 1000)
            _ = server.sendRequest("creature/animate", ["seed": .string(seed), "size": 2048, "workDoneToken": 1])
            _ = try #require(try server.notification("$/progress"))
            server.notify("exit")
            #expect(server.process.waitForExit() == 1)
        }

        @Test func anOversizedBatchIsRefusedBeforeParsing() throws {
            let server = try ServerProcess(framing: .newlineDelimited)
            _ = try server.result("initialize")
            let line = "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]\n"
            #expect(server.process.writeRaw(Array(line.utf8)))
            let answer = try #require(try server.nextMessage())
            #expect(answer["error"]?["code"] == -32600)
            #expect(answer["error"]?["data"]?["limit"] == 1000)
            #expect(answer["error"]?["message"]?.string?.contains("at most 1,000") == true)
            #expect(try server.result("creature/describe", ["seed": "after"])["seed"] == "after")
            let peak = try #require(server.process.peakRSSKilobytes)
            #expect(peak < 96 * 1024, "peak RSS \(peak) kB")
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aFullBatchIsAnsweredUnderASmallConcurrencyLimit() throws {
            let server = try ServerProcess(ServerProcess.memoryArguments + ["--max-concurrent", "4"], framing: .newlineDelimited)
            let batch = JSONValue.array((1...1000).map { n in
                ["jsonrpc": "2.0", "id": .int(Int64(n)), "method": "creature/describe", "params": ["seed": .string("s\(n)")]]
            })
            server.send(batch)
            let answer = try #require(try server.nextMessage())
            #expect(answer.array?.count == 1000)
            #expect(answer.array?.allSatisfy { $0["result"] != nil } == true)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aResponseOverTheLimitSaysHowToPage() throws {
            let server = try ServerProcess(ServerProcess.memoryArguments + ["--max-response-bytes", "100000"])
            let seed = String(repeating: "paging ", count: 43).prefix(300).description
            let error = try server.error("creature/frames", ["seed": .string(seed), "size": 2048])
            #expect(error["code"] == -32001)
            #expect(error["data"]?["field"] == "count")
            let fit = try #require(error["data"]?["fit"]?.int)
            #expect(fit > 0 && fit < 300)
            #expect(error["message"]?.string?.contains("'start' and 'count'") == true)
            let page = try server.result("creature/frames", ["seed": .string(seed), "size": 2048, "count": .int(Int64(fit))])
            #expect(page["frames"]?.array?.count == fit)
            #expect(try server.error("creature/animate", ["seed": .string(seed), "size": 2048])["code"] == -32001)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aFirstLineOfNullIsNewlineDelimited() throws {
            let server = try ServerProcess(framing: .newlineDelimited)
            #expect(server.process.writeRaw(Array("null\n".utf8)))
            let refused = try #require(try server.nextMessage())
            #expect(refused["error"]?["code"] == -32600)
            #expect(try server.result("creature/describe", ["seed": "still here"])["seed"] == "still here")
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func stderrIsSilentByDefaultAndDebugLogsEachRequest() throws {
            let quiet = try ServerProcess(["--stdio", "--memory", "--no-starter"])
            _ = try quiet.result("creature/describe", ["seed": "quiet"])
            #expect(try quiet.shutdownAndExit() == 0)
            #expect(quiet.process.stderrText.isEmpty, "stderr: \(quiet.process.stderrText)")

            let chatty = try ServerProcess(["--stdio", "--memory", "--no-starter", "--log-level", "debug"])
            _ = try chatty.result("creature/describe", ["seed": "chatty"])
            _ = try chatty.error("fonsters/get", ["id": .string(Self.uuid(9))])
            #expect(try chatty.shutdownAndExit() == 0)
            let log = chatty.process.stderrText
            #expect(log.contains("creature/describe id 1: "), "stderr: \(log)")
            #expect(log.contains("ms, ok"))
            #expect(log.contains("fonsters/get id 2: ") && log.contains("error 1001"))
        }

        @Test func warningsGoToTheClientAsLogMessages() throws {
            let server = try ServerProcess(["--stdio", "--memory", "--no-starter"])
            server.send(["jsonrpc": "2.0", "id": 5, "result": 1])  // a response: the server sends no requests
            let warning = try #require(try server.notification("window/logMessage"))
            #expect(warning["params"]?["type"] == 2)
            #expect(warning["params"]?["message"]?.string?.contains("id 5") == true)
            #expect(try server.shutdownAndExit() == 0)
            #expect(server.process.stderrText.isEmpty)
        }

        @Test func anUnknownEngineNamesTheFieldAndTheKnownOnes() throws {
            let server = try ServerProcess()
            let error = try server.error("creature/render", ["seed": "x", "engine": "fonsters-v0"])
            #expect(error["code"] == -32602)
            #expect(error["data"]?["field"] == "engine")
            #expect(error["data"]?["known"]?.array?.contains("fonsters-v1") == true)
            let info = try server.result("initialize")
            #expect(info["capabilities"]?["experimental"]?["engines"]?.array?.contains("fonsters-v1") == true)
            #expect(info["capabilities"]?["experimental"]?["defaultEngine"] == info["engine"])
            let preview = try server.result("share/preview", ["url": .string(try server.result("share/build", ["seeds": ["a", "b"]])["url"]!.string!),
                                                              "engines": ["fonsters-v1"]])
            #expect(preview["seeds"]?[0]?["thumbnails"]?["fonsters-v1"] == preview["seeds"]?[0]?["thumbnail"])
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aSeedOverTheLimitSaysHowPeopleCount() throws {
            let server = try ServerProcess()
            let error = try server.error("creature/describe", ["seed": .string(String(repeating: "x", count: 10_234))])
            #expect(error["code"] == 1002)
            #expect(error["message"] == "A seed can be at most 10,000 characters long, where an emoji counts as two or more; this one is 10,234.")
            #expect(error["data"] == ["field": "seed", "limit": 10000, "length": 10234])
            let noMethod = try #require({ () throws -> JSONValue? in
                server.send(["jsonrpc": "2.0", "id": 77])
                return try server.response(to: 77)
            }())
            #expect(noMethod["error"]?["code"] == -32600)
            #expect(noMethod["error"]?["message"]?.string?.contains("needs a \"method\"") == true)
            #expect(try server.shutdownAndExit() == 0)
        }
    }
}
