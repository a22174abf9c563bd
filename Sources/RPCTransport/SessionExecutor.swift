import Foundation
import Compute

/// The session's executor: starts an admitted request's handler, runs it, and writes its answer
/// (or, cancelled, -32800) once.
extension ServerSession {
    /// Starts the handler in a Task unless the request was cancelled while it waited; returns
    /// whether it started. The request already holds `weight` units and `bytes`.
    @discardableResult
    func start(_ prepared: Prepared, weight: Int, bytes: Int) -> Bool {
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
    func execute(_ prepared: Prepared) async {
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
            if prepared.scheduling.isHeavy {
                // A heavy request's answer may be tens of MB whatever its estimate said (the
                // look-alikes of a million): the session's become bytes one at a time, each once
                // the client has taken most of what is queued, so two made at once are not both
                // held as bytes. Cancelled while it waits, it is answered -32800 at once.
                do {
                    try await heavyAnswers.run { () async throws(ResponseError) in
                        if !prepared.flag.isCancelled { await writer.waitForRoom(limit: outputBound / Self.answerRoomShare) }
                        await answer(response, prepared, onPool: true)
                    }
                } catch {
                    complete(id, serial: prepared.serial, with: response)
                }
            } else {
                await answer(response, prepared, onPool: prepared.scheduling.bytes >= RequestContext.inlineBytes)
            }
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

    /// Serializes `response` (on the compute pool when `onPool`, like the work that made it)
    /// and sends it.
    private func answer(_ response: Response, _ prepared: Prepared, onPool: Bool) async {
        var body: [UInt8]?
        if onPool && !prepared.flag.isCancelled {
            let limit = limits.maxResponseBytes, flag = prepared.flag
            body = try? await ComputePool.shared.run(isCancelled: { flag.isCancelled }) { Reply.body(of: response, limit: limit) }
        }
        complete(prepared.request.id, serial: prepared.serial, with: response, serialized: body)
    }

    /// Sends the response unless the request was cancelled (and so already answered).
    /// `serialized`, when given, is `response` already serialized (a batch entry goes by `response`).
    func complete(_ id: RPCID, serial: UInt64, with response: Response, serialized: [UInt8]? = nil) {
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
}
