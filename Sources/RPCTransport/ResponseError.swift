/// The `error` member of a response; also what handlers throw to answer with a specific error.
public struct ResponseError: Error, Sendable, Hashable {
    /// The error code.
    public var code: ErrorCode
    /// A short, human-readable description.
    public var message: String
    /// Optional extra information.
    public var data: JSONValue?

    /// An error with `code`, `message` and optional `data`.
    public init(code: ErrorCode, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The error object as JSON: `{"code":…,"message":…,"data":…}`.
    public var json: JSONValue {
        var object: JSONObject = ["code": .int(Int64(code.rawValue)), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    /// Reads an error object; `nil` if `code` is not an integer or `message` not a string.
    public init?(json: JSONValue) {
        guard let code = json["code"]?.int, let message = json["message"]?.string else { return nil }
        self.init(code: ErrorCode(rawValue: code), message: message, data: json["data"])
    }
}

extension ResponseError {
    /// A parse error (-32700) with `message`.
    public static func parseError(_ message: String) -> ResponseError {
        ResponseError(code: .parseError, message: message)
    }

    /// An invalid-request error (-32600) with `message`.
    public static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: .invalidRequest, message: message)
    }

    /// A method-not-found error (-32601) naming `method` — its first 100 characters: an answer
    /// decided on arrival never grows with what a client sends.
    public static func methodNotFound(_ method: String) -> ResponseError {
        let shown = method.utf8.count <= 100 ? method : method.prefix(100) + "… (\(method.utf8.count) bytes)"
        return ResponseError(code: .methodNotFound, message: "There is no method named \"\(shown)\"; initialize lists the methods.")
    }

    /// An invalid-params error (-32602) with `message`.
    public static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: .invalidParams, message: message)
    }

    /// An internal error (-32603) with `message`.
    public static func internalError(_ message: String) -> ResponseError {
        ResponseError(code: .internalError, message: message)
    }

    /// A response of `bytes` (at least) over the `limit`; `batch` when the batch's responses
    /// together pass it.
    public static func responseTooLarge(bytes: Int, limit: Int, batch: Bool) -> ResponseError {
        let what = batch ? "The responses to this batch would take" : "The response would take"
        return ResponseError(
            code: .responseTooLarge,
            message: "\(what) \(bytes) bytes, more than the limit of \(limit). Ask for less at a time\(batch ? " or send fewer requests per batch" : "").",
            data: ["limit": .int(Int64(limit)), "length": .int(Int64(bytes))])
    }

    /// -32001 for a request whose params alone show its response cannot fit `limit`.
    static func tooLargeBeforeWork(_ scheduling: Scheduling, limit: Int) -> ResponseError {
        var data: JSONObject = ["limit": .int(Int64(limit)), "length": .int(Int64(scheduling.minimumResponseBytes))]
        if let field = scheduling.tooLargeField { data["field"] = .string(field) }
        var fits = ""
        if let unit = scheduling.bytesPerItem, unit > 0 {
            let fit = max(1, limit / unit)
            data["fit"] = .int(Int64(fit))
            fits = " About \(fit) fit in one response."
        }
        return ResponseError(
            code: .responseTooLarge,
            message: "The response would take at least \(scheduling.minimumResponseBytes) bytes, more than the limit of \(limit), so nothing was done.\(fits) "
                + "\(scheduling.tooLargeHint ?? "Ask for less at a time.")",
            data: .object(data))
    }

    /// The request-cancelled error (-32800).
    public static let requestCancelled = ResponseError(code: .requestCancelled, message: "The request was cancelled.")
}

extension ResponseError: CustomStringConvertible {
    /// "<message> (<code>)".
    public var description: String { "\(message) (\(code.rawValue))" }
}
