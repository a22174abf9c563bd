/// A JSON-RPC response: the result of a request, or an error.
public struct Response: Sendable, Hashable {
    /// The id of the request answered; `nil` (JSON `null`) when that id could not be read.
    public var id: RPCID?
    /// The result or the error.
    public var result: Result<JSONValue, ResponseError>

    /// A response with `result` for `id`.
    public init(id: RPCID?, result: Result<JSONValue, ResponseError>) {
        self.id = id
        self.result = result
    }

    /// A success response.
    public static func success(id: RPCID, _ value: JSONValue) -> Response {
        Response(id: id, result: .success(value))
    }

    /// An error response.
    public static func failure(id: RPCID?, _ error: ResponseError) -> Response {
        Response(id: id, result: .failure(error))
    }

    /// The wire form: `{"jsonrpc":"2.0","id":…,"result":…}` or `{…,"error":{…}}`.
    public var json: JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0", "id": id?.json ?? .null]
        switch result {
        case .success(let value): object["result"] = value
        case .failure(let error): object["error"] = error.json
        }
        return .object(object)
    }
}
