/// The state of one `RPCServer.run`: requests in flight, lifecycle, the sequential queue.
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
        var outstandingTasks = 0
        var idleWaiters: [(threshold: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var queuedJobs = 0
        var queueWaiter: CheckedContinuation<Void, Never>?
    }

    private let server: RPCServer
    private let connection: Connection
    private let writer: MessageWriter
    private let state = Locked(State())
    private let queue: AsyncStream<Job>.Continuation?
    private let queueStream: AsyncStream<Job>?

    init(server: RPCServer, connection: Connection) {
        self.server = server
        self.connection = connection
        self.writer = connection.writer
        if server.mode == .sequential {
            let (stream, continuation) = AsyncStream<Job>.makeStream()
            queueStream = stream
            queue = continuation
        } else {
            queueStream = nil
            queue = nil
        }
    }

    private var sequential: Bool { queue != nil }

    // MARK: - Loop

    func run() async -> ServerExit {
        var worker: Task<Void, Never>? = nil
        if let queueStream {
            worker = Task {
                for await job in queueStream { await job() }
            }
        }
        for await frame in connection.incoming {
            switch frame {
            case .error(let error):
                await perform { [writer] in writer.send(Response.failure(id: nil, .parseError(error.message))) }
            case .message(let bytes):
                if sequential {
                    await waitForQueueRoom()
                } else {
                    await waitForIdle(threshold: server.maxConcurrentRequests - 1)
                }
                await handleFrame(bytes)
            }
            if state.current.exitRequested { break }
        }
        connection.stopReading()
        let (exited, shutdown) = state.withLock { ($0.exitRequested, $0.shutdownRequested) }
        queue?.finish()
        await worker?.value
        await waitForIdle(threshold: 0)
        await writer.close()
        return ServerExit(reason: exited ? .exitNotification : .endOfInput, shutdownRequested: shutdown)
    }

    /// Runs `job` on the loop (concurrent mode) or queues it behind earlier messages (sequential).
    private func perform(_ job: @escaping Job) async {
        guard let queue else {
            await job()
            return
        }
        state.withLock { $0.queuedJobs += 1 }
        queue.yield { [self] in
            await job()
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.queuedJobs -= 1
                guard state.queuedJobs < server.maxConcurrentRequests else { return nil }
                defer { state.queueWaiter = nil }
                return state.queueWaiter
            }
            waiter?.resume()
        }
    }

    /// Sequential mode: waits while `maxConcurrentRequests` messages are queued (backpressure).
    private func waitForQueueRoom() async {
        if state.withLock({ $0.queuedJobs < server.maxConcurrentRequests }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let room = state.withLock { state -> Bool in
                if state.queuedJobs < server.maxConcurrentRequests { return true }
                state.queueWaiter = continuation
                return false
            }
            if room { continuation.resume() }
        }
    }

    private func handleFrame(_ bytes: [UInt8]) async {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            await perform { [writer] in writer.send(Response.failure(id: nil, .parseError("parse error: \(error)"))) }
            return
        }
        guard case .array(let elements) = json else {
            await handleMessage(json, reply: Reply(writer: writer, batch: nil))
            return
        }
        guard !elements.isEmpty else {
            await perform { [writer] in writer.send(Response.failure(id: nil, .invalidRequest("empty batch"))) }
            return
        }
        let batch = BatchCollector(writer: writer)
        let reply = Reply(writer: writer, batch: batch)
        var jobs: [Job] = []
        for element in elements {
            if let job = accept(element, reply: reply) { jobs.append(job) }
        }
        batch.seal()
        if !jobs.isEmpty {
            let inOrder = jobs
            await perform { for job in inOrder { await job() } }
        }
    }

    private func handleMessage(_ json: JSONValue, reply: Reply) async {
        if let job = accept(json, reply: reply) { await perform(job) }
    }

    /// Classifies one message and does what must happen on arrival (cancel, exit, lifecycle,
    /// registering a request as in flight; starting it in concurrent mode). Returns the work
    /// that must keep its place in line, if any.
    private func accept(_ json: JSONValue, reply: Reply) -> Job? {
        switch Message.classify(json) {
        case .failure(let invalid):
            reply.expectOne()
            return { reply.send(invalid.response) }
        case .success(.response(let response)):
            server.log("ignoring a response to id \(response.id?.description ?? "null"): the server sends no requests")
            return nil
        case .success(.notification(let notification)):
            return acceptNotification(notification)
        case .success(.request(let request)):
            reply.expectOne()
            switch prepare(request, reply: reply) {
            case .answer(let response):
                return { reply.send(response) }
            case .run(let prepared):
                if sequential {
                    return { [self] in await execute(prepared, reply: reply)?.value }
                }
                _ = execute(prepared, reply: reply)
                return nil
            }
        }
    }

    private func acceptNotification(_ notification: Notification) -> Job? {
        switch notification.method {
        case "$/cancelRequest":
            if let id = notification.params?["id"].flatMap(RPCID.init(json:)) { cancel(id) }
            return nil
        case "exit":
            state.withLock { $0.exitRequested = true }
            return nil
        default:
            guard let handler = server.notificationHandler(notification.method) else { return nil }
            let context = NotificationContext(method: notification.method, writer: writer)
            let params = notification.params ?? .null
            return { await handler(params, context) }
        }
    }

    // MARK: - Requests

    /// Decides on arrival: an immediate answer, or a registered in-flight request to run.
    private func prepare(_ request: Request, reply: Reply) -> Disposition {
        let isShutdown = request.method == "shutdown"
        let handler = server.requestHandler(request.method)
        return state.withLock { state -> Disposition in
            if state.shutdownRequested {
                return .answer(.failure(id: request.id, .invalidRequest("server is shutting down")))
            }
            if isShutdown { state.shutdownRequested = true }
            let shutdownReply: RequestHandler = { _, _ in .null }
            guard let handler = handler ?? (isShutdown ? shutdownReply : nil) else {
                return .answer(.failure(id: request.id, .methodNotFound(request.method)))
            }
            if state.inFlight[request.id] != nil {
                return .answer(.failure(id: request.id, .invalidRequest("request id \(request.id) is already in use")))
            }
            state.nextSerial += 1
            let flag = RequestFlag()
            state.inFlight[request.id] = InFlight(serial: state.nextSerial, flag: flag, task: nil, reply: reply)
            return .run(Prepared(request: request, serial: state.nextSerial, flag: flag, handler: handler))
        }
    }

    /// Starts the handler in a Task unless the request was cancelled while queued.
    private func execute(_ prepared: Prepared, reply: Reply) -> Task<Void, Never>? {
        let id = prepared.request.id
        let live = state.withLock { state -> Bool in
            guard state.inFlight[id]?.serial == prepared.serial else { return false }
            state.outstandingTasks += 1
            return true
        }
        guard live else { return nil }
        let context = RequestContext(
            id: id, method: prepared.request.method,
            workDoneToken: prepared.request.params?["workDoneToken"],
            flag: prepared.flag, writer: writer)
        let params = prepared.request.params ?? .null
        let task = Task { [self] in
            if prepared.request.method == "shutdown" {
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
            taskEnded()
        }
        let stillLive = state.withLock { state -> Bool in
            guard state.inFlight[id]?.serial == prepared.serial else { return false }
            state.inFlight[id]!.task = task
            return true
        }
        if !stillLive { task.cancel() }
        return task
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

    private func taskEnded() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.outstandingTasks -= 1
            let outstanding = state.outstandingTasks
            let ready = state.idleWaiters.filter { $0.threshold >= outstanding }.map(\.continuation)
            state.idleWaiters.removeAll { $0.threshold >= outstanding }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Waits until at most `threshold` handler tasks are running.
    private func waitForIdle(threshold: Int) async {
        if state.withLock({ $0.outstandingTasks <= threshold }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                if state.outstandingTasks <= threshold { return true }
                state.idleWaiters.append((threshold, continuation))
                return false
            }
            if idle { continuation.resume() }
        }
    }
}
