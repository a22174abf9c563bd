import Foundation
import Compute

/// The state of one `RPCServer.run`: requests in flight, lifecycle, the ordered lane, and the
/// admission of waiting requests within the concurrency budget and the memory bound.
///
/// The loop only reads and classifies: cancel, `exit` and refusals are handled on arrival;
/// requests wait in `waiting` until `pump` admits them, so a full budget never stops the loop
/// from reading the next cancel or `exit` (only `maxWaitingRequests` waiting, or output the
/// client does not read, does).
final class ServerSession: Sendable {
    private typealias Job = @Sendable () async -> Void

    /// A request accepted and not yet answered (a notification of a request method too, with
    /// no one to answer).
    private struct InFlight {
        var serial: UInt64
        var flag: RequestFlag
        var task: Task<Void, Never>?
        var reply: Reply?
    }

    /// A request ready to run.
    private struct Prepared: Sendable {
        var request: Request
        var serial: UInt64
        var flag: RequestFlag
        var handler: PreparedHandler
        var scheduling: Scheduling
        /// A notification of a request method: run, nothing answered.
        var silent: Bool
    }

    /// Something waiting for its turn to start.
    private enum Work: Sendable {
        /// A request.
        case request(Prepared)
        /// Sequential mode: an answer decided on arrival, sent in its place in line.
        case answer(Reply, Response)
        /// Sequential mode: a notification handler, run in its place in line.
        case notification(@Sendable () async -> Void)
    }

    private struct Waiting: Sendable {
        var serial: UInt64
        var work: Work
        var ordered: Bool
        var weight: Int
        var bytes: Int
    }

    private enum Disposition: Sendable {
        case answer(Response)
        case run(Prepared)
    }

    private struct State {
        var inFlight: [RPCID: InFlight] = [:]
        /// Notifications of request methods, running or waiting (no id to cancel them by).
        var silent: [UInt64: InFlight] = [:]
        var nextSerial: UInt64 = 0
        var shutdownRequested = false
        var exitRequested = false
        var outputClosed = false
        /// Accepted and not yet finished: waiting, running, or in the ordered lane.
        var outstanding = 0
        var idleWaiters: [(threshold: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// Work read and not yet admitted, in arrival order.
        var waiting = WaitingLine<Waiting>()
        var readerWaiter: CheckedContinuation<Void, Never>?
        /// Units of the concurrency limit held by admitted work.
        var budgetUsed = 0
        /// Estimated bytes held by admitted work until its answer is queued for output.
        var bytesHeld = 0
        /// Whether a task waits for the output to drain to admit more.
        var drainWatch = false
        /// Whether the session waits for the memory budget to free bytes to admit more.
        var budgetWatch = false
        /// Work finished so far (a sign of progress while the session ends).
        var finished = 0
        /// Whether the loop still reads messages.
        var reading = true
        /// Watches a session that is ending (`ServerLimits.quietEnd`), once the end is seen.
        var endWatch: Task<Bool, Never>?
    }

    private let server: RPCServer
    private let connection: Connection
    private let writer: MessageWriter
    private let state = Locked(State())
    /// Bytes of finished batch entries waiting for the rest of their batch.
    private let batchBytes = Locked(0)
    private let lane: AsyncStream<Job>.Continuation
    private let laneStream: AsyncStream<Job>

    /// This session's part of the server's memory budget: the connection's own (input and
    /// output), to which the session adds its running work's estimates.
    private let account: MemoryAccount

    /// The session's identity, in every context it gives handlers.
    let id = SessionID.next()

    init(server: RPCServer, connection: Connection) {
        self.server = server
        self.connection = connection
        self.writer = connection.writer
        self.account = connection.account ?? server.budget.account("session")
        (laneStream, lane) = AsyncStream<Job>.makeStream()
    }

    /// Work estimated at this many bytes or fewer is not held back by the estimates of others.
    static let smallBytes = ServerLimits.inlineWorkBytes

    private var sequential: Bool { server.mode == .sequential }
    private var limits: ServerLimits { server.limits }

    /// The most units one request holds: two of the heaviest fit at once, with a sixteenth of
    /// the budget always left for light requests.
    private var maxWeight: Int {
        let max = limits.maxConcurrentRequests
        return Swift.max(1, (max - max / 16) / 2)
    }

    // MARK: - Loop

    func run() async -> ServerExit {
        let worker = Task { [laneStream] in
            for await job in laneStream { await job() }
        }
        writer.whenBroken { [self] in outputBroke() }
        let incoming = connection.incoming
        if let quiet = limits.quietEnd {
            incoming.whenEnding { [self] exit in endSeen(exit: exit, quiet: quiet) }
        }
        var frames = incoming.makeAsyncIterator()
        var holding = false
        while true {
            // Answers made while requests are read one after another go out together: the
            // writer joins them until nothing more waits to be read, or the loop must wait.
            if holding && !incoming.hasBuffered {
                writer.release()
                holding = false
            }
            guard let frame = await frames.next() else { break }
            if !hasRoomToRead {
                if holding { writer.release() }
                holding = false
                await writer.waitForRoom(limit: outputBound)
                await waitForRoomToWait()
            }
            if !holding {
                writer.hold()
                holding = true
            }
            switch frame {
            case .error(let error):
                await answer(Reply(writer: writer, batch: nil, limit: limits.maxResponseBytes),
                             .failure(id: nil, .parseError(error.message)))
            case .message(let bytes):
                await handleFrame(bytes)
            }
            if state.withLock({ $0.exitRequested || $0.outputClosed }) { break }
        }
        if holding { writer.release() }
        state.withLock { $0.reading = false }
        connection.stopReading()
        var finished = true
        if let quiet = limits.quietEnd {
            finished = await watchEnd(quiet).value
        } else {
            await waitForIdle(threshold: 0)
        }
        lane.finish()
        let (exited, shutdown, closed) = state.withLock { ($0.exitRequested, $0.shutdownRequested, $0.outputClosed) }
        if finished {
            if closed {
                // Nothing more can be answered: its bytes leave the budget now, whatever the
                // closing of the output waits for. What the connection itself still sends (a
                // WebSocket's close frame) is not dropped.
                account.close()
            }
            await worker.value
            server.sessionEnded(id)
            await writer.close()
        }
        // Else what the client did not read is dropped: the process ends without writing it.
        account.close()
        let reason: ServerExit.Reason = closed ? .outputClosed : exited ? .exitNotification : .endOfInput
        return ServerExit(reason: reason, shutdownRequested: shutdown)
    }

    /// The reader saw the end coming (the end of input, or `exit` without `shutdown`) before the
    /// loop read it: after `exit` everything is cancelled and nothing more is read at once; then
    /// the session is watched until it ends.
    private func endSeen(exit: Bool, quiet: Duration) {
        if exit {
            let ids = state.withLock { state -> [RPCID] in
                state.exitRequested = true
                return Array(state.inFlight.keys)
            }
            for id in ids { cancel(id) }
            cancelSilent()
            connection.stopReading()
        }
        _ = watchEnd(quiet)
    }

    /// The task watching the session's end (started once): it ends the session without waiting
    /// for a client that does not read or work that does not end. It waits while requests finish
    /// and the client takes its output; once no request has finished for `quiet` (while some
    /// run), or the client has taken no output for `quiet` (while some waits), it stops reading,
    /// cancels what still runs, drops the unread output, and waits at most `quiet` more for the
    /// work to stop (a write under way ends its transaction: SQLite commits it whole or not at
    /// all). Its value: whether everything was answered and written.
    private func watchEnd(_ quiet: Duration) -> Task<Bool, Never> {
        state.withLock { state in
            if let watch = state.endWatch { return watch }
            let watch = Task { [self] in await endWithin(quiet) }
            state.endWatch = watch
            return watch
        }
    }

    private func endWithin(_ quiet: Duration) async -> Bool {
        let clock = ContinuousClock()
        var (finished, pending) = (-1, Int.max)
        var (finishedAt, drainedAt) = (clock.now, clock.now)
        while true {
            let (outstanding, done, reading) = state.withLock { ($0.outstanding, $0.finished, $0.reading) }
            let output = writer.pendingBytes
            if !reading && outstanding == 0 && output == 0 { return true }
            let now = clock.now
            if done != finished { (finished, finishedAt) = (done, now) }
            if output < pending || output == 0 { drainedAt = now }
            pending = output
            let working = outstanding > 0 || reading
            if working && now - finishedAt >= quiet || output > 0 && now - drainedAt >= quiet { break }
            try? await Task.sleep(for: .milliseconds(5))
        }
        connection.stopReading()
        let ids = state.withLock { Array($0.inFlight.keys) }
        for id in ids { cancel(id) }
        cancelSilent()
        let unread = writer.pendingBytes
        writer.discard()
        let deadline = clock.now + quiet
        while state.withLock({ $0.outstanding }) > 0 && clock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        server.log("ended without waiting: \(unread) bytes of output unread, \(ids.count) requests cancelled")
        return false
    }

    /// The client closed its end of the output: nothing can be answered any more, so reading
    /// stops and every request is cancelled, as after `exit`.
    private func outputBroke() {
        let ids = state.withLock { state -> [RPCID] in
            state.outputClosed = true
            return Array(state.inFlight.keys)
        }
        server.log("the client closed the output; ending as at end of input")
        for id in ids { cancel(id) }
        cancelSilent()
        connection.stopReading()
    }

    /// Whether the next message may be handled at once: the output waiting for the client is
    /// within its bound, and fewer than `maxWaitingRequests` requests wait for their turn.
    private var hasRoomToRead: Bool {
        writer.pendingBytes <= outputBound
            && state.withLock { $0.waiting.count < limits.maxWaitingRequests }
    }

    /// The output this session may leave unread before it reads and starts nothing more: the
    /// output bound, or its fair share of the memory budget when the budget is filling up.
    private var outputBound: Int { min(limits.maxQueuedOutputBytes, account.share) }

    /// Waits while `maxWaitingRequests` requests already wait for their turn.
    private func waitForRoomToWait() async {
        let max = limits.maxWaitingRequests
        if state.withLock({ $0.waiting.count < max }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let room = state.withLock { state -> Bool in
                if state.waiting.count < max || state.exitRequested || state.outputClosed { return true }
                state.readerWaiter = continuation
                return false
            }
            if room { continuation.resume() }
        }
    }

    /// Sends a response decided on arrival: at once, or (sequential mode) in its place in line.
    private func answer(_ reply: Reply, _ response: Response) async {
        if sequential {
            enqueue(.answer(reply, response), ordered: true, weight: 1, bytes: 0)
        } else {
            reply.send(response)
        }
    }

    private func handleFrame(_ bytes: [UInt8]) async {
        let single = Reply(writer: writer, batch: nil, limit: limits.maxResponseBytes)
        if let count = BatchScanner.entryCount(bytes, upTo: limits.maxBatchEntries), count > limits.maxBatchEntries {
            let max = limits.maxBatchEntries
            await answer(single, .failure(id: nil, ResponseError(
                code: .invalidRequest,
                message: "A batch can hold at most \(max.formatted(.number.locale(Locale(identifier: "en_US")))) requests; this one holds more. Send the requests in smaller batches.",
                data: ["field": "batch", "limit": .int(Int64(max))])))
            return
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            await answer(single, .failure(id: nil, .parseError("The message is not valid JSON: \(error).")))
            return
        }
        guard case .array(let elements) = json else {
            await accept(json, reply: single)
            return
        }
        guard !elements.isEmpty else {
            await answer(single, .failure(id: nil, .invalidRequest("A batch must hold at least one request; this one is empty.")))
            return
        }
        let batch = BatchCollector(writer: writer, entryLimit: limits.maxResponseBytes, totalLimit: limits.maxBatchResponseBytes,
                                   held: batchBytes, onSent: { [self] in pump() })
        let reply = Reply(writer: writer, batch: batch, limit: limits.maxResponseBytes)
        for element in elements {
            await accept(element, reply: reply)
        }
        batch.seal()
    }

    /// Classifies one message and does what must happen on arrival: cancel, exit, lifecycle,
    /// registering a request as in flight, then queueing it for its turn.
    private func accept(_ json: JSONValue, reply: Reply) async {
        switch Message.classify(json) {
        case .failure(let invalid):
            reply.expectOne()
            await answer(reply, invalid.response)
        case .success(.response(let response)):
            if !server.responded(id, response) {
                server.log("Ignored a response to id \(response.id?.description ?? "null"): the server sent no such request.")
            }
        case .success(.notification(let notification)):
            await acceptNotification(notification)
        case .success(.request(let request)):
            reply.expectOne()
            switch prepare(request, reply: reply, silent: false) {
            case .answer(let response):
                await answer(reply, response)
            case .run(let prepared) where prepared.scheduling.inline && !sequential
                    && account.tryReserve(prepared.scheduling.bytes, for: .work):
                // Quick pure work runs here, without a task of its own or a hop to another thread
                // (its estimate reserved first, like any work's; when the budget is full it waits).
                await execute(prepared)
                account.release(prepared.scheduling.bytes, for: .work)
                state.withLock { $0.finished += 1 }
            case .run(let prepared):
                enqueue(prepared)
            }
        }
    }

    private func acceptNotification(_ notification: Notification) async {
        switch notification.method {
        case "$/cancelRequest":
            if let id = notification.params?["id"].flatMap(RPCID.init(json:)) { cancel(id) }
        case "exit":
            let ids = state.withLock { state -> [RPCID] in
                state.exitRequested = true
                // After `shutdown`, which promises to answer everything before it, nothing is cut short.
                return state.shutdownRequested ? [] : Array(state.inFlight.keys)
            }
            for id in ids { cancel(id) }
            if !state.current.shutdownRequested { cancelSilent() }
        default:
            if let handler = server.notificationHandler(notification.method) {
                let context = NotificationContext(method: notification.method, session: self.id, writer: writer)
                let params = notification.params ?? .null
                if sequential {
                    enqueue(.notification({ await handler(params, context) }), ordered: true, weight: 1, bytes: 0)
                } else {
                    await handler(params, context)
                }
            } else if server.planner(for: notification.method) != nil {
                // JSON-RPC executes a notification like a request, in its place, and answers nothing.
                server.requestLog?("\(notification.method) sent as a notification: run, not answered")
                let request = Request(id: .int(0), method: notification.method, params: notification.params)
                if case .run(let prepared) = prepare(request, reply: nil, silent: true) { enqueue(prepared) }
            }
        }
    }

    // MARK: - Requests

    /// Decides on arrival: an immediate answer, or a registered in-flight request to run.
    private func prepare(_ request: Request, reply: Reply?, silent: Bool) -> Disposition {
        let isShutdown = request.method == "shutdown"
        let planned = server.planner(for: request.method).map { $0(request.params ?? .null) }
        var scheduling = planned?.scheduling ?? .free
        if sequential { scheduling.lane = .ordered }
        return state.withLock { state -> Disposition in
            // The client is gone: a message read before it went starts nothing (no one would get
            // its answer, and its work would run for nobody).
            if state.outputClosed { return .answer(.failure(id: request.id, .requestCancelled)) }
            if state.shutdownRequested {
                return .answer(.failure(id: request.id, .invalidRequest("The server is shutting down, so it answers no more requests.")))
            }
            if isShutdown && !silent { state.shutdownRequested = true }
            let shutdownReply: PreparedHandler = { _ in JSONValue.null }
            guard let handler = planned?.handler ?? (isShutdown ? shutdownReply : nil) else {
                return .answer(.failure(id: request.id, .methodNotFound(request.method)))
            }
            if !silent, state.inFlight[request.id] != nil {
                return .answer(.failure(id: nil, ResponseError(
                    code: .invalidRequest,
                    message: "The request id \(request.id) is already in use by a request still running; this second request with id \(request.id) was not run. Give each request its own id.",
                    data: ["field": "id", "id": request.id.json])))
            }
            if let refusal = scheduling.refusal { return .answer(.failure(id: request.id, refusal)) }
            if scheduling.minimumResponseBytes > limits.maxResponseBytes {
                return .answer(.failure(id: request.id, .tooLargeBeforeWork(scheduling, limit: limits.maxResponseBytes)))
            }
            state.nextSerial += 1
            let flag = RequestFlag(holdsOrderUntilDone: sequential)
            let entry = InFlight(serial: state.nextSerial, flag: flag, task: nil, reply: reply)
            if silent { state.silent[state.nextSerial] = entry } else { state.inFlight[request.id] = entry }
            if isShutdown && !sequential { scheduling = .free }
            return .run(Prepared(request: request, serial: state.nextSerial, flag: flag, handler: handler,
                                 scheduling: scheduling, silent: silent))
        }
    }

    /// Counts a request's estimate at most half the memory bound: a giant (an animation that
    /// may fill the response limit) leaves room for the work beside it instead of holding up
    /// everything until it ends.
    private func enqueue(_ prepared: Prepared) {
        let scheduling = prepared.scheduling
        enqueue(.request(prepared), ordered: scheduling.lane == .ordered,
                weight: min(scheduling.weight, maxWeight), bytes: min(scheduling.bytes, limits.maxQueuedOutputBytes / 2))
    }

    private func enqueue(_ work: Work, ordered: Bool, weight: Int, bytes: Int) {
        state.withLock { state in
            let serial: UInt64
            if case .request(let prepared) = work { serial = prepared.serial } else {
                state.nextSerial += 1
                serial = state.nextSerial
            }
            state.outstanding += 1
            state.waiting.append(Waiting(serial: serial, work: work, ordered: ordered, weight: weight, bytes: bytes))
        }
        pump()
    }

    /// Starts what may start: waiting work in arrival order, each while its weight fits the
    /// budget and its bytes the memory bound; ordered work never overtakes ordered work, free
    /// work may overtake what does not fit. Ordered work goes into the lane here (in order);
    /// free requests start after the lock is let go.
    private func pump() {
        let max = limits.maxConcurrentRequests
        let bound = outputBound
        let output = writer.pendingBytes + batchBytes.current
        var starts: [(Prepared, Int, Int)] = []
        var watchDrain = false
        // Called once when the budget frees bytes after a bigger request did not fit it.
        let budgetFreed: @Sendable () -> Void = { [self] in
            Task {
                state.withLock { $0.budgetWatch = false }
                pump()
            }
        }
        let reader = state.withLock { state -> CheckedContinuation<Void, Never>? in
            var orderedBlocked = false
            var index = 0
            while index < state.waiting.count {
                if state.budgetUsed >= max { break }
                let entry = state.waiting[index]
                if entry.ordered && orderedBlocked { index += 1; continue }
                // Small work waits only for output the client has not read; bigger work also for
                // the estimates of what runs, unless nothing does.
                let held = state.bytesHeld + output
                let fitsBytes = output <= bound
                    && (held + entry.bytes <= bound || entry.bytes <= Self.smallBytes || state.bytesHeld == 0)
                // The server's memory budget, shared with every session, has the last word: the
                // estimate is reserved before the work runs and builds its answer, or it waits.
                let fitsBudget = fitsBytes && state.budgetUsed + entry.weight <= max
                    && account.tryReserve(entry.bytes, for: .work, orWhenRoom: state.budgetWatch ? nil : budgetFreed)
                guard fitsBudget else {
                    if !fitsBytes && output > bound { watchDrain = true }
                    if fitsBytes && state.budgetUsed + entry.weight <= max { state.budgetWatch = true }
                    if entry.ordered { orderedBlocked = true }
                    index += 1
                    continue
                }
                state.waiting.remove(at: index)
                state.budgetUsed += entry.weight
                state.bytesHeld += entry.bytes
                let (weight, bytes) = (entry.weight, entry.bytes)
                switch entry.work {
                case .request(let prepared):
                    if entry.ordered {
                        lane.yield { [self] in
                            if start(prepared, weight: weight, bytes: bytes) { await prepared.flag.waitForOrderRelease() }
                        }
                    } else {
                        starts.append((prepared, weight, bytes))
                    }
                case .answer(let reply, let response):
                    lane.yield { [self] in
                        reply.send(response)
                        finish(weight: weight, bytes: bytes)
                    }
                case .notification(let body):
                    lane.yield { [self] in
                        await body()
                        finish(weight: weight, bytes: bytes)
                    }
                }
            }
            if watchDrain {
                if state.drainWatch { watchDrain = false } else { state.drainWatch = true }
            }
            guard state.waiting.count < limits.maxWaitingRequests, let reader = state.readerWaiter else { return nil }
            state.readerWaiter = nil
            return reader
        }
        reader?.resume()
        for (prepared, weight, bytes) in starts { start(prepared, weight: weight, bytes: bytes) }

        if watchDrain {
            Task { [self] in
                await writer.waitForRoom(limit: bound)
                state.withLock { $0.drainWatch = false }
                pump()
            }
        }
    }

    /// Starts the handler in a Task unless the request was cancelled while it waited; returns
    /// whether it started. The request already holds `weight` units and `bytes`.
    @discardableResult
    private func start(_ prepared: Prepared, weight: Int, bytes: Int) -> Bool {
        let id = prepared.request.id
        let live = state.withLock { state in
            prepared.silent ? state.silent[prepared.serial] != nil : state.inFlight[id]?.serial == prepared.serial
        }
        guard live else {
            prepared.flag.releaseOrder()
            finish(weight: weight, bytes: bytes)
            return false
        }
        let task = Task { [self] in
            if prepared.request.method == "shutdown" && !sequential && !prepared.silent {
                await waitForIdle(threshold: 1) // answer only once every earlier request has been
            }
            await execute(prepared)
            finish(weight: weight, bytes: bytes)
        }
        let stillLive = state.withLock { state -> Bool in
            if prepared.silent {
                guard state.silent[prepared.serial] != nil else { return false }
                state.silent[prepared.serial]!.task = task
                return true
            }
            guard state.inFlight[id]?.serial == prepared.serial else { return false }
            state.inFlight[id]!.task = task
            return true
        }
        if !stillLive { task.cancel() }
        return true
    }

    /// Runs a request's handler and answers it (a notification of a request method: runs it and
    /// answers nothing); then lets the next ordered request start.
    private func execute(_ prepared: Prepared) async {
        let id = prepared.request.id
        let context = RequestContext(
            id: id, session: self.id, method: prepared.request.method,
            workDoneToken: prepared.request.params?["workDoneToken"],
            flag: prepared.flag, writer: writer, maxResponseBytes: limits.maxResponseBytes,
            estimatedBytes: prepared.scheduling.bytes)
        let began = server.requestLog == nil ? nil : ContinuousClock.now
        let result: Result<any JSONWritable, ResponseError>
        do {
            result = .success(try await prepared.handler(context))
        } catch let error as ResponseError {
            result = .failure(error)
        } catch is CancellationError {
            result = .failure(.requestCancelled)
        } catch {
            result = .failure(.internalError(String(describing: error)))
        }
        if prepared.silent {
            _ = state.withLock { $0.silent.removeValue(forKey: prepared.serial) }
            prepared.flag.finish()
        } else {
            let response = Response(id: id, result: result)
            // A big answer is serialized on the compute pool, like the work that made it.
            var body: [UInt8]?
            if prepared.scheduling.bytes >= RequestContext.inlineBytes && !prepared.flag.isCancelled {
                let limit = limits.maxResponseBytes, flag = prepared.flag
                body = try? await ComputePool.shared.run(isCancelled: { flag.isCancelled }) { Reply.body(of: response, limit: limit) }
            }
            complete(id, serial: prepared.serial, with: response, serialized: body)
        }
        prepared.flag.releaseOrder()
        if let requestLog = server.requestLog, let began {
            let elapsed = ContinuousClock.now - began
            let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            let outcome: String
            switch result {
            case .success: outcome = prepared.flag.isCancelled ? "cancelled" : "ok"
            case .failure(let error): outcome = "error \(error.code.rawValue)"
            }
            let name = prepared.silent ? "notification" : "id \(id)"
            requestLog("\(prepared.request.method) \(name): \(String(format: "%.2f", ms)) ms, \(outcome)")
        }
    }

    /// Sends the response unless the request was cancelled (and so already answered).
    /// `serialized`, when given, is `response` already serialized (a batch entry goes by `response`).
    private func complete(_ id: RPCID, serial: UInt64, with response: Response, serialized: [UInt8]? = nil) {
        let entry = state.withLock { state -> InFlight? in
            guard state.inFlight[id]?.serial == serial else { return nil }
            return state.inFlight.removeValue(forKey: id)
        }
        guard let entry else { return }
        if entry.flag.isCancelled {
            // The handler's own -32800 (a write rolled back) says so; keep it.
            if case .failure(let error) = response.result, error.code == .requestCancelled { entry.reply?.send(response) }
            else { entry.reply?.send(.failure(id: id, .requestCancelled)) }
        } else if let serialized, let reply = entry.reply, reply.batch == nil {
            reply.writer.send(serialized: serialized)
        } else {
            entry.reply?.send(response)
        }
        entry.flag.finish()
    }

    /// Cancels an in-flight request: -32800 goes out now, its Task is cancelled (or, still
    /// waiting for its turn, it leaves the line). A request inside a write transaction is
    /// answered by itself once the write rolled back; one whose write committed is not
    /// cancelled (it answers with its result): -32800 always means nothing changed.
    private func cancel(_ id: RPCID) {
        var deferredTask: Task<Void, Never>?
        let entry = state.withLock { state -> InFlight? in
            guard let entry = state.inFlight[id] else { return nil }
            switch entry.flag.cancel() {
            case .answerNow: return state.inFlight.removeValue(forKey: id)
            case .afterRollback: deferredTask = entry.task; return nil
            case .tooLate: return nil
            }
        }
        deferredTask?.cancel()
        guard let entry else { return }
        entry.task?.cancel()
        entry.reply?.send(.failure(id: id, .requestCancelled))
        dropWaiting(serial: entry.serial)
    }

    /// Cancels every notification of a request method still running or waiting.
    private func cancelSilent() {
        let entries = state.withLock { state -> [InFlight] in
            defer { state.silent = [:] }
            return Array(state.silent.values)
        }
        for entry in entries {
            entry.flag.cancel()
            entry.task?.cancel()
            dropWaiting(serial: entry.serial)
        }
    }

    /// Takes a cancelled request that has not started out of the waiting line.
    private func dropWaiting(serial: UInt64) {
        let dropped = state.withLock { state -> Bool in
            guard let index = state.waiting.firstIndex(where: { $0.serial == serial }) else { return false }
            state.waiting.remove(at: index)
            return true
        }
        if dropped { finish(weight: 0, bytes: 0) }
    }

    // MARK: - Budget

    /// One piece of work finished (or left the line): gives back its `weight` units and
    /// `bytes`, wakes those waiting for the session to go idle, and admits more.
    private func finish(weight: Int, bytes: Int) {
        account.release(bytes, for: .work)
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.finished += 1
            state.budgetUsed -= weight
            state.bytesHeld -= bytes
            state.outstanding -= 1
            let outstanding = state.outstanding
            let ready = state.idleWaiters.filter { $0.threshold >= outstanding }.map(\.continuation)
            state.idleWaiters.removeAll { $0.threshold >= outstanding }
            return ready
        }
        for waiter in ready { waiter.resume() }
        pump()
    }

    /// Waits until at most `threshold` requests are outstanding.
    private func waitForIdle(threshold: Int) async {
        if state.withLock({ $0.outstanding <= threshold }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                if state.outstanding <= threshold { return true }
                state.idleWaiters.append((threshold, continuation))
                return false
            }
            if idle { continuation.resume() }
        }
    }
}
