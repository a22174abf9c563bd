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

    /// The bytes of `json`, written straight from the parts (no object of the whole response
    /// is built first).
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        out.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
        JSONSerializer.write(id?.json ?? .null, into: &out)
        switch result {
        case .success(let value):
            out.append(contentsOf: #","result":"#.utf8)
            JSONSerializer.write(value, into: &out)
        case .failure(let error):
            out.append(contentsOf: #","error":"#.utf8)
            JSONSerializer.write(error.json, into: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}
