/// Sends messages on a connection: serializes them, frames them as the connection's reader
/// detected (Content-Length until then), and writes each as one unit. Safe to use from any
/// thread or task; messages never interleave.
public final class MessageWriter: Sendable {
    private let output: any ByteOutput
    /// The framing shared with the connection's reader.
    public let framing: FramingState

    init(output: any ByteOutput, framing: FramingState) {
        self.output = output
        self.framing = framing
    }

    /// Sends any JSON value as one message.
    public func send(_ json: JSONValue) {
        output.write(framing.outgoing.frame(json.serialized()))
    }

    /// Sends one already serialized message body.
    func send(serialized body: [UInt8]) {
        output.write(framing.outgoing.frame(body))
    }

    /// Returns once at most `limit` bytes wait to be written (at once if the output keeps no queue).
    public func waitForRoom(limit: Int) async { await output.waitForRoom(limit: limit) }

    /// Bytes sent and not yet delivered to the other end.
    public var pendingBytes: Int { output.pendingBytes }

    /// Calls `handler` once when the other end stops taking output (a write failed).
    public func whenBroken(_ handler: @escaping @Sendable () -> Void) { output.whenBroken(handler) }

    /// Sends a message.
    public func send(_ message: Message) { send(message.json) }

    /// Sends a response.
    public func send(_ response: Response) { send(response.json) }

    /// Sends a notification.
    public func send(_ notification: Notification) { send(notification.json) }

    /// Sends the notification `method` with `params`.
    public func sendNotification(_ method: String, params: JSONValue? = nil) {
        send(Notification(method: method, params: params))
    }

    /// Writes `bytes` exactly as given, without framing (for tests of malformed input).
    public func writeRaw(_ bytes: [UInt8]) { output.write(bytes) }

    /// Returns once everything sent so far has been written.
    public func flush() async { await output.flush() }

    /// Flushes and closes: the other end sees end of input; later sends are dropped.
    public func close() async { await output.close() }
}
