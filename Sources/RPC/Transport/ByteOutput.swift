/// Somewhere whole chunks of bytes go, in order; each `write` lands contiguously.
protocol ByteOutput: Sendable {
    /// Queues or writes `bytes` as one unit.
    func write(_ bytes: [UInt8])
    /// Returns once everything written so far has left (or has been dropped on a broken pipe).
    func flush() async
    /// Flushes, then refuses further writes and releases the other end.
    func close() async
    /// Returns once at most `limit` bytes wait to be written.
    func waitForRoom(limit: Int) async
    /// Bytes written and not yet delivered.
    var pendingBytes: Int { get }
    /// Calls `handler` once, on any thread, when the output breaks (the other end closed it):
    /// nothing written from then on can arrive.
    func whenBroken(_ handler: @escaping @Sendable () -> Void)
}

extension ByteOutput {
    /// Outputs that deliver at once keep no queue.
    func waitForRoom(limit: Int) async {}
    /// Outputs that deliver at once keep no queue.
    var pendingBytes: Int { 0 }
    /// Outputs that never break never call it.
    func whenBroken(_ handler: @escaping @Sendable () -> Void) {}
}

/// An output delivering straight into the other end of an in-memory connection.
final class InMemoryOutput: ByteOutput {
    private let peer: InboundPipe
    private let closed = Locked(false)

    /// An output feeding `peer`.
    init(peer: InboundPipe) { self.peer = peer }

    func write(_ bytes: [UInt8]) {
        // Holding the lock keeps chunks from concurrent writers whole and in order.
        closed.withLock { closed in
            if !closed { peer.receive(bytes) }
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
}
