/// Somewhere whole chunks of bytes go, in order; each `write` lands contiguously.
///
/// Every output reports what it holds and when it breaks — there are no defaults to inherit:
/// the server's bounds (the output bound, the memory budget, the folding of `fonsters/didChange`)
/// and its cancelling of a gone client's work see only what the output tells (protocol.md,
/// "Execution model").
protocol ByteOutput: Sendable {
    /// Queues or writes `bytes` as one unit.
    func write(_ bytes: [UInt8])
    /// Returns once everything written so far has left (or has been dropped on a broken pipe).
    func flush() async
    /// Flushes, then refuses further writes and releases the other end.
    func close() async
    /// Returns once at most `limit` bytes wait to be delivered (at once when broken).
    func waitForRoom(limit: Int) async
    /// Bytes written and not yet delivered to the other end (0 once broken: they never will be).
    var pendingBytes: Int { get }
    /// Calls `handler` once, on any thread, when the output breaks (the other end went away):
    /// nothing written from then on can arrive. At once if it is broken already.
    func whenBroken(_ handler: @escaping @Sendable () -> Void)
    /// Joins what is written from now on, in order, until `release()` (a byte stream writes it
    /// with one system call; an output of separate messages, as WebSocket's, writes as before).
    func hold()
    /// Writes what was joined since `hold()` and stops joining.
    func release()
}

/// An output that can give up on a client that does not read: what waits is dropped.
protocol DiscardingOutput: ByteOutput {
    /// Drops what is queued (a chunk being written may finish), refuses further writes and
    /// releases everyone waiting for room or a flush.
    func discard()
}

/// The handlers waiting for an output to break, run once when it does.
final class BreakWatch: Sendable {
    private let state = Locked((broken: false, handlers: [@Sendable () -> Void]()))

    /// Whether the output broke.
    var isBroken: Bool { state.current.broken }

    /// Adds `handler`, or runs it now when the output already broke.
    func add(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.broken { return true }
            state.handlers.append(handler)
            return false
        }
        if now { handler() }
    }

    /// The output broke: runs the handlers, once; false if it had broken before.
    @discardableResult
    func breakNow() -> Bool {
        let handlers = state.withLock { state -> [@Sendable () -> Void]? in
            if state.broken { return nil }
            state.broken = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers ?? [] { handler() }
        return handlers != nil
    }
}

/// An output delivering straight into the other end of an in-memory connection: what the other
/// end has not taken yet is pending, and the output breaks when the other end stops listening.
final class InMemoryOutput: ByteOutput {
    private let peer: InboundPipe
    private let closed = Locked(false)
    private let broken = BreakWatch()

    /// An output feeding `peer`.
    init(peer: InboundPipe) {
        self.peer = peer
        peer.frames.whenStopped { [broken] in broken.breakNow() }
    }

    func write(_ bytes: [UInt8]) {
        // Holding the lock keeps chunks from concurrent writers whole and in order.
        closed.withLock { closed in
            if !closed && !broken.isBroken { peer.receive(bytes) }
        }
    }

    func flush() async {}

    func close() async {
        closed.withLock { closed in
            if !closed {
                closed = true
                peer.end()
            }
        }
    }

    func waitForRoom(limit: Int) async { await peer.frames.waitForRoom(limit: limit) }

    var pendingBytes: Int { peer.frames.bufferedByteCount }

    func whenBroken(_ handler: @escaping @Sendable () -> Void) { broken.add(handler) }

    /// Each write reaches the other end at once, with no system call to save: nothing is joined.
    func hold() {}

    /// Nothing was joined.
    func release() {}
}
