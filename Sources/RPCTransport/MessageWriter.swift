import Foundation
import JSON

/// Sends messages on a connection: serializes them, frames them as the connection's reader
/// detected (Content-Length until then), and writes each as one unit. Safe to use from any
/// thread or task; messages never interleave.
public final class MessageWriter: Sendable {
    private let output: any ByteOutput
    /// Where answers are written before they are framed, reused from one to the next.
    private let scratch = ScratchWriter()
    /// The framing shared with the connection's reader.
    public let framing: FramingState

    init(output: any ByteOutput, framing: FramingState) {
        self.output = output
        self.framing = framing
        framing.whenDetected { [output] framed in output.write(framed) }
    }

    /// Sends any JSON value as one message.
    public func send(_ json: JSONValue) {
        let framed = scratch.use { out in
            out.value(json)
            return out.withBytes { framing.frameOrHold($0) }
        }
        if let framed { output.write(framed) }
    }

    /// Sends `response`, written into a reused buffer and framed in one piece; an answer over
    /// `limit` bytes goes as a `responseTooLarge` error in its place. The framed copy is written
    /// once the buffer is let go, so a big answer is held twice only while it is framed.
    func send(_ response: Response, limit: Int) {
        let framed = scratch.use { out in
            response.write(into: &out)
            if out.count > limit {
                let bytes = out.count
                out.reset()
                Response.failure(id: response.id, .responseTooLarge(bytes: bytes, limit: limit, batch: false)).write(into: &out)
            }
            return out.withBytes { framing.frameOrHold($0) }
        }
        if let framed { output.write(framed) }
    }

    /// Sends one already serialized message body.
    func send(serialized body: [UInt8]) {
        if let framed = body.withUnsafeBufferPointer({ framing.frameOrHold($0) }) { output.write(framed) }
    }

    /// Joins the messages sent from now on until `release()`, to write them with one system call
    /// where the output is a byte stream (the session holds it while it reads ready requests).
    func hold() { output.hold() }

    /// Writes what was joined since `hold()`.
    func release() { output.release() }

    /// Returns once at most `limit` bytes wait to be written (at once if the output keeps no queue).
    public func waitForRoom(limit: Int) async { await output.waitForRoom(limit: limit) }

    /// Bytes sent and not yet delivered to the other end.
    public var pendingBytes: Int { output.pendingBytes }

    /// Calls `handler` once when the other end stops taking output (a write failed).
    public func whenBroken(_ handler: @escaping @Sendable () -> Void) { output.whenBroken(handler) }

    /// Sends a message.
    public func send(_ message: Message) { send(message.json) }

    /// Sends a response.
    public func send(_ response: Response) { send(response, limit: .max) }

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

    /// Gives up on a client that does not read: what waits to be written is dropped, later sends
    /// too, and whoever waits for room goes on (an output that keeps no queue has nothing to drop).
    public func discard() { (output as? any DiscardingOutput)?.discard() }

    /// Flushes and closes: the other end sees end of input; later sends are dropped.
    public func close() async { await output.close() }
}

/// A `JSONWriter` reused for one message after another, by one sender at a time: a sender that
/// finds it in use (another thread, or a send made while one is under way) takes a new one.
final class ScratchWriter: @unchecked Sendable {
    private let lock = NSLock()
    private var writer = JSONWriter(capacity: 16 << 10)
    /// A buffer grown past this for a big message is let go after it.
    private static let keptCapacity = 1 << 20

    /// Runs `body` with an empty writer and returns what it returns.
    func use<R>(_ body: (inout JSONWriter) -> R) -> R {
        guard lock.try() else {
            var fresh = JSONWriter(capacity: 4096)
            return body(&fresh)
        }
        defer { lock.unlock() }
        writer.reset()
        let result = body(&writer)
        if writer.bufferCapacity > Self.keptCapacity { writer = JSONWriter(capacity: 16 << 10) }
        return result
    }
}
