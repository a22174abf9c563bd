import Foundation
import Testing
import TestSupport
import RPC
import CreatureCore

extension EndToEnd {
    /// Every bad input gets its error; the process stays up and the store does not change.
    @Suite(.tags(.slow), .notInQuickTier) struct BadInput {
        /// A server on a store file holding one Fonster, and the library as listed now.
        private func serverWithOneFonster(_ directory: TemporaryDirectory, framing: WireFraming = .contentLength) throws -> (ServerProcess, JSONValue) {
            let server = try ServerProcess(["--stdio", "--store", directory.path("lib.sqlite"), "--no-starter", "--log-level", "off"], framing: framing)
            _ = try server.result("fonsters/create", ["id": "11111111-1111-4111-8111-111111111111", "name": "Keep", "seed": "abc"])
            return (server, try server.result("fonsters/list"))
        }

        /// After a bad input: still answering, library unchanged.
        private func expectUnharmed(_ server: ServerProcess, _ before: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(server.process.isRunning, "the server exited; stderr: \(server.process.stderrText)", sourceLocation: sourceLocation)
            #expect(try server.result("fonsters/list", sourceLocation: sourceLocation) == before, sourceLocation: sourceLocation)
        }

        /// The next message, which must be an error response with a null id; its error.
        private func nullIDError(_ server: ServerProcess, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
            let message = try #require(try server.nextMessage(), sourceLocation: sourceLocation)
            #expect(message["id"] == .null && message["jsonrpc"] == "2.0", sourceLocation: sourceLocation)
            return try #require(message["error"], "\(message)", sourceLocation: sourceLocation)
        }

        @Test(arguments: WireFraming.allCases)
        func messagesThatAreNotRequests(framing: WireFraming) throws {
            let directory = try TemporaryDirectory()
            let (server, before) = try serverWithOneFonster(directory, framing: framing)
            let raw: (String) -> Void = { server.process.send(body: Array($0.utf8)) }

            raw(#"{"jsonrpc":"2.0","id":1,"method":"fonsters/delete","params":{"id":"11111111-1111-4111-8111-111111111111""#)
            #expect(try nullIDError(server)["code"] == -32700)
            try expectUnharmed(server, before)

            raw(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
            #expect(try nullIDError(server)["code"] == -32700)
            try expectUnharmed(server, before)

            for (shape, id) in [(#"42"#, JSONValue.null), (#"{"jsonrpc":"2.0"}"#, .null), (#"[]"#, .null),
                                (#"{"jsonrpc":"2.0","method":7,"id":3}"#, 3),
                                (#"{"jsonrpc":"2.0","id":{"a":1},"method":"fonsters/list"}"#, .null)] {
                raw(shape)
                let message = try #require(try server.nextMessage())
                #expect(message["error"]?["code"] == -32600 && (message["id"] == id || message["id"] == .null), "\(shape): \(message)")
            }
            try expectUnharmed(server, before)

            raw(#"{"jsonrpc":"1.0","id":5,"method":"fonsters/delete","params":{"id":"11111111-1111-4111-8111-111111111111"}}"#)
            let wrongVersion = try #require(try server.nextMessage())
            #expect(wrongVersion["id"] == 5 && wrongVersion["error"]?["code"] == -32600)
            try expectUnharmed(server, before)

            let batch = try #require(try { () throws -> JSONValue? in
                raw(#"[{"jsonrpc":"2.0","id":"b1","method":"nope"},1,{"jsonrpc":"2.0","id":"b2","method":"fonsters/get","params":{"id":"11111111-1111-4111-8111-111111111111"}}]"#)
                return try server.nextMessage()
            }())
            let answers = batch.array ?? []
            #expect(answers.count == 3)
            #expect(answers.first { $0["id"] == "b1" }?["error"]?["code"] == -32601)
            #expect(answers.first { $0["id"] == "b2" }?["result"]?["name"] == "Keep")
            #expect(answers.first { $0["id"] == .null }?["error"]?["code"] == -32600)

            let unknown = try server.error("fonsters/explode", ["id": "11111111-1111-4111-8111-111111111111"])
            #expect(unknown["code"] == -32601 && unknown["message"]?.string?.contains("fonsters/explode") == true)
            try expectUnharmed(server, before)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func badParamsNameTheField() throws {
            let directory = try TemporaryDirectory()
            let (server, before) = try serverWithOneFonster(directory)
            let id: JSONValue = "11111111-1111-4111-8111-111111111111"
            let cases: [(String, JSONValue, Int, String)] = [
                ("fonsters/create", ["seed": 5], -32602, "seed"),
                ("fonsters/create", ["name": ["x"]], -32602, "name"),
                ("fonsters/update", ["id": id, "seed": true], -32602, "seed"),
                ("fonsters/update", ["id": "not-a-uuid", "seed": "x"], -32602, "id"),
                ("fonsters/delete", [:], -32602, "id"),
                ("fonsters/move", ["id": id, "index": "first"], -32602, "index"),
                ("fonsters/move", ["id": id, "index": 5], -32602, "index"),
                ("fonsters/create", ["id": id, "seed": "again"], -32602, "id"),
                ("fonsters/random", ["id": id, "source": "dreams"], -32602, "source"),
                ("fonsters/useFrame", ["id": id, "frame": 1.5], -32602, "frame"),
                ("fonsters/list", ["thumbnails": "yes"], -32602, "thumbnails"),
                ("creature/render", ["seed": "a", "size": "big"], -32602, "size"),
                ("creature/render", ["seed": "a", "size": 16], -32602, "size"),
                ("creature/render", ["seed": "a", "size": 4096], -32602, "size"),
                ("creature/render", ["seed": "a", "size": 100], -32602, "size"),
                ("creature/render", ["seed": "a", "format": "bmp"], -32602, "format"),
                ("creature/render", [:], -32602, "seed"),
                ("creature/frames", ["seed": "abc", "speed": 5], -32602, "speed"),
                ("creature/render", ["seed": "a", "id": id], -32602, "seed"),
                ("share/build", ["seeds": [1, 2]], -32602, "seeds[0]"),
                ("share/import", ["url": 3], -32602, "url"),
                ("library/import", ["bundle": "x"], -32602, "bundle"),
            ]
            for (method, params, code, field) in cases {
                let error = try server.error(method, params)
                #expect(error["code"]?.int == code, "\(method) \(params): \(error)")
                if !field.isEmpty { #expect(error["data"]?["field"]?.string == field, "\(method) \(params): \(error)") }
                #expect(error["message"]?.string?.isEmpty == false)
            }
            // params that are not an object
            server.send(["jsonrpc": "2.0", "id": 99, "method": "fonsters/list", "params": [1, 2]])
            let arrayParams = try server.response(to: 99)
            #expect(arrayParams["error"]?["code"] == -32602 && arrayParams["error"]?["data"]?["field"] == "params")
            try expectUnharmed(server, before)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func limitsOnSeedsLinksAndFrames() throws {
            let directory = try TemporaryDirectory()
            let (server, before) = try serverWithOneFonster(directory)
            let id: JSONValue = "11111111-1111-4111-8111-111111111111"
            let tooLong = JSONValue.string(String(repeating: "é", count: 10_001))
            let limit = JSONValue.string(String(repeating: "😀", count: 5_000)) // exactly 10,000 UTF-16 units
            for (method, params, field) in [("creature/render", ["seed": tooLong, "size": 32] as JSONValue, "seed"),
                                            ("fonsters/create", ["seed": tooLong], "seed"),
                                            ("fonsters/create", ["name": tooLong], "name"),
                                            ("fonsters/update", ["id": id, "seed": tooLong], "seed"),
                                            ("share/build", ["seeds": [tooLong]], "seeds[0]"),
                                            ("share/preview", ["url": .string("https://x.example/?cards=" + Data(("[\"" + String(repeating: "a", count: 10_001) + "\"]").utf8).base64EncodedString())], "url")] {
                let error = try server.error(method, params)
                #expect(error["code"] == 1002 && error["data"]?["field"]?.string == field, "\(method): \(error)")
            }
            #expect(try server.result("creature/describe", ["seed": limit])["seed"] == limit)

            let base = "https://nathanfennel.com/games/creature-avatar?cards="
            func link(_ json: String) -> JSONValue {
                var text = Data(json.utf8).base64EncodedString()
                text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
                return .string(base + text)
            }
            let bad: [(JSONValue, Int)] = [
                (.string(base + "!!!not*base64!!!"), 1003),
                (link("this is not json"), 1003),
                (link(#"{"seeds":["a"]}"#), 1003),
                (link(#"["a",2]"#), 1003),
                (.string("https://example.com/?nothing=1"), 1003),
                (link(JSONValue.array((0..<100_000).map { .string("s\($0)") }).serializedString()), 1009),
                (link(JSONValue.array((0..<1_001).map { .string("s\($0)") }).serializedString()), 1009),
            ]
            for (url, code) in bad {
                for method in ["share/import", "share/preview"] {
                    let error = try server.error(method, ["url": url])
                    #expect(error["code"]?.int == code && error["data"]?["field"] == "url", "\(method) \(url.string?.prefix(80) ?? ""): \(error)")
                }
            }
            let manySeeds: JSONValue = .array((0..<1_001).map { .string("s\($0)") })
            #expect(try server.error("share/build", ["seeds": manySeeds])["code"] == 1009)

            #expect(try server.error("creature/frames", ["seed": "abc", "start": 3])["code"] == 1008)
            let negative = try server.error("creature/frames", ["seed": "abc", "start": -1])
            #expect(negative["code"] == -32602 && negative["data"]?["field"] == "start")
            let huge = try server.result("creature/frames", ["seed": "abc", "start": 1, "count": .int(Int64.max), "size": 32])
            #expect(huge["frames"]?.array?.count == 2)
            let frameError = try server.error("fonsters/useFrame", ["id": id, "frame": 4])
            #expect(frameError["code"] == 1008 && frameError["data"]?["field"] == "frame")
            #expect(try server.error("fonsters/useFrame", ["id": id, "frame": 0])["code"] == 1008)
            let lastFrame = try server.result("creature/frames", ["seed": "abc", "start": 2, "size": 32])
            #expect(lastFrame["frames"]?.array?.count == 1)
            try expectUnharmed(server, before)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aHundredMegabyteHeaderIsSkipped() throws {
            let directory = try TemporaryDirectory()
            let (server, before) = try serverWithOneFonster(directory)
            let body = Array(#"{"jsonrpc":"2.0","id":"skipped","method":"fonsters/delete","params":{"id":"11111111-1111-4111-8111-111111111111"}}"#.utf8)
            var junk = Array("X-Junk: ".utf8)
            junk += [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
            junk += Array("\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
            #expect(server.process.writeRaw(junk))
            let error = try nullIDError(server)
            #expect(error["code"] == -32700 && error["message"]?.string?.contains("header") == true)
            try expectUnharmed(server, before)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func missingContentLengthIsAnErrorAndTheServerGoesOn() throws {
            let directory = try TemporaryDirectory()
            let (server, before) = try serverWithOneFonster(directory)
            let body = #"{"jsonrpc":"2.0","id":1,"method":"fonsters/delete","params":{"id":"11111111-1111-4111-8111-111111111111"}}"#
            server.process.writeRaw(Array("Content-Type: application/json\r\n\r\n\(body)".utf8))
            let error = try nullIDError(server)
            #expect(error["code"] == -32700 && error["message"]?.string?.contains("Content-Length") == true)
            // The message without a length is skipped (its delete never runs); the server finds
            // the next Content-Length header and answers as before.
            try expectUnharmed(server, before)
            #expect(try server.shutdownAndExit() == 0)
            try expectStoreUnchanged(directory, before)
        }

        @Test func aBodyCutShortByEndOfInput() throws {
            let directory = try TemporaryDirectory()
            let (server, before) = try serverWithOneFonster(directory)
            server.process.writeRaw(Array("Content-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"fonsters/delete\"".utf8))
            server.process.closeInput()
            #expect(server.process.waitForExit() == 0)
            #expect(server.process.stderrText.isEmpty) // --log-level off
            #expect(try server.nextMessage(timeout: 1) == nil)
            #expect(server.process.stdoutViolation == nil)
            try expectStoreUnchanged(directory, before)
        }

        /// A second server on the same file lists the same library.
        private func expectStoreUnchanged(_ directory: TemporaryDirectory, _ before: JSONValue) throws {
            let check = try ServerProcess(["--stdio", "--store", directory.path("lib.sqlite"), "--no-starter"])
            #expect(try check.result("fonsters/list") == before)
            #expect(try check.shutdownAndExit() == 0)
        }
    }
}
