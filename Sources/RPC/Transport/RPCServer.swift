/// Handles one request: gets its params (`.null` when absent) and a context; returns the result.
/// Throw a `ResponseError` to answer with that error; any other error becomes an internal
/// error (-32603) carrying its description; `CancellationError` becomes -32800.
public typealias RequestHandler = @Sendable (_ params: JSONValue, _ context: RequestContext) async throws -> JSONValue

/// Handles one notification: gets its params (`.null` when absent) and a context.
public typealias NotificationHandler = @Sendable (_ params: JSONValue, _ context: NotificationContext) async -> Void

/// A JSON-RPC 2.0 / LSP-style server: a table of method handlers and the loop that serves a
/// `Connection` with them.
///
/// - Unclaimed requests get methodNotFound (-32601) naming the method; unclaimed
///   notifications are ignored.
/// - `.concurrent` mode runs each request in its own Task (responses may come out of order);
///   notification handlers run in arrival order on the loop, so keep them short.
///   `.sequential` mode (scripts) handles one message at a time, strictly in order.
/// - Built in: `$/cancelRequest {id}` (the handler's Task is cancelled and the reply is -32800
///   at once; nothing extra if it already finished), `shutdown` (answered once every earlier
///   request has been answered: null, or a registered handler's result; from its arrival on,
///   other requests get invalidRequest "server is shutting down"), `exit` (stops reading;
///   requests already running still finish and are answered before `run` returns),
///   `initialized` (ignored unless registered). Requests before `initialize` are accepted;
///   `initialize` needs a handler.
/// - Batches are answered with one array; an empty batch gets a single invalidRequest error.
/// - Incoming responses (the server sends no requests of its own) are logged and dropped.
public final class RPCServer: Sendable {
    /// How requests are scheduled.
    public enum Mode: Sendable, Hashable {
        /// Each request runs in its own Task; responses may come out of order.
        case concurrent
        /// One message at a time, in arrival order; responses in request order.
        case sequential
    }

    /// How requests are scheduled.
    public let mode: Mode
    /// How many requests may run at once (concurrent mode) or wait in line (sequential mode)
    /// before the loop stops reading: backpressure towards the client. While it is reached,
    /// `$/cancelRequest` is not read either.
    public let maxConcurrentRequests: Int
    let log: TransportLog
    private let requestHandlers = Locked([String: RequestHandler]())
    private let notificationHandlers = Locked([String: NotificationHandler]())

    /// A server with no handlers yet.
    public init(mode: Mode = .concurrent, maxConcurrentRequests: Int = 1024, log: TransportLog = .standardError) {
        self.mode = mode
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
        self.log = log
    }

    /// Registers (or replaces) the handler for requests named `method`.
    public func register(method: String, _ handler: @escaping RequestHandler) {
        requestHandlers.withLock { $0[method] = handler }
    }

    /// Registers (or replaces) the handler for notifications named `method`.
    public func onNotification(method: String, _ handler: @escaping NotificationHandler) {
        notificationHandlers.withLock { $0[method] = handler }
    }

    /// The request handler for `method`, if registered.
    func requestHandler(_ method: String) -> RequestHandler? {
        requestHandlers.withLock { $0[method] }
    }

    /// The notification handler for `method`, if registered.
    func notificationHandler(_ method: String) -> NotificationHandler? {
        notificationHandlers.withLock { $0[method] }
    }

    /// Serves `connection` until its input ends or the client sends `exit`; waits for running
    /// requests to answer, then flushes and closes the connection's writer.
    public func run(on connection: Connection) async -> ServerExit {
        let session = ServerSession(server: self, connection: connection)
        return await session.run()
    }
}
