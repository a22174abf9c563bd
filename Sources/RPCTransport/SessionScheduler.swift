/// The session's scheduler: the line of work waiting for its turn, admitted within the
/// concurrency limit and the memory bound; library (ordered) requests start in arrival order,
/// only free (pure) work may overtake; cancellation takes a request out of the line or stops it.
extension ServerSession {
    /// Counts a request's estimate at most half the memory bound: a giant (an animation that
    /// may fill the response limit) leaves room for the work beside it instead of holding up
    /// everything until it ends.
    func enqueue(_ prepared: Prepared) {
        let scheduling = prepared.scheduling
        enqueue(.request(prepared), ordered: scheduling.lane == .ordered,
                weight: min(scheduling.weight, maxWeight), bytes: min(scheduling.bytes, limits.maxQueuedOutputBytes / 2))
    }

    func enqueue(_ work: Work, ordered: Bool, weight: Int, bytes: Int) {
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
    func pump() {
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

    /// Cancels an in-flight request: -32800 goes out now, its Task is cancelled (or, still
    /// waiting for its turn, it leaves the line). A request inside a write transaction is
    /// answered by itself once the write rolled back; one whose write committed is not
    /// cancelled (it answers with its result): -32800 always means nothing changed.
    func cancel(_ id: RPCID) {
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
    func cancelSilent() {
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
    func dropWaiting(serial: UInt64) {
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
    func finish(weight: Int, bytes: Int) {
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
    func waitForIdle(threshold: Int) async {
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
