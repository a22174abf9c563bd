import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// JSON-RPC manners an adversarial pass found missing, each over real pipes: notifications
    /// of write methods run, a byte order mark, a bare `\r`, a newline-delimited line on a
    /// Content-Length connection, a duplicate id in flight, a client that closes its read end.
    @Suite struct ProtocolManners {
        static let fonster = "00000000-0000-4000-8000-000000000019"

        @Test(arguments: WireFraming.allCases)
        func writeNotificationsRunInTheirPlace(_ framing: WireFraming) throws {
            let server = try ServerProcess(framing: framing)
            server.notify("fonsters/create", ["id": .string(Self.fonster), "seed": "first", "name": "n"])
            server.notify("fonsters/update", ["id": .string(Self.fonster), "seed": "second"])
            #expect(try server.result("fonsters/get", ["id": .string(Self.fonster)])["seed"] == "second")
            server.notify("fonsters/delete", ["id": .string(Self.fonster)])
            #expect(try server.result("fonsters/list")["fonsters"]?.array?.isEmpty == true)
            // A notification is never answered, not even with an error.
            server.notify("fonsters/update", ["id": .string(Self.fonster), "seed": "gone"])
            let id = server.sendRequest("creature/describe", ["seed": "x"])
            let next = try #require(try server.nextMessage())
            #expect(next["id"] == id)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aByteOrderMarkBeforeTheFirstHeaderIsSkipped() throws {
            let server = try ServerProcess()
            let body = Request(id: 1, method: "creature/describe", params: ["seed": "bom"]).json.serialized()
            #expect(server.process.writeRaw([0xEF, 0xBB, 0xBF] + WireFraming.contentLength.frame(body)))
            // The answer comes with a Content-Length header (the strict reader refuses anything else).
            let answer = try #require(try server.nextMessage())
            #expect(answer["id"] == 1 && answer["result"]?["seed"] == "bom")
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aBareCarriageReturnIsAFramingErrorAndTheNextMessageIsRead() throws {
            let server = try ServerProcess()
            let first = Request(id: 1, method: "creature/describe", params: ["seed": "one"]).json.serialized()
            let second = Request(id: 2, method: "creature/describe", params: ["seed": "two"]).json.serialized()
            #expect(server.process.writeRaw(Array("Content-Length: \(first.count)\r\r".utf8) + first
                                            + WireFraming.contentLength.frame(second)))
            let error = try #require(try server.nextMessage())
            #expect(error["id"] == .null && error["error"]?["code"] == -32700)
            #expect(try server.response(to: 2)["result"]?["seed"] == "two")
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aNewlineDelimitedMessageOnAContentLengthConnectionIsAnswered() throws {
            let server = try ServerProcess()
            let body: (Int64) -> [UInt8] = { Request(id: .int($0), method: "creature/describe", params: ["seed": "s"]).json.serialized() }
            #expect(server.process.writeRaw(WireFraming.contentLength.frame(body(1)) + body(2) + [0x0A]
                                            + WireFraming.contentLength.frame(body(3))))
            var ids: [JSONValue] = []
            var errors: [JSONValue] = []
            for _ in 0..<3 {
                let message = try #require(try server.nextMessage())
                if let error = message["error"] { errors.append(error) } else { ids.append(message["id"] ?? .null) }
            }
            #expect(Set(ids) == [1, 3])
            #expect(errors.count == 1 && errors.first?["code"] == -32700)
            #expect(errors.first?["message"]?.string?.contains("Content-Length") == true)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func aDuplicateIDInFlightIsRefusedWithANullIDNamingIt() throws {
            let server = try ServerProcess()
            let long = String(repeating: "A hostile client keeps the server busy. ", count: 250)
            server.send(Request(id: 77, method: "creature/animate", params: ["seed": .string(long), "size": 2048]).json)
            server.send(Request(id: 77, method: "creature/describe", params: ["seed": "twin"]).json)
            let refusal = try #require(try server.nextMessage())
            #expect(refusal["id"] == .null)
            #expect(refusal["error"]?["code"] == -32600)
            #expect(refusal["error"]?["message"]?.string?.contains("77") == true)
            server.notify("$/cancelRequest", ["id": 77])
            let cancelled = try server.response(to: 77)
            #expect(cancelled["error"]?["code"] == -32800)
            #expect(try server.shutdownAndExit() == 0)
        }

        /// The client closes its read end of the server's stdout and keeps its input open: the
        /// first answer that cannot be written ends the server (exit 0, as at end of input).
        @Test func aClosedOutputEndsTheServerAsEndOfInputDoes() throws {
            let (process, input, output) = try ServerProcess.bare()
            defer { if process.isRunning { process.terminate() } }
            try output.fileHandleForReading.close()  // the client will never read
            let create = Request(id: 1, method: "fonsters/create", params: ["seed": "unacknowledged"]).json.serializedString() + "\n"
            input.fileHandleForWriting.write(Data(create.utf8))
            try? waitUntil("the server to exit with its output closed") { !process.isRunning }
            #expect(!process.isRunning, "the server kept running with its output closed")
            if !process.isRunning { #expect(process.terminationStatus == 0) }
            try? input.fileHandleForWriting.close()
        }
    }
}
