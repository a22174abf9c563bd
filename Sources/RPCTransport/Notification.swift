/// A JSON-RPC notification: a call without an id, which gets no response.
///
/// Foundation also has a `Notification`; in files importing both, write `RPCTransport.Notification`.
public struct Notification: Sendable, Hashable {
    /// The method name.
    public var method: String
    /// The parameters (an array or an object), or `nil` when absent.
    public var params: JSONValue?

    /// A notification.
    public init(method: String, params: JSONValue? = nil) {
        self.method = method
        self.params = params
    }

    /// The wire form: `{"jsonrpc":"2.0","method":…,"params":…}`.
    public var json: JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { object["params"] = params }
        return .object(object)
    }
}
