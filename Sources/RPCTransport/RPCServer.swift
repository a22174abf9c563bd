/// Handles one request: gets its params (`.null` when absent) and a context; returns the result.
/// Throw a `ResponseError` to answer with that error; any other error becomes an internal
/// error (-32603) carrying its description; `CancellationError` becomes -32800.
public typealias RequestHandler = @Sendable (_ params: JSONValue, _ context: RequestContext) async throws -> JSONValue

/// Handles one notification: gets its params (`.null` when absent) and a context.
public typealias NotificationHandler = @Sendable (_ params: JSONValue, _ context: NotificationContext) async -> Void

/// Decides how one request is scheduled, from its params (`.null` when absent).
public typealias Scheduler = @Sendable (_ params: JSONValue) -> Scheduling

/// A request's handler with its params already read: answers it given its context, with a
/// result that writes itself into the response.
public typealias PreparedHandler = @Sendable (_ context: RequestContext) async throws -> any JSONWritable

/// Reads one request's params (`.null` when absent) once: how it is scheduled, and the handler
/// that answers it with what was read (or throws what reading them found wrong).
public typealias Planner = @Sendable (_ params: JSONValue) -> (scheduling: Scheduling, handler: PreparedHandler)

/// A JSON-RPC 2.0 / LSP-style server: a table of method handlers and the loop that serves a
/// `Connection` with them.
///
/// - Unclaimed requests get methodNotFound (-32601) naming the method. A notification of a
///   request method runs like that request, in its place, unanswered; other unclaimed
///   notifications are ignored. A request reusing the id of one still running is refused
///   (-32600, id null, the message naming the id).
/// - `.concurrent` mode: each request is scheduled as its method's `Planner` (or `Scheduler`)
///   says, its params read once. Ordered requests start one at a time in arrival order
///   (across batches and inside them); each
///   holds the line until it finishes or calls `RequestContext.leaveOrder()`. Free requests
///   start at once and may answer out of order. Notification handlers run in arrival order on
///   the loop, so keep them short. `.sequential` mode (scripts) treats every message as ordered
///   and holds the line until it is answered, so responses come in request order.
/// - Bounds (`ServerLimits`): running requests' weights stay within `maxConcurrentRequests`
///   and their estimated bytes (`Scheduling.bytes`), with the answers not yet written, within
///   `maxQueuedOutputBytes`; requests that do not fit wait in line while the loop goes on
///   reading (up to `maxWaitingRequests`); the loop stops reading while more than
///   `maxQueuedOutputBytes` of output wait for the client; a request whose
///   `Scheduling.minimumResponseBytes` passes `maxResponseBytes` is refused on arrival; a batch of more than
///   `maxBatchEntries` is refused before its entries are parsed; a response over
///   `maxResponseBytes` (or a batch response over `maxBatchResponseBytes`) is replaced by a
///   `responseTooLarge` error.
/// - Built in: `$/cancelRequest {id}` (the handler's Task is cancelled and the reply is -32800
///   at once; nothing extra if it already finished), `shutdown` (answered once every earlier
///   request has been answered: null, or a registered handler's result; from its arrival on,
///   other requests get invalidRequest), `exit` (stops reading; without an earlier `shutdown` it
///   cancels every running request; all are answered before `run` returns),
///   `initialized` (ignored unless registered). Requests before `initialize` are accepted;
///   `initialize` needs a handler.
/// - Batches are answered with one array; an empty batch gets a single invalidRequest error.
/// - Incoming responses go to the `onResponse` handlers (the requests the server sends: `workspace/configuration`); others are logged and dropped.
/// - A closed output (EPIPE) ends `run` as end of input does, cancelling what runs.
/// - CPU-bound handler work goes through `RequestContext.compute`, on threads of its own.
public final class RPCServer: Sendable {
    /// How requests are scheduled.
    public enum Mode: Sendable, Hashable {
        /// Requests scheduled by their `Scheduler`: ordered ones in line, free ones at once.
        case concurrent
        /// One message at a time, in arrival order; responses in request order.
        case sequential
    }

    /// How requests are scheduled.
    public let mode: Mode
    /// The bounds kept whatever the client sends.
    public let limits: ServerLimits
    /// The memory budget every session of this server shares (`limits.memoryBudget` bytes).
    public let budget: MemoryBudget
    /// How many units of work may run at once (`limits.maxConcurrentRequests`).
    public var maxConcurrentRequests: Int { limits.maxConcurrentRequests }
    let log: TransportLog
    let requestLog: TransportLog?
    private let requestHandlers = Locked([String: Planner]())
    private let notificationHandlers = Locked([String: NotificationHandler]())
    private let sessionEndHandlers = Locked([@Sendable (SessionID) -> Void]())
    private let responseHandlers = Locked([@Sendable (SessionID, Response) -> Bool]())

    /// A server with no handlers yet. `requestLog`, when given, hears one line per request:
    /// its method, id, duration and outcome.
    /// `budget`, when given, is shared with what else charges it (the look-alike pictures);
    /// else the server makes one of `limits.memoryBudget` bytes.
    public init(mode: Mode = .concurrent, limits: ServerLimits = ServerLimits(),
                log: TransportLog = .standardError, requestLog: TransportLog? = nil, budget: MemoryBudget? = nil) {
        self.mode = mode
        var limits = limits
        limits.maxConcurrentRequests = max(1, limits.maxConcurrentRequests)
        self.limits = limits
        self.budget = budget ?? MemoryBudget(limit: limits.memoryBudget)
        self.log = log
        self.requestLog = requestLog
    }

    /// A server with no handlers yet, allowing `maxConcurrentRequests` units of work at once.
    public convenience init(mode: Mode = .concurrent, maxConcurrentRequests: Int, log: TransportLog = .standardError) {
        var limits = ServerLimits()
        limits.maxConcurrentRequests = maxConcurrentRequests
        self.init(mode: mode, limits: limits, log: log)
    }

    /// Registers (or replaces) the handler for requests named `method`, scheduled as
    /// `scheduler` says (free by default).
    public func register(method: String, scheduler: @escaping Scheduler = { _ in .free },
                         _ handler: @escaping RequestHandler) {
        register(method: method) { params in (scheduler(params), { context in try await handler(params, context) }) }
    }

    /// Registers (or replaces) the requests named `method`, each planned by `planner`: its
    /// params read once into its scheduling and its handler.
    public func register(method: String, planner: @escaping Planner) {
        requestHandlers.withLock { $0[method] = planner }
    }

    /// Registers (or replaces) the handler for notifications named `method`.
    public func onNotification(method: String, _ handler: @escaping NotificationHandler) {
        notificationHandlers.withLock { $0[method] = handler }
    }

    /// Registers `handler` to hear that a session ended (its input over and every request of it
    /// answered): what was kept for it can be let go.
    public func onSessionEnd(_ handler: @escaping @Sendable (SessionID) -> Void) {
        sessionEndHandlers.withLock { $0.append(handler) }
    }

    /// Tells the session-end handlers that `session` ended.
    func sessionEnded(_ session: SessionID) {
        for handler in sessionEndHandlers.current { handler(session) }
    }

    /// Registers `handler` to hear the client's responses (to requests the server sent it, e.g.
    /// `workspace/configuration`); it returns whether the response was its.
    public func onResponse(_ handler: @escaping @Sendable (SessionID, Response) -> Bool) {
        responseHandlers.withLock { $0.append(handler) }
    }

    /// Gives `response` to the response handlers; false when none took it.
    func responded(_ session: SessionID, _ response: Response) -> Bool {
        responseHandlers.current.contains { $0(session, response) }
    }

    /// The planner of requests named `method`, if registered.
    func planner(for method: String) -> Planner? {
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
