import Testing
@testable import RPC

private struct DescribeParams: Codable, Equatable {
    var seed: String
    var size: Int?
}

/// The example from the transport's hand-over notes, run over an in-memory pair.
private func exampleServer() -> RPCServer {
    let server = RPCServer(mode: .concurrent)
    server.register(method: "initialize") { _, _ in
        ["capabilities": [:], "serverInfo": ["name": "fonsters-rpc"]]
    }
    server.register(method: "fonsters/describe") { params, context in
        let seed = try params.requiredString("seed")
        let size = try params.optionalInt("size") ?? 32
        context.reportProgress(message: "drawing \(seed)", percentage: 50)
        try context.checkCancellation()
        return ["seed": .string(seed), "size": .number(size)]
    }
    server.register(method: "fonsters/typed") { params, _ in
        let typed: DescribeParams = try params.decode()
        return try JSONValue(encoding: typed)
    }
    return server
}

@Suite(.timeLimit(.minutes(1))) struct HandlerHelpersTests {
    @Test func exampleServerAnswers() async throws {
        let client = TestClient(exampleServer())
        client.request(1, "initialize", [:])
        #expect(try await client.expectMessage()["result"]?["serverInfo"]?["name"] == "fonsters-rpc")
        client.request(2, "fonsters/describe", ["seed": "abc"])
        #expect(try await client.expectMessage()["result"] == ["seed": "abc", "size": 32])
        client.request(3, "fonsters/describe", ["seed": 5])
        let wrongType = try await client.expectMessage()
        #expect(errorCode(wrongType) == -32602)
        #expect(errorMessage(wrongType) == "\"seed\" must be a string")
        client.request(4, "fonsters/describe", [:])
        #expect(errorMessage(try await client.expectMessage()) == "missing \"seed\"")
        _ = await client.finish()
    }

    @Test func codableBridge() async throws {
        let client = TestClient(exampleServer())
        client.request(1, "fonsters/typed", ["seed": "x", "size": 8])
        #expect(try await client.expectMessage()["result"] == ["seed": "x", "size": 8])
        client.request(2, "fonsters/typed", ["size": 8])
        let missing = try await client.expectMessage()
        #expect(errorCode(missing) == -32602)
        #expect(errorMessage(missing) == "missing \"seed\"")
        client.request(3, "fonsters/typed", ["seed": "x", "size": "big"])
        #expect(errorMessage(try await client.expectMessage())?.hasPrefix("wrong type at size") == true)
        _ = await client.finish()
    }

    @Test func optionalAccessors() throws {
        let params: JSONValue = ["a": nil, "b": true, "n": 3]
        #expect(try params.optionalString("a") == nil)
        #expect(try params.optionalBool("b") == true)
        #expect(try params.requiredBool("b"))
        #expect(try params.requiredInt("n") == 3)
        #expect(throws: ResponseError.invalidParams("\"n\" must be a string")) { try params.optionalString("n") }
        #expect(throws: ResponseError.invalidParams("missing \"a\"")) { try params.required("a") }
    }
}
