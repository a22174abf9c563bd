/// Gathers the responses of one batch and sends them as one array once all are in.
/// A batch that yields no responses (only notifications) sends nothing. Each entry is
/// serialized as it arrives; an entry over `entryLimit` bytes, or one that would take the whole
/// array past `totalLimit`, is replaced by a `responseTooLarge` error.
final class BatchCollector: Sendable {
    private let writer: MessageWriter
    private let entryLimit: Int
    private let totalLimit: Int
    private let state = Locked((expected: 0, bodies: [[UInt8]](), bytes: 0, sealed: false, sent: false))
    private let held: Locked<Int>?
    private let onSent: (@Sendable () -> Void)?

    /// A collector sending through `writer`. `held`, when given, counts the bytes of entries
    /// that wait for the rest of their batch (the session's memory bound counts them);
    /// `onSent` hears when the array has gone to the writer.
    init(writer: MessageWriter, entryLimit: Int = ServerLimits().maxResponseBytes,
         totalLimit: Int = ServerLimits().maxBatchResponseBytes,
         held: Locked<Int>? = nil, onSent: (@Sendable () -> Void)? = nil) {
        self.writer = writer
        self.entryLimit = entryLimit
        self.totalLimit = totalLimit
        self.held = held
        self.onSent = onSent
    }

    /// Registers one more response to wait for (call before it can be delivered).
    func expectOne() { state.withLock { $0.expected += 1 } }

    /// Delivers one response.
    func deliver(_ response: Response) {
        var body = Reply.body(of: response, limit: entryLimit)
        sendIfComplete { state in
            if state.bytes + body.count + 1 > totalLimit {
                body = Response.failure(id: response.id, .responseTooLarge(bytes: state.bytes + body.count, limit: totalLimit, batch: true)).serialized()
            }
            state.bytes += body.count + 1
            state.bodies.append(body)
        }
        held?.withLock { $0 += body.count + 1 }
    }

    /// No more responses will be expected.
    func seal() { sendIfComplete { $0.sealed = true } }

    private func sendIfComplete(_ update: (inout (expected: Int, bodies: [[UInt8]], bytes: Int, sealed: Bool, sent: Bool)) -> Void) {
        let ready: [[UInt8]]? = state.withLock { state in
            update(&state)
            guard state.sealed, !state.sent, state.bodies.count == state.expected else { return nil }
            state.sent = true
            defer { state.bodies = [] }
            return state.bodies
        }
        guard var ready, !ready.isEmpty else { return }
        let total = ready.reduce(0) { $0 + $1.count + 1 }
        var array: [UInt8] = [UInt8(ascii: "[")]
        array.reserveCapacity(total + 1)
        for index in ready.indices {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array.append(contentsOf: ready[index])
            ready[index] = []  // each entry's memory goes as soon as it is copied
        }
        array.append(UInt8(ascii: "]"))
        writer.send(serialized: array)
        held?.withLock { $0 -= total }
        onSent?()
    }
}

/// Where one request's response goes: straight out, or into its batch.
struct Reply: Sendable {
    /// The connection's writer.
    let writer: MessageWriter
    /// The batch this message belongs to, if any.
    let batch: BatchCollector?
    /// The largest single response in bytes.
    var limit: Int = ServerLimits().maxResponseBytes

    /// Registers a response to come (batches count them).
    func expectOne() { batch?.expectOne() }

    /// Sends or collects `response`.
    func send(_ response: Response) {
        if let batch { batch.deliver(response) } else { writer.send(response, limit: limit) }
    }

    /// The serialized response, or a `responseTooLarge` error in its place when over `limit`.
    static func body(of response: Response, limit: Int) -> [UInt8] {
        let body = response.serialized()
        guard body.count > limit else { return body }
        return Response.failure(id: response.id, .responseTooLarge(bytes: body.count, limit: limit, batch: false)).serialized()
    }
}
