import Testing
@testable import RPCTransport

@Suite struct MessageTests {
    private func classify(_ text: String) throws -> Result<Message, InvalidMessage> {
        Message.classify(try JSONValue(parsing: text))
    }

    @Test func classifiesRequestsNotificationsAndResponses() throws {
        #expect(try classify(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1}}"#)
            == .success(.request(Request(id: 1, method: "m", params: ["a": 1]))))
        #expect(try classify(#"{"jsonrpc":"2.0","id":"x","method":"m","params":[1]}"#)
            == .success(.request(Request(id: "x", method: "m", params: [1]))))
        #expect(try classify(#"{"jsonrpc":"2.0","method":"n"}"#)
            == .success(.notification(Notification(method: "n"))))
        #expect(try classify(#"{"jsonrpc":"2.0","id":3,"result":null}"#)
            == .success(.response(.success(id: 3, nil))))
        #expect(try classify(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#)
            == .success(.response(.failure(id: nil, .parseError("bad")))))
    }

    @Test func nullParamsReadAsAbsent() throws {
        #expect(try classify(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":null}"#)
            == .success(.request(Request(id: 1, method: "shutdown"))))
    }

    @Test(arguments: [
        (#"[1]"#, nil, "JSON object"),
        (#"{"id":1,"method":"m"}"#, 1, "jsonrpc"),
        (#"{"jsonrpc":"1.0","id":1,"method":"m"}"#, 1, "jsonrpc"),
        (#"{"jsonrpc":"2.0","id":1,"method":5}"#, 1, "method"),
        (#"{"jsonrpc":"2.0","id":{"a":1},"method":"m"}"#, nil, "id"),
        (#"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#, nil, "id"),
        (#"{"jsonrpc":"2.0","id":null,"method":"m"}"#, nil, "id"),
        (#"{"jsonrpc":"2.0","id":7,"method":"m","params":"p"}"#, 7, "params"),
        (#"{"jsonrpc":"2.0","method":"m","params":3}"#, nil, "params"),
        (#"{"jsonrpc":"2.0"}"#, nil, "method"),
        (#"{"jsonrpc":"2.0","id":4}"#, 4, "result"),
        (#"{"jsonrpc":"2.0","id":4,"result":1,"error":{"code":1,"message":"m"}}"#, 4, "result"),
        (#"{"jsonrpc":"2.0","id":4,"error":{"code":"x"}}"#, 4, "error"),
    ] as [(String, Int64?, String)])
    func rejectsWrongShapes(text: String, id: Int64?, mentions: String) throws {
        guard case .failure(let invalid) = try classify(text) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(invalid.id == id.map { RPCID.int($0) })
        #expect(invalid.message.contains(mentions), "\(invalid.message)")
        #expect(invalid.response.json["error"]?["code"] == -32600)
        #expect(invalid.response.json["id"] == (id.map { JSONValue.int($0) } ?? .null))
    }

    @Test func wireForms() {
        #expect(Request(id: 1, method: "m", params: ["a": 1]).json.serializedString()
            == #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1}}"#)
        #expect(Notification(method: "n").json.serializedString() == #"{"jsonrpc":"2.0","method":"n"}"#)
        #expect(Response.success(id: "s", ["ok": true]).json.serializedString()
            == #"{"jsonrpc":"2.0","id":"s","result":{"ok":true}}"#)
        #expect(Response.failure(id: nil, ResponseError(code: .invalidParams, message: "m", data: [1])).json.serializedString()
            == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"m","data":[1]}}"#)
    }

    /// A response's bytes, written straight from its parts, are those of its JSON value.
    @Test(arguments: [
        Response.success(id: "s", ["ok": true, "text": "a \"quoted\" line\n"]), Response.success(id: 7, nil),
        Response.success(id: -1, [1.5, "x"]), Response.failure(id: nil, ResponseError(code: .invalidParams, message: "m", data: [1])),
        Response.failure(id: "e", .requestCancelled),
    ])
    func responseBytesAreItsJSON(_ response: Response) {
        #expect(response.serialized() == response.json.serialized())
        #expect(String(decoding: response.serialized(), as: UTF8.self).hasPrefix(#"{"jsonrpc":"2.0","id":"#))
    }

    @Test func errorCodesMatchTheSpec() {
        #expect(ErrorCode.parseError.rawValue == -32700)
        #expect(ErrorCode.invalidRequest.rawValue == -32600)
        #expect(ErrorCode.methodNotFound.rawValue == -32601)
        #expect(ErrorCode.invalidParams.rawValue == -32602)
        #expect(ErrorCode.internalError.rawValue == -32603)
        #expect(ErrorCode.requestCancelled.rawValue == -32800)
        let custom: ErrorCode = -31001
        #expect(custom == ErrorCode(rawValue: -31001))
    }
}
