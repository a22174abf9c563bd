import Compute

/// Cancellation, completion, progress and order state shared between a running request and
/// the server.
public final class RequestFlag: Sendable {
    private struct State {
        var cancelled = false
        /// A cancel came after the request committed a write (it is answered with its result).
        var cancelAsked = false
        /// Inside a store write transaction: a cancel now is answered by the request itself,
        /// once the write has rolled back.
        var writing = false
        /// A write of this request committed: cancels no longer apply to it.
        var committed = false
        var finished = false
        var progressOpen = false
        var orderReleased = false
        var orderWaiter: CheckedContinuation<Void, Never>?
    }
    private let state = Locked(State())
    /// Whether only the end of the request releases the ordered lane (sequential mode).
    public let holdsOrderUntilDone: Bool

    /// A flag for a request not yet cancelled, answered or out of the ordered lane.
    public init(holdsOrderUntilDone: Bool = false) { self.holdsOrderUntilDone = holdsOrderUntilDone }

    /// Whether the client cancelled the request.
    public var isCancelled: Bool { state.current.cancelled }
    /// Whether progress may still be reported (not cancelled, not answered).
    public var isLive: Bool { state.withLock { !$0.cancelled && !$0.finished } }
    /// How a cancel applies to a request (`cancel()`).
    public enum CancelOutcome: Equatable {
        /// Nothing was changed and nothing will be: answer -32800 now.
        case answerNow
        /// A write is under way: it rolls back, then the request answers -32800 itself.
        case afterRollback
        /// A write committed: the request goes on and answers with its result.
        case tooLate
    }

    /// Marks the request cancelled, unless a write of it has committed (then only `cancelAsked`).
    @discardableResult
    public func cancel() -> CancelOutcome {
        state.withLock { state in
            if state.committed {
                state.cancelAsked = true
                return .tooLate
            }
            state.cancelled = true
            return state.writing ? .afterRollback : .answerNow
        }
    }

    /// Whether a cancel came at all, before or after a commit.
    public var cancelAsked: Bool { state.withLock { $0.cancelled || $0.cancelAsked } }
    /// Whether a write of this request committed.
    public var hasCommitted: Bool { state.current.committed }

    /// Right before a write transaction begins: false (cancelled) means it must not begin.
    public func writeMayBegin() -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.writing = true
            return true
        }
    }

    /// Right before COMMIT: false (cancelled) means roll back; true marks the request committed.
    public func writeMayCommit() -> Bool {
        state.withLock { state in
            state.writing = false
            guard !state.cancelled else { return false }
            state.committed = true
            return true
        }
    }

    /// A write transaction ended without committing (an error rolled it back).
    public func writeRolledBack() { state.withLock { $0.writing = false } }
    /// Marks the request answered.
    public func finish() { state.withLock { $0.finished = true } }

    /// Records that a `begin` went out; false (and nothing recorded) if the request is over.
    public func openProgress() -> Bool {
        state.withLock { state in
            guard !state.cancelled && !state.finished else { return false }
            state.progressOpen = true
            return true
        }
    }

    /// Whether a `begin` is waiting for its `end` (and forgets it: the caller sends the end).
    public func closeProgress() -> Bool {
        state.withLock { state in
            defer { state.progressOpen = false }
            return state.progressOpen
        }
    }

    /// Lets the next ordered request start.
    public func releaseOrder() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.orderReleased = true
            defer { state.orderWaiter = nil }
            return state.orderWaiter
        }
        waiter?.resume()
    }

    /// Waits until `releaseOrder` was called.
    public func waitForOrderRelease() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let released = state.withLock { state -> Bool in
                if state.orderReleased { return true }
                state.orderWaiter = continuation
                return false
            }
            if released { continuation.resume() }
        }
    }
}

/// Which session (one connection: the stdio pipe, or one WebSocket) a message came on. State a
/// client sets up for itself (a language server's open documents) is kept by it, and let go
/// when the session ends (`RPCServer.onSessionEnd`).
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique in the process.
    public let number: Int
    private static let last = Locked(0)

    /// A new session's identity.
    public static func next() -> SessionID { SessionID(number: last.withLock { $0 += 1; return $0 }) }

    /// "session 3".
    public var description: String { "session \(number)" }
}

/// What a request handler gets besides its params: the request's identity, cancellation,
/// and ways to talk to the client while it works.
public struct RequestContext: Sendable {
    /// The request id.
    public let id: RPCID
    /// The session the request came on.
    public let session: SessionID
    /// The method name.
    public let method: String
    /// The client's `params.workDoneToken` (an integer or a string), if it sent one.
    public let workDoneToken: JSONValue?
    /// The request's cancellation, write and order state (the store's write gate is made of it).
    public let flag: RequestFlag
    /// Where the request's notifications and progress go.
    public let writer: MessageWriter
    /// The largest response the server will send, in bytes: long work should stop (with an
    /// error saying how to ask for less) as soon as its result would pass it.
    public let maxResponseBytes: Int

    /// The request's estimated size in bytes (`Scheduling.bytes`): work estimated at less than
    /// `inlineBytes` runs where it is, the rest goes to the compute pool.
    public let estimatedBytes: Int

    /// A context for request `id` of `session`, answering through `writer` (the server makes one per request;
    /// work the server starts by itself, as a document's diagnostics, makes its own).
    public init(id: RPCID, session: SessionID, method: String, workDoneToken: JSONValue?, flag: RequestFlag, writer: MessageWriter,
         maxResponseBytes: Int = ServerLimits().maxResponseBytes, estimatedBytes: Int = Scheduling.defaultBytes) {
        self.id = id
        self.session = session
        self.method = method
        self.workDoneToken = workDoneToken
        self.flag = flag
        self.writer = writer
        self.maxResponseBytes = maxResponseBytes
        self.estimatedBytes = estimatedBytes
    }

    /// Request work estimated below this many bytes (`Scheduling.bytes`) runs where it is
    /// called (`compute`): the hop to a pool thread would cost more than it saves. Encoding 64 KB
    /// takes about a millisecond, the most any work may take off the pool.
    public static let inlineBytes = ServerLimits.inlineWorkBytes

    /// Runs CPU-bound work whose cost the request's estimate measures (drawing and encoding what
    /// the params ask for) on the server's compute pool, off the threads that read input,
    /// schedule, cancel and write output, and returns its result. Call `checkpoint()` (or
    /// `takeTurn()`) in its loops: that is where it takes turns with other heavy work and stops
    /// when cancelled. Work the request's estimate rates small (under `inlineBytes`) runs at once
    /// where it is called. For work the estimate does not measure (the library's pictures, a
    /// search) use `computeOnPool` or `parts`. A request cancelled before its work starts gets
    /// -32800 without running it.
    public func compute<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        if estimatedBytes < Self.inlineBytes || ComputePool.isOnPoolThread { return try body() }
        return try await computeOnPool(body)
    }

    /// Runs CPU-bound work on the server's compute pool whatever the request's estimate, as
    /// `compute` does for big estimates: for work that may take over a millisecond however small
    /// the answer (look-alikes over the library).
    public func computeOnPool<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        if ComputePool.isOnPoolThread { return try body() }
        let flag = self.flag
        do {
            return try await ComputePool.shared.run(isCancelled: { flag.isCancelled }, body)
        } catch let error as E {
            throw error
        } catch {
            // Cancelled before it started (the only other way `run` throws).
            if let cancelled = ResponseError.requestCancelled as? E { throw cancelled }
            return try body()
        }
    }

    /// The parallel form, for the engine's split work (`CreatureSearch.run`,
    /// `Lookalikes.pictures`): runs the parts as jobs of the compute pool at once, each taking
    /// turns with all other heavy work where it asks `takeTurn()` (pass that as the engine's
    /// `isCancelled`); parts not yet started when the request is cancelled are skipped, and it
    /// then throws -32800.
    /// (The type is CreatureCore's `PartsRunner`, spelled out: the transport knows no engine.)
    public var parts: @Sendable (_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async throws -> Void {
        let flag = self.flag
        return { count, body in
            do {
                try await ComputePool.shared.forEach(count, isCancelled: { flag.isCancelled }, body)
            } catch {
                throw ResponseError.requestCancelled
            }
        }
    }

    /// Takes turns with other heavy work (when running on the compute pool and its time slice
    /// is over), then throws -32800 if the request was cancelled. Cheap: call it once per row,
    /// frame or thumbnail of long work.
    public func checkpoint() throws(ResponseError) {
        if takeTurn() { throw ResponseError.requestCancelled }
    }

    /// `checkpoint()` for engine callbacks (`isCancelled:`): takes turns, then says whether
    /// the request was cancelled.
    public func takeTurn() -> Bool {
        ComputePool.shared.takeTurn()
        return isCancelled
    }

    /// Whether the client cancelled this request; a handler doing long work should check it.
    /// Once a write of the request has committed, cancels no longer apply: this stays false and
    /// the request is answered with its result (see `cancelAsked`).
    public var isCancelled: Bool { flag.isCancelled || (Task.isCancelled && !flag.hasCommitted) }

    /// Whether the client asked to cancel, even after a write committed: a long write that
    /// commits in steps stops at the next step and answers what it did (with counts).
    public var cancelAsked: Bool { flag.cancelAsked }

    /// Whether a write of this request has committed (it will be answered with its result).
    public var hasCommitted: Bool { flag.hasCommitted }

    /// Throws the request-cancelled error (-32800) if the request was cancelled.
    public func checkCancellation() throws(ResponseError) {
        if isCancelled { throw ResponseError.requestCancelled }
    }

    /// An ordered request's library part is done: later ordered requests may start while this
    /// one goes on (e.g. drawing a Fonster after reading its seed). Does nothing for free
    /// requests, or where responses must keep request order (sequential mode).
    public func leaveOrder() {
        if !flag.holdsOrderUntilDone { flag.releaseOrder() }
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

    /// Runs `body` between LSP work-done `begin` and `end` progress: the `end` goes out however
    /// `body` ends (result, error or cancellation), so a client's spinner always stops.
    public func withProgress<T, E: Error>(title: String, message: String? = nil, cancellable: Bool = true,
                                          _ body: () async throws(E) -> T) async throws(E) -> T {
        beginProgress(title: title, message: message, percentage: 0, cancellable: cancellable)
        defer { endProgress() }
        return try await body()
    }

    /// Sends LSP's work-done `begin` progress. Prefer `withProgress`, which always ends it.
    public func beginProgress(title: String, message: String? = nil, percentage: Int? = nil, cancellable: Bool = false) {
        guard let workDoneToken, flag.openProgress() else { return }
        var value: JSONObject = ["kind": "begin", "title": .string(title), "cancellable": .bool(cancellable)]
        if let message { value["message"] = .string(message) }
        if let percentage { value["percentage"] = .number(percentage) }
        writer.sendNotification("$/progress", params: ["token": workDoneToken, "value": .object(value)])
    }

    /// Sends LSP's work-done `report` progress.
    public func reportProgress(message: String? = nil, percentage: Int? = nil) {
        var value: JSONObject = ["kind": "report"]
        if let message { value["message"] = .string(message) }
        if let percentage { value["percentage"] = .number(percentage) }
        reportProgress(.object(value))
    }

    /// Sends LSP's work-done `end` progress if a `begin` went out and no `end` yet — also after
    /// the request was cancelled.
    public func endProgress(message: String? = nil) {
        guard let workDoneToken, flag.closeProgress() else { return }
        var value: JSONObject = ["kind": "end"]
        if let message { value["message"] = .string(message) }
        writer.sendNotification("$/progress", params: ["token": workDoneToken, "value": .object(value)])
    }
}

/// What a notification handler gets besides its params.
public struct NotificationContext: Sendable {
    /// The method name.
    public let method: String
    /// The session the notification came on.
    public let session: SessionID
    /// Where the notification's answers (notifications of the server's own) go.
    public let writer: MessageWriter

    /// Sends a notification to the client.
    public func sendNotification(_ method: String, params: JSONValue? = nil) {
        writer.sendNotification(method, params: params)
    }
}
