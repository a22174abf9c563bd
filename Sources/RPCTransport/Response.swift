/// A JSON-RPC response: the result of a request, or an error. A result is any `JSONWritable`:
/// a handler's typed result is written straight into the response's bytes.
public struct Response: Sendable, Hashable {
    /// The id of the request answered; `nil` (JSON `null`) when that id could not be read.
    public var id: RPCID?
    /// The result or the error.
    public var result: Result<any JSONWritable, ResponseError>

    /// A response with `result` for `id`.
    public init(id: RPCID?, result: Result<any JSONWritable, ResponseError>) {
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
        // The bytes are ours and valid JSON, so they parse.
        (try? JSONParser.parse(serialized())) ?? .null
    }

    /// The bytes of `json`, written straight from the parts (no object of the whole response
    /// is built first).
    public func serialized() -> [UInt8] {
        var out = JSONWriter(capacity: 1024)
        write(into: &out)
        return out.bytes
    }

    /// Writes the bytes of `json` into `out`.
    public func write(into out: inout JSONWriter) {
        out.beginObject()
        out.key("jsonrpc"); out.string("2.0")
        out.key("id"); out.value(id?.json ?? .null)
        switch result {
        case .success(let value):
            out.key("result"); value.write(to: &out)
        case .failure(let error):
            out.key("error"); out.value(error.json)
        }
        out.endObject()
    }

    /// Two responses are equal when their JSON is.
    public static func == (lhs: Response, rhs: Response) -> Bool { lhs.json == rhs.json }

    /// Hashes the JSON.
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}
