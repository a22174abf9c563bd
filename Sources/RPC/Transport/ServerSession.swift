import Foundation

/// The state of one `RPCServer.run`: requests in flight, lifecycle, the ordered lane and the
/// concurrency budget.
final class ServerSession: Sendable {
    private typealias Job = @Sendable () async -> Void

    /// A request accepted and not yet answered.
    private struct InFlight {
        var serial: UInt64
        var flag: RequestFlag
        var task: Task<Void, Never>?
        var reply: Reply
    }

    /// A request ready to run.
    private struct Prepared: Sendable {
        var request: Request
        var serial: UInt64
        var flag: RequestFlag
        var handler: RequestHandler
        var scheduling: Scheduling
    }

    private enum Disposition: Sendable {
        case answer(Response)
        case run(Prepared)
    }

    private struct State {
        var inFlight: [RPCID: InFlight] = [:]
        var nextSerial: UInt64 = 0
        var shutdownRequested = false
        var exitRequested = false
        /// Requests accepted and not yet finished (running or waiting in the ordered lane).
        var outstanding = 0
        var idleWaiters: [(threshold: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// Units of the concurrency limit held by outstanding requests and queued lane jobs.
        var budgetUsed = 0
        var budgetWaiter: (need: Int, continuation: CheckedContinuation<Void, Never>)?
    }

    private let server: RPCServer
    private let connection: Connection
    private let writer: MessageWriter
    private let state = Locked(State())
    private let lane: AsyncStream<Job>.Continuation
    private let laneStream: AsyncStream<Job>

    init(server: RPCServer, connection: Connection) {
        self.server = server
        self.connection = connection
        self.writer = connection.writer
        (laneStream, lane) = AsyncStream<Job>.makeStream()
    }

    private var sequential: Bool { server.mode == .sequential }
    private var limits: ServerLimits { server.limits }

    // MARK: - Loop

    func run() async -> ServerExit {
        let worker = Task { [laneStream] in
            for await job in laneStream { await job() }
        }
        for await frame in connection.incoming {
            await writer.waitForRoom(limit: limits.maxQueuedOutputBytes)
            switch frame {
            case .error(let error):
                await answer(Reply(writer: writer, batch: nil, limit: limits.maxResponseBytes),
                             .failure(id: nil, .parseError(error.message)))
            case .message(let bytes):
                await handleFrame(bytes)
            }
            if state.current.exitRequested { break }
        }
        connection.stopReading()
        let (exited, shutdown) = state.withLock { ($0.exitRequested, $0.shutdownRequested) }
        lane.finish()
        await worker.value
        await waitForIdle(threshold: 0)
        await writer.close()
        return ServerExit(reason: exited ? .exitNotification : .endOfInput, shutdownRequested: shutdown)
    }

    /// Sends a response decided on arrival: at once, or (sequential mode) in its place in line.
    private func answer(_ reply: Reply, _ response: Response) async {
        if sequential {
            await reserve(1)
            lane.yield { [self] in
                reply.send(response)
                release(1)
            }
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
        let batch = BatchCollector(writer: writer, entryLimit: limits.maxResponseBytes, totalLimit: limits.maxBatchResponseBytes)
        let reply = Reply(writer: writer, batch: batch, limit: limits.maxResponseBytes)
        for element in elements {
            await accept(element, reply: reply)
        }
        batch.seal()
    }

    /// Classifies one message and does what must happen on arrival: cancel, exit, lifecycle,
    /// registering a request as in flight, then starting it or putting it in the ordered lane.
    private func accept(_ json: JSONValue, reply: Reply) async {
        switch Message.classify(json) {
        case .failure(let invalid):
            reply.expectOne()
            await answer(reply, invalid.response)
        case .success(.response(let response)):
            server.log("Ignored a response to id \(response.id?.description ?? "null"): the server sends no requests.")
        case .success(.notification(let notification)):
            await acceptNotification(notification)
        case .success(.request(let request)):
            reply.expectOne()
            switch prepare(request, reply: reply) {
            case .answer(let response):
                await answer(reply, response)
            case .run(let prepared):
                let weight = min(prepared.scheduling.weight, limits.maxConcurrentRequests)
                await reserve(weight)
                if prepared.scheduling.lane == .ordered {
                    lane.yield { [self] in
                        if start(prepared, weight: weight) { await prepared.flag.waitForOrderRelease() }
                    }
                } else {
                    start(prepared, weight: weight)
                }
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
        default:
            guard let handler = server.notificationHandler(notification.method) else { return }
            let context = NotificationContext(method: notification.method, writer: writer)
            let params = notification.params ?? .null
            if sequential {
                await reserve(1)
                lane.yield { [self] in
                    await handler(params, context)
                    release(1)
                }
            } else {
                await handler(params, context)
            }
        }
    }

    // MARK: - Requests

    /// Decides on arrival: an immediate answer, or a registered in-flight request to run.
    private func prepare(_ request: Request, reply: Reply) -> Disposition {
        let isShutdown = request.method == "shutdown"
        let registered = server.requestHandler(request.method)
        let scheduling: Scheduling
        if sequential { scheduling = .ordered } else { scheduling = registered.map { $0.scheduler(request.params ?? .null) } ?? .free }
        return state.withLock { state -> Disposition in
            if state.shutdownRequested {
                return .answer(.failure(id: request.id, .invalidRequest("The server is shutting down, so it answers no more requests.")))
            }
            if isShutdown { state.shutdownRequested = true }
            let shutdownReply: RequestHandler = { _, _ in .null }
            guard let handler = registered?.handler ?? (isShutdown ? shutdownReply : nil) else {
                return .answer(.failure(id: request.id, .methodNotFound(request.method)))
            }
            if state.inFlight[request.id] != nil {
                return .answer(.failure(id: request.id, .invalidRequest("The request id \(request.id) is already in use by a request still running.")))
            }
            state.nextSerial += 1
            let flag = RequestFlag(holdsOrderUntilDone: sequential)
            state.inFlight[request.id] = InFlight(serial: state.nextSerial, flag: flag, task: nil, reply: reply)
            return .run(Prepared(request: request, serial: state.nextSerial, flag: flag, handler: handler,
                                 scheduling: isShutdown && !sequential ? .free : scheduling))
        }
    }

    /// Starts the handler in a Task unless the request was cancelled while it waited; returns
    /// whether it started. The request already holds `weight` units of the budget.
    @discardableResult
    private func start(_ prepared: Prepared, weight: Int) -> Bool {
        let id = prepared.request.id
        let live = state.withLock { $0.inFlight[id]?.serial == prepared.serial }
        guard live else {
            prepared.flag.releaseOrder()
            release(weight)
            return false
        }
        let context = RequestContext(
            id: id, method: prepared.request.method,
            workDoneToken: prepared.request.params?["workDoneToken"],
            flag: prepared.flag, writer: writer, maxResponseBytes: limits.maxResponseBytes)
        let params = prepared.request.params ?? .null
        let began = ContinuousClock.now
        let task = Task { [self] in
            if prepared.request.method == "shutdown" && !sequential {
                await waitForIdle(threshold: 1) // answer only once every earlier request has been
            }
            let result: Result<JSONValue, ResponseError>
            do {
                result = .success(try await prepared.handler(params, context))
            } catch let error as ResponseError {
                result = .failure(error)
            } catch is CancellationError {
                result = .failure(.requestCancelled)
            } catch {
                result = .failure(.internalError(String(describing: error)))
            }
            complete(id, serial: prepared.serial, with: Response(id: id, result: result))
            prepared.flag.releaseOrder()
            if let requestLog = server.requestLog {
                let elapsed = ContinuousClock.now - began
                let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
                let outcome: String
                switch result {
                case .success: outcome = prepared.flag.isCancelled ? "cancelled" : "ok"
                case .failure(let error): outcome = "error \(error.code.rawValue)"
                }
                requestLog("\(prepared.request.method) id \(id): \(String(format: "%.2f", ms)) ms, \(outcome)")
            }
            release(weight)
        }
        let stillLive = state.withLock { state -> Bool in
            guard state.inFlight[id]?.serial == prepared.serial else { return false }
            state.inFlight[id]!.task = task
            return true
        }
        if !stillLive { task.cancel() }
        return true
    }

    /// Sends the response unless the request was cancelled (and so already answered).
    private func complete(_ id: RPCID, serial: UInt64, with response: Response) {
        let entry = state.withLock { state -> InFlight? in
            guard state.inFlight[id]?.serial == serial else { return nil }
            return state.inFlight.removeValue(forKey: id)
        }
        guard let entry else { return }
        if entry.flag.isCancelled {
            entry.reply.send(.failure(id: id, .requestCancelled))
        } else {
            entry.reply.send(response)
        }
        entry.flag.finish()
    }

    /// Cancels an in-flight request: its Task is cancelled and -32800 goes out now.
    private func cancel(_ id: RPCID) {
        guard let entry = state.withLock({ $0.inFlight.removeValue(forKey: id) }) else { return }
        entry.flag.cancel()
        entry.task?.cancel()
        entry.reply.send(.failure(id: id, .requestCancelled))
    }

    // MARK: - Budget

    /// Waits until `weight` more units fit in the concurrency limit, then takes them.
    private func reserve(_ weight: Int) async {
        let max = limits.maxConcurrentRequests
        if state.withLock({ state -> Bool in
            guard state.budgetUsed + weight <= max else { return false }
            state.budgetUsed += weight
            state.outstanding += 1
            return true
        }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let taken = state.withLock { state -> Bool in
                if state.budgetUsed + weight <= max {
                    state.budgetUsed += weight
                    state.outstanding += 1
                    return true
                }
                state.budgetWaiter = (weight, continuation)
                return false
            }
            if taken { continuation.resume() }
        }
    }

    /// Gives back `weight` units taken by `reserve` (one request finished).
    private func release(_ weight: Int) {
        let max = limits.maxConcurrentRequests
        let (ready, budgetWaiter) = state.withLock { state -> ([CheckedContinuation<Void, Never>], CheckedContinuation<Void, Never>?) in
            state.budgetUsed -= weight
            state.outstanding -= 1
            var woken: CheckedContinuation<Void, Never>? = nil
            if let waiter = state.budgetWaiter, state.budgetUsed + waiter.need <= max {
                state.budgetUsed += waiter.need
                state.outstanding += 1
                state.budgetWaiter = nil
                woken = waiter.continuation
            }
            let outstanding = state.outstanding
            let ready = state.idleWaiters.filter { $0.threshold >= outstanding }.map(\.continuation)
            state.idleWaiters.removeAll { $0.threshold >= outstanding }
            return (ready, woken)
        }
        budgetWaiter?.resume()
        for waiter in ready { waiter.resume() }
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
