import Foundation

/// The session's reader: takes each frame the loop reads, parses it, and does what must happen
/// on arrival (cancel, `exit`, refusals, registering a request as in flight), then hands the
/// request to the scheduler; it waits (reads nothing more) while the output or the line is full.
extension ServerSession {
    /// Whether the next message may be handled at once: the output waiting for the client is
    /// within its bound, and fewer than `maxWaitingRequests` requests wait for their turn.
    var hasRoomToRead: Bool {
        writer.pendingBytes <= outputBound
            && state.withLock { $0.waiting.count < limits.maxWaitingRequests }
    }

    /// The output this session may leave unread before it reads and starts nothing more: the
    /// output bound, or its fair share of the memory budget when the budget is filling up.
    var outputBound: Int { min(limits.maxQueuedOutputBytes, account.share) }

    /// Waits while `maxWaitingRequests` requests already wait for their turn.
    func waitForRoomToWait() async {
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
    func answer(_ reply: Reply, _ response: Response) async {
        if sequential {
            enqueue(.answer(reply, response), ordered: true, weight: 1, bytes: 0)
        } else {
            reply.send(response)
        }
    }

    func handleFrame(_ bytes: [UInt8]) async {
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
    func accept(_ json: JSONValue, reply: Reply) async {
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

    func acceptNotification(_ notification: Notification) async {
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

    /// Decides on arrival: an immediate answer, or a registered in-flight request to run.
    func prepare(_ request: Request, reply: Reply?, silent: Bool) -> Disposition {
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
}
