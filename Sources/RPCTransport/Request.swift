/// A JSON-RPC request: a call that expects exactly one response with the same id.
public struct Request: Sendable, Hashable {
    /// The id the response will carry.
    public var id: RPCID
    /// The method name.
    public var method: String
    /// The parameters (an array or an object), or `nil` when absent.
    public var params: JSONValue?

    /// A request.
    public init(id: RPCID, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// The wire form: `{"jsonrpc":"2.0","id":…,"method":…,"params":…}`.
    public var json: JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0", "id": id.json, "method": .string(method)]
        if let params { object["params"] = params }
        return .object(object)
    }
}
