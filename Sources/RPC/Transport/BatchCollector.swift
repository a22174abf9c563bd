/// Gathers the responses of one batch and sends them as one array once all are in.
/// A batch that yields no responses (only notifications) sends nothing.
final class BatchCollector: Sendable {
    private let writer: MessageWriter
    private let state = Locked((expected: 0, responses: [JSONValue](), sealed: false, sent: false))

    /// A collector sending through `writer`.
    init(writer: MessageWriter) { self.writer = writer }

    /// Registers one more response to wait for (call before it can be delivered).
    func expectOne() { state.withLock { $0.expected += 1 } }

    /// Delivers one response.
    func deliver(_ response: Response) {
        let json = response.json
        sendIfComplete { $0.responses.append(json) }
    }

    /// No more responses will be expected.
    func seal() { sendIfComplete { $0.sealed = true } }

    private func sendIfComplete(_ update: (inout (expected: Int, responses: [JSONValue], sealed: Bool, sent: Bool)) -> Void) {
        let ready: [JSONValue]? = state.withLock { state in
            update(&state)
            guard state.sealed, !state.sent, state.responses.count == state.expected else { return nil }
            state.sent = true
            return state.responses
        }
        if let ready, !ready.isEmpty { writer.send(.array(ready)) }
    }
}

/// Where one request's response goes: straight out, or into its batch.
struct Reply: Sendable {
    /// The connection's writer.
    let writer: MessageWriter
    /// The batch this message belongs to, if any.
    let batch: BatchCollector?

    /// Registers a response to come (batches count them).
    func expectOne() { batch?.expectOne() }

    /// Sends or collects `response`.
    func send(_ response: Response) {
        if let batch { batch.deliver(response) } else { writer.send(response) }
    }
}
