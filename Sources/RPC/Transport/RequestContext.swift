/// Cancellation and completion state shared between a running request and the server.
final class RequestFlag: Sendable {
    private let state = Locked((cancelled: false, finished: false))

    /// Whether the client cancelled the request.
    var isCancelled: Bool { state.current.cancelled }
    /// Whether progress may still be reported (not cancelled, not answered).
    var isLive: Bool { state.withLock { !$0.cancelled && !$0.finished } }
    /// Marks the request cancelled.
    func cancel() { state.withLock { $0.cancelled = true } }
    /// Marks the request answered.
    func finish() { state.withLock { $0.finished = true } }
}

/// What a request handler gets besides its params: the request's identity, cancellation,
/// and ways to talk to the client while it works.
public struct RequestContext: Sendable {
    /// The request id.
    public let id: RPCID
    /// The method name.
    public let method: String
    /// The client's `params.workDoneToken` (an integer or a string), if it sent one.
    public let workDoneToken: JSONValue?
    let flag: RequestFlag
    let writer: MessageWriter

    /// Whether the client cancelled this request; a handler doing long work should check it.
    public var isCancelled: Bool { flag.isCancelled || Task.isCancelled }

    /// Throws the request-cancelled error (-32800) if the request was cancelled.
    public func checkCancellation() throws(ResponseError) {
        if isCancelled { throw ResponseError.requestCancelled }
    }

    /// Sends a notification to the client (e.g. `fonsters/didChange`).
    public func sendNotification(_ method: String, params: JSONValue? = nil) {
        writer.sendNotification(method, params: params)
    }

    /// Sends `$/progress {token, value}` if the client gave a `workDoneToken` and the request
    /// is still running; otherwise does nothing.
    public func reportProgress(_ value: JSONValue) {
        guard let workDoneToken, flag.isLive else { return }
        writer.sendNotification("$/progress", params: ["token": workDoneToken, "value": value])
    }

    /// Sends LSP's work-done `begin` progress.
    public func beginProgress(title: String, message: String? = nil, percentage: Int? = nil, cancellable: Bool = false) {
        var value: JSONObject = ["kind": "begin", "title": .string(title), "cancellable": .bool(cancellable)]
        if let message { value["message"] = .string(message) }
        if let percentage { value["percentage"] = .number(percentage) }
        reportProgress(.object(value))
    }

    /// Sends LSP's work-done `report` progress.
    public func reportProgress(message: String? = nil, percentage: Int? = nil) {
        var value: JSONObject = ["kind": "report"]
        if let message { value["message"] = .string(message) }
        if let percentage { value["percentage"] = .number(percentage) }
        reportProgress(.object(value))
    }

    /// Sends LSP's work-done `end` progress.
    public func endProgress(message: String? = nil) {
        var value: JSONObject = ["kind": "end"]
        if let message { value["message"] = .string(message) }
        reportProgress(.object(value))
    }
}

/// What a notification handler gets besides its params.
public struct NotificationContext: Sendable {
    /// The method name.
    public let method: String
    let writer: MessageWriter

    /// Sends a notification to the client.
    public func sendNotification(_ method: String, params: JSONValue? = nil) {
        writer.sendNotification(method, params: params)
    }
}
