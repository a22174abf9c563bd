import Foundation

/// A JSON-RPC `Connection` over a WebSocket (after the 101 response): each text message in is
/// one message or batch; each message out is one text frame.
///
/// The calling thread reads the socket: it answers pings, echoes the peer's close, and fails
/// the connection with 1002/1003/1007/1009 when the peer breaks the rules (logged). A writer
/// thread sends frames. Closing the connection's writer (the server's session is over) sends a
/// close frame (1000) and waits up to `closeWait` for the peer's; the socket is closed once the
/// reader and the writer are both done.
public enum WebSocketConnection {
    /// The most output that may wait before a pong holds up reading.
    static let pongQueueLimit = ServerLimits.maxPongQueueBytes

    /// Serves `stream` as a WebSocket: calls `run` with the connection (start the session there,
    /// without blocking), then reads on this thread until the WebSocket ends.
    /// `leftover` holds bytes read after the handshake's head; `heartbeat` (if any) pings a
    /// quiet peer and closes the connection (1001) when the ping goes unanswered.
    /// Its bytes (unfinished and unread messages, queued frames, the session's work) are charged
    /// to `budget` when given; when the budget's policy closes this connection to make room, it
    /// is closed with 1008 (the reason says the server's memory budget is full) and its session's
    /// work is cancelled.
    public static func serve(_ stream: SocketStream, leftover: [UInt8], handshake: [UInt8] = [], limits: FrameLimits,
                             log: TransportLog, closeWait: Duration = .seconds(2), heartbeat: WebSocketHeartbeat? = nil,
                             budget: MemoryBudget? = nil,
                             run: (Connection) -> Void) {
        let outputAccount = Locked<WebSocketOutput?>(nil)
        let account = budget?.account("WebSocket \(stream.fd)", close: {
            log("WebSocket closed with 1008: the server's memory budget is full and this connection held the most of it")
            guard let output = outputAccount.current else { return }
            // A client that does not read would never get the close behind its unread answers:
            // drop them (the socket's end) so their memory goes now. (Asked before the close
            // frame is queued: that frame alone is not unread answers.)
            let unread = output.pendingBytes > 0
            output.sendClose(code: WebSocketCloseCode.policyViolation.rawValue, reason: "the server's memory budget is full")
            if unread { stream.shutdownBoth() }
            // Otherwise the reader sees the account closed after its current read (within a
            // second) and frees what it held; the socket is not shut for reading, so its close
            // drains what the client still sends and the client reads the 1008 frame, not a reset.
        })
        // What the connection costs counts until its socket is closed, after the session (and
        // the account) may have ended: the draining of a closed connection is memory too.
        let link = Link(stream: stream) { account?.release(ServerLimits.connectionBytes, for: .connection) }
        // The handshake's response goes out once the session is started (so a client that has it
        // is, say, told of every change after), and before any frame: frames sent meanwhile wait.
        let output = WebSocketOutput(stream: stream, link: link, log: log, account: account, holding: !handshake.isEmpty)
        outputAccount.withLock { $0 = output }
        account?.charge(ServerLimits.connectionBytes, for: .connection)
        let frames = IncomingFrames(readAhead: ServerLimits.readAheadMessages, account: account)
        // JSON serializes without raw newlines, so newline-delimited framing yields exactly one
        // body per write, whose "\n" the output drops.
        let writer = MessageWriter(output: output, framing: FramingState(.newlineDelimited))
        run(Connection(incoming: frames, writer: writer, account: account))
        if !handshake.isEmpty { output.open(with: handshake) }

        var decoder = WebSocketFrameDecoder(maxMessage: limits.maxMessage)
        var charged = 0
        let capacity = ServerLimits.readChunkBytes
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { chunk.deallocate() }
        var events: [WebSocketEvent] = []
        var pending = leftover
        var beat = heartbeat.map { WebSocketHeartbeat.Beat($0, now: .now) }
        reading: while true {
            var granted = 0  // the chunk's grant, given back once what the read added is counted
            if !pending.isEmpty {
                pending.withUnsafeBufferPointer { decoder.feed($0, into: &events) }
                pending = []
            } else {
                // A chunk is granted by the memory budget before it is read: while it is full,
                // this client is slowed (nothing is read), or closed when it holds the most.
                if let account, !account.reserve(capacity, for: .input, whileWaiting: { !stream.peerHungUp() }) { break reading }
                granted = capacity
                let deadline = link.closeDeadline(after: closeWait) ?? min(ContinuousClock.now + .seconds(1), beat?.next ?? .now + .seconds(1))
                let read = stream.read(into: chunk, capacity: capacity, deadline: deadline)
                if let account, !account.isOpen {
                    account.release(capacity, for: .input)
                    break reading
                }
                switch read {
                case .bytes(let n):
                    beat?.heard(at: .now)
                    decoder.feed(UnsafeBufferPointer(start: chunk, count: n), into: &events)
                case .end:
                    account?.release(capacity, for: .input)
                    break reading
                case .timeout:
                    account?.release(capacity, for: .input)
                    if link.closeDeadline(after: closeWait).map({ ContinuousClock.now >= $0 }) ?? false { break reading }
                    switch beat?.due(at: .now) {
                    case .ping: output.sendControl(WebSocketFrame.encode(.ping, []))
                    case .gone:
                        log("WebSocket closed with 1001: no answer to a ping")
                        output.sendClose(code: WebSocketCloseCode.goingAway.rawValue, reason: "no answer to a ping")
                        break reading
                    default: break
                    }
                    continue reading
                }
            }
            // What the read added is counted before the chunk's grant is given back: no other
            // connection is granted the same bytes meanwhile.
            account?.charge(decoder.bufferedBytes - charged, for: .input)
            charged = decoder.bufferedBytes
            if granted > 0 { account?.release(granted, for: .input) }
            // Messages go to the session together, one hand-over per read.
            var messages: [FrameEvent] = []
            func handOver() {
                if !messages.isEmpty { _ = frames.push(messages) } // false after `exit`: keep reading for the close
                messages.removeAll()
            }
            for event in events {
                switch event {
                case .text(let message):
                    messages.append(.message(message))
                    continue
                default:
                    handOver()
                }
                switch event {
                case .text:
                    break
                case .ping(let payload):
                    // A client that pings without reading must not queue pongs without bound:
                    // stop reading until its output drains.
                    output.waitForRoomBlocking(limit: pongQueueLimit)
                    output.sendControl(WebSocketFrame.encode(.pong, payload))
                case .pong:
                    break
                case .close(let code, _):
                    output.sendClose(code: code ?? WebSocketCloseCode.normal.rawValue, reason: "")
                    break reading
                case .fail(let code, let reason):
                    log("WebSocket closed with \(code.rawValue): \(reason)")
                    output.sendClose(code: code.rawValue, reason: reason)
                    break reading
                }
            }
            handOver()
            events.removeAll(keepingCapacity: true)
        }
        // The unfinished message's memory is freed before its bytes leave the budget: else
        // another connection could be granted them while both are held.
        decoder = WebSocketFrameDecoder(maxMessage: limits.maxMessage)
        events = []
        account?.release(charged, for: .input)
        frames.finish()
        // The peer closed, reset or broke the connection (or ours closed it): nothing more can
        // reach it, so the session cancels what runs, as a broken pipe does on stdio.
        output.peerGone()
        link.readerDone()
    }

    /// Closes the socket once both halves are done.
    final class Link: Sendable {
        private struct State {
            var readerDone = false
            var writerDone = false
            var closeSentAt: ContinuousClock.Instant?
        }
        private let state = Locked(State())
        private let stream: SocketStream
        private let closed: @Sendable () -> Void

        /// The link of `stream`; `closed` is called once the socket is closed.
        init(stream: SocketStream, closed: @escaping @Sendable () -> Void) {
            self.stream = stream
            self.closed = closed
        }

        /// When the reader should give up waiting for the peer's close, once ours is sent.
        func closeDeadline(after wait: Duration) -> ContinuousClock.Instant? {
            state.withLock { $0.closeSentAt.map { $0 + wait } }
        }

        func closeSent() { state.withLock { if $0.closeSentAt == nil { $0.closeSentAt = .now } } }

        func readerDone() { finish { $0.readerDone = true } }

        func writerDone() { finish { $0.writerDone = true } }

        private func finish(_ mark: (inout State) -> Void) {
            let both = state.withLock { state -> Bool in
                mark(&state)
                return state.readerDone && state.writerDone
            }
            guard both else { return }
            // Unread input at close would reset the connection, which can cost the peer our
            // close frame: stop sending, drain briefly, then close (off the caller's thread).
            let (stream, closed) = (self.stream, self.closed)
            let closer = Thread {
                stream.closeGracefully(linger: .milliseconds(500))
                closed()
            }
            closer.name = "websocket-close"
            closer.start()
        }
    }
}

/// Sends a connection's messages as WebSocket text frames (and the reader's control frames)
/// through one writer thread; after a close frame nothing more is sent. Its pending bytes are
/// the frames queued for the socket; it breaks when a write fails or the peer is gone (the
/// reader saw its close, the end of the stream or a reset).
final class WebSocketOutput: DiscardingOutput {
    private let inner: FileDescriptorOutput
    private let link: WebSocketConnection.Link
    /// Whether a close frame went out, and the frames held until the handshake's response (nil
    /// once it went out, or when there is none to send).
    private let state: Locked<(closeSent: Bool, held: [[UInt8]]?)>
    private let broken = BreakWatch()

    /// An output on `stream`; `holding`, it holds every frame until `open(with:)`.
    init(stream: SocketStream, link: WebSocketConnection.Link, log: TransportLog, account: MemoryAccount?, holding: Bool = false) {
        self.inner = FileDescriptorOutput(fd: stream.fd, closeDescriptor: false, log: log, account: account)
        self.link = link
        state = Locked((false, holding ? [] : nil))
        inner.whenBroken { [broken] in broken.breakNow() }
    }

    /// Sends the handshake's `response`, then the frames held until now.
    func open(with response: [UInt8]) {
        state.withLock { state in
            inner.write(response)
            for frame in state.held ?? [] { inner.write(frame) }
            state.held = nil
        }
    }

    /// Sends `frame` now, or holds it until the handshake's response went out; nothing after a close.
    private func send(_ frame: [UInt8], in state: inout (closeSent: Bool, held: [[UInt8]]?)) {
        guard !state.closeSent else { return }
        if state.held != nil { state.held!.append(frame) } else { inner.write(frame) }
    }

    /// The reader is done: the peer can take nothing more.
    func peerGone() { broken.breakNow() }

    var pendingBytes: Int { broken.isBroken ? 0 : inner.pendingBytes }

    func whenBroken(_ handler: @escaping @Sendable () -> Void) { broken.add(handler) }

    /// Each message is a frame of its own, written as it comes: nothing is joined.
    func hold() {}

    /// Nothing was joined.
    func release() {}

    /// Sends one newline-framed message body as a text frame.
    func write(_ bytes: [UInt8]) {
        // The message without its line end, framed in one copy (a 30 MB answer is not copied twice).
        let frame = bytes.withUnsafeBufferPointer { all in
            WebSocketFrame.encode(.text, UnsafeBufferPointer(rebasing: all[..<(all.last == UInt8(ascii: "\n") ? all.count - 1 : all.count)]))
        }
        state.withLock { send(frame, in: &$0) }
    }

    /// Sends a control frame (a pong) unless a close went out.
    func sendControl(_ frame: [UInt8]) {
        state.withLock { send(frame, in: &$0) }
    }

    /// Sends a close frame, once.
    func sendClose(code: UInt16, reason: String) {
        let first = state.withLock { state -> Bool in
            send(WebSocketFrame.close(code: code, reason: reason), in: &state)
            defer { state.closeSent = true }
            return !state.closeSent
        }
        if first { link.closeSent() }
    }

    func flush() async { await inner.flush() }

    func discard() { inner.discard() }

    /// Blocks the calling thread (a reader thread, never a task) until at most `limit` bytes
    /// wait to be written.
    func waitForRoomBlocking(limit: Int) {
        let semaphore = DispatchSemaphore(value: 0)
        Task { [inner] in
            await inner.waitForRoom(limit: limit)
            semaphore.signal()
        }
        semaphore.wait()
    }

    func waitForRoom(limit: Int) async { await inner.waitForRoom(limit: limit) }

    /// The session is over: a close frame (1000) unless one went out, then the writer stops.
    func close() async {
        sendClose(code: WebSocketCloseCode.normal.rawValue, reason: "")
        await inner.close()
        link.writerDone()
    }
}
