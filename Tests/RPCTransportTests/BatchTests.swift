import Testing
import TestSupport
@testable import RPCTransport

@Suite(.hangBackstop) struct BatchTests {
    private func server(_ mode: RPCServer.Mode) -> RPCServer {
        let server = RPCServer(mode: mode, log: .silent)
        server.register(method: "echo") { params, _ in params }
        return server
    }

    @Test(arguments: [RPCServer.Mode.concurrent, .sequential])
    func mixedBatchAnswersAsOneArray(mode: RPCServer.Mode) async throws {
        let client = TestClient(server(mode))
        client.send([
            ["jsonrpc": "2.0", "id": 1, "method": "echo", "params": ["a"]],
            ["jsonrpc": "2.0", "method": "echo", "params": ["note"]],
            1,
            ["jsonrpc": "2.0", "id": 2, "method": "nope"],
            ["jsonrpc": "2.0", "id": 3, "method": "echo", "params": ["b": true]],
        ])
        let answer = try await client.expectMessage()
        let responses = try #require(answer.array)
        #expect(responses.count == 4)
        let byID = Dictionary(grouping: responses) { $0["id"] ?? .null }
        #expect(byID[1]?.first?["result"] == ["a"])
        #expect(errorCode(byID[2]!.first!) == -32601)
        #expect(byID[3]?.first?["result"] == ["b": true])
        #expect(errorCode(byID[.null]!.first!) == -32600)
        _ = await client.finish()
    }

    @Test func emptyBatchIsOneInvalidRequest() async throws {
        let client = TestClient(server(.concurrent))
        client.sendRaw("Content-Length: 2\r\n\r\n[]")
        let answer = try await client.expectMessage()
        #expect(answer == ["jsonrpc": "2.0", "id": nil, "error": ["code": -32600, "message": "A batch must hold at least one request; this one is empty."]])
        _ = await client.finish()
    }

    @Test func allNotificationBatchSendsNothing() async throws {
        let client = TestClient(server(.concurrent))
        client.send([["jsonrpc": "2.0", "method": "echo"], ["jsonrpc": "2.0", "method": "other", "params": [1]]])
        client.request(9, "echo", ["single": true])
        #expect(try await client.expectMessage() == ["jsonrpc": "2.0", "id": 9, "result": ["single": true]])
        _ = await client.finish()
        #expect(try await client.drain().isEmpty)
    }

    @Test func batchOfInvalidValues() async throws {
        let client = TestClient(server(.concurrent))
        client.sendRaw("Content-Length: 7\r\n\r\n[1,2,3]")
        let answer = try await client.expectMessage()
        #expect(answer.array?.count == 3)
        #expect(answer.array?.allSatisfy { errorCode($0) == -32600 && $0["id"] == .null } == true)
        _ = await client.finish()
    }
}
