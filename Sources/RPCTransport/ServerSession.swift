import Foundation
import Compute

/// The state of one `RPCServer.run`: requests in flight, lifecycle, the ordered lane, and the
/// admission of waiting requests within the concurrency budget and the memory bound.
///
/// The loop only reads and classifies: cancel, `exit` and refusals are handled on arrival;
/// requests wait in `waiting` until `pump` admits them, so a full budget never stops the loop
/// from reading the next cancel or `exit` (only `maxWaitingRequests` waiting, or output the
/// client does not read, does).
///
/// This file holds its state, the loop and the session's end; the reader (parsing, what happens
/// on arrival) is in SessionReader.swift, the scheduler (the line, admission, order,
/// cancellation) in SessionScheduler.swift, the executor (handlers, answers) in SessionExecutor.swift.
final class ServerSession: Sendable {
    typealias Job = @Sendable () async -> Void

    /// A request accepted and not yet answered (a notification of a request method too, with
    /// no one to answer).
    struct InFlight {
        var serial: UInt64
        var flag: RequestFlag
        var task: Task<Void, Never>?
        var reply: Reply?
    }

    /// A request ready to run.
    struct Prepared: Sendable {
        var request: Request
        var serial: UInt64
        var flag: RequestFlag
        var handler: PreparedHandler
        var scheduling: Scheduling
        /// A notification of a request method: run, nothing answered.
        var silent: Bool
    }

    /// Something waiting for its turn to start.
    enum Work: Sendable {
        /// A request.
        case request(Prepared)
        /// Sequential mode: an answer decided on arrival, sent in its place in line.
        case answer(Reply, Response)
        /// Sequential mode: a notification handler, run in its place in line.
        case notification(@Sendable () async -> Void)
    }

    struct Waiting: Sendable {
        var serial: UInt64
        var work: Work
        var ordered: Bool
        var weight: Int
        var bytes: Int
    }

    enum Disposition: Sendable {
        case answer(Response)
        case run(Prepared)
    }

    struct State {
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

    let server: RPCServer
    let connection: Connection
    let writer: MessageWriter
    let state = Locked(State())
    /// Bytes of finished batch entries waiting for the rest of their batch.
    let batchBytes = Locked(0)
    let lane: AsyncStream<Job>.Continuation
    let laneStream: AsyncStream<Job>

    /// This session's part of the server's memory budget: the connection's own (input and
    /// output), to which the session adds its running work's estimates.
    let account: MemoryAccount

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
    /// A heavy request's answer becomes bytes once at most this share of the output bound
    /// (1/16: 1 MiB of 16) is queued unread.
    static let answerRoomShare = 16
    /// The gate heavy requests' answers pass one at a time (`execute`).
    let heavyAnswers = OneAtATime()

    var sequential: Bool { server.mode == .sequential }
    var limits: ServerLimits { server.limits }

    /// The most units one request holds: two of the heaviest fit at once, with a sixteenth of
    /// the budget always left for light requests.
    var maxWeight: Int {
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
    func endSeen(exit: Bool, quiet: Duration) {
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
    func watchEnd(_ quiet: Duration) -> Task<Bool, Never> {
        state.withLock { state in
            if let watch = state.endWatch { return watch }
            let watch = Task { [self] in await endWithin(quiet) }
            state.endWatch = watch
            return watch
        }
    }

    func endWithin(_ quiet: Duration) async -> Bool {
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
    func outputBroke() {
        let ids = state.withLock { state -> [RPCID] in
            state.outputClosed = true
            return Array(state.inFlight.keys)
        }
        server.log("the client closed the output; ending as at end of input")
        for id in ids { cancel(id) }
        cancelSilent()
        connection.stopReading()
    }
}
