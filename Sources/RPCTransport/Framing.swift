/// How messages are delimited on a byte stream.
public enum Framing: Sendable, Hashable {
    /// LSP base protocol: `Content-Length: N\r\n` (other headers allowed), a blank line, N bytes of JSON.
    case contentLength
    /// Newline-delimited JSON: one message per line.
    case newlineDelimited

    /// `body` wrapped for the wire.
    public func frame(_ body: [UInt8]) -> [UInt8] {
        body.withUnsafeBufferPointer { frame($0) }
    }

    /// `body` wrapped for the wire, in one allocation: the header's digits are written in place,
    /// not through a String.
    public func frame(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        switch self {
        case .contentLength:
            var digits = 1, rest = body.count / 10
            while rest > 0 { digits += 1; rest /= 10 }
            let prefix: StaticString = "Content-Length: "
            let header = prefix.utf8CodeUnitCount + digits + 4
            return [UInt8](unsafeUninitializedCapacity: header + body.count) { out, initialized in
                let start = out.baseAddress!
                start.initialize(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
                var value = body.count
                for i in stride(from: prefix.utf8CodeUnitCount + digits - 1, through: prefix.utf8CodeUnitCount, by: -1) {
                    start[i] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                let end = prefix.utf8CodeUnitCount + digits
                (start + end).initialize(to: UInt8(ascii: "\r"))
                (start + end + 1).initialize(to: UInt8(ascii: "\n"))
                (start + end + 2).initialize(to: UInt8(ascii: "\r"))
                (start + end + 3).initialize(to: UInt8(ascii: "\n"))
                if let source = body.baseAddress { (start + header).initialize(from: source, count: body.count) }
                initialized = header + body.count
            }
        case .newlineDelimited:
            return [UInt8](unsafeUninitializedCapacity: body.count + 1) { out, initialized in
                if let source = body.baseAddress { out.baseAddress!.initialize(from: source, count: body.count) }
                out[body.count] = UInt8(ascii: "\n")
                initialized = body.count + 1
            }
        }
    }
}

/// The framing shared by a connection's reader and writer: the reader detects it from the
/// first message, the writer answers in kind. Until the framing is known the writer writes
/// nothing: what it sends meanwhile (notifications: nothing can be answered yet) is held,
/// at most `maxHeldBytes` (the oldest give way), and written in the detected framing, in
/// order and before anything later, once the client's first message shows it.
public final class FramingState: Sendable {
    private struct State {
        var framing: Framing?
        var held: [[UInt8]] = []
        var heldBytes = 0
        var dropped = 0
        var write: (@Sendable ([UInt8]) -> Void)?
    }
    private let state: Locked<State>

    /// The most bytes of message bodies held before the framing is known.
    public static let maxHeldBytes = ServerLimits.maxEarlyOutputBytes

    /// A state that starts undetected, or fixed to `framing`.
    public init(_ framing: Framing? = nil) { state = Locked(State(framing: framing)) }

    /// The framing detected (or fixed), if any.
    public var detected: Framing? { state.current.framing }

    /// Message bodies held until the framing is known, and how many were dropped to stay within `maxHeldBytes`.
    public var held: (count: Int, bytes: Int, dropped: Int) {
        state.withLock { ($0.held.count, $0.heldBytes, $0.dropped) }
    }

    /// Records the detected framing (the first detection wins) and writes what was held, framed so.
    public func detect(_ framing: Framing) {
        state.withLock { state in
            guard state.framing == nil else { return }
            state.framing = framing
            // Written under the lock: a message sent once the framing is known waits for these.
            for body in state.held { state.write?(framing.frame(body)) }
            state.held = []
            state.heldBytes = 0
        }
    }

    /// Sets where held messages go once the framing is known (the connection's output).
    func whenDetected(write: @escaping @Sendable ([UInt8]) -> Void) {
        state.withLock { $0.write = write }
    }

    /// `body` framed for the wire, or nil when the framing is not known yet and `body` was held.
    func frameOrHold(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let framing = state.withLock { state -> Framing? in
            if let framing = state.framing { return framing }
            state.held.append(Array(body))
            state.heldBytes += body.count
            while state.heldBytes > Self.maxHeldBytes, !state.held.isEmpty {
                state.heldBytes -= state.held.removeFirst().count
                state.dropped += 1
            }
            return nil
        }
        return framing?.frame(body)
    }
}
