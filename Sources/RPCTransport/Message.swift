/// Any single JSON-RPC message, classified by shape.
public enum Message: Sendable, Hashable {
    /// Has an `id` and a `method`.
    case request(Request)
    /// Has a `method` and no `id`.
    case notification(Notification)
    /// Has a `result` or an `error`.
    case response(Response)

    /// The wire form.
    public var json: JSONValue {
        switch self {
        case .request(let r): return r.json
        case .notification(let n): return n.json
        case .response(let r): return r.json
        }
    }
}

/// Why a JSON value is not a JSON-RPC message, with the id when it could be read
/// (so the invalid-request error can carry it).
public struct InvalidMessage: Error, Sendable, Hashable {
    /// The request id, if the message had a readable one.
    public var id: RPCID?
    /// What is wrong.
    public var message: String

    /// The invalid-request response to send back.
    public var response: Response { .failure(id: id, .invalidRequest(message)) }
}

extension Message {
    /// Classifies one JSON value (not a batch) as a request, notification or response.
    ///
    /// Rules: `"jsonrpc": "2.0"` is required; `method` must be a string; `id` must be an
    /// integer or a string (a `null` id is rejected for requests); `params`, if present, must
    /// be an array or an object — `"params": null` is read as absent, as some clients send it.
    /// Unknown members are ignored.
    public static func classify(_ json: JSONValue) -> Result<Message, InvalidMessage> {
        guard case .object(let object) = json else {
            return .failure(InvalidMessage(id: nil, message: "A message must be a JSON object; this one is \(json.kindName)."))
        }
        let rawID = object["id"]
        let id = rawID.flatMap(RPCID.init(json:))
        let idIsValid = rawID == nil || id != nil || (rawID == .null && object["method"] == nil)
        guard object["jsonrpc"] == .string("2.0") else {
            return .failure(InvalidMessage(id: id, message: "A message must have \"jsonrpc\": \"2.0\"; this one does not."))
        }
        guard idIsValid else {
            return .failure(InvalidMessage(id: nil, message: "\"id\" must be an integer or a string; this one is \(rawID?.kindName ?? "missing")."))
        }
        if let rawMethod = object["method"] {
            guard case .string(let method) = rawMethod else {
                return .failure(InvalidMessage(id: id, message: "\"method\" must be a string; this one is \(rawMethod.kindName)."))
            }
            var params = object["params"]
            if params == .null { params = nil }
            switch params {
            case nil, .array?, .object?: break
            default: return .failure(InvalidMessage(id: id, message: "\"params\" must be an array or an object; this one is \(params?.kindName ?? "missing")."))
            }
            if let id {
                return .success(.request(Request(id: id, method: method, params: params)))
            }
            return .success(.notification(Notification(method: method, params: params)))
        }
        guard rawID != nil else {
            return .failure(InvalidMessage(id: nil, message: "A message needs a \"method\" (a request or notification) or an \"id\" with \"result\" or \"error\" (a response); this one has neither."))
        }
        if object["result"] == nil && object["error"] == nil {
            return .failure(InvalidMessage(id: id, message: "A request needs a \"method\"; this message has an \"id\" but no \"method\" (nor the \"result\" or \"error\" of a response)."))
        }
        switch (object["result"], object["error"]) {
        case (let result?, nil):
            return .success(.response(Response(id: id, result: .success(result))))
        case (nil, let error?):
            guard let error = ResponseError(json: error) else {
                return .failure(InvalidMessage(id: id, message: "A response's \"error\" must have an integer \"code\" and a string \"message\"; this one does not."))
            }
            return .success(.response(Response(id: id, result: .failure(error))))
        default:
            return .failure(InvalidMessage(id: id, message: "A response has exactly one of \"result\" and \"error\"; this one has both."))
        }
    }
}

extension JSONValue {
    /// What kind of JSON value this is, for messages: "an object", "a string", "null", ….
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        default: return "a number"
        }
    }
}
