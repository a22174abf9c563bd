/// How messages are delimited on a byte stream.
public enum Framing: Sendable, Hashable {
    /// LSP base protocol: `Content-Length: N\r\n` (other headers allowed), a blank line, N bytes of JSON.
    case contentLength
    /// Newline-delimited JSON: one message per line.
    case newlineDelimited

    /// `body` wrapped for the wire.
    public func frame(_ body: [UInt8]) -> [UInt8] {
        switch self {
        case .contentLength:
            var out = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
            out.reserveCapacity(out.count + body.count)
            out.append(contentsOf: body)
            return out
        case .newlineDelimited:
            var out = body
            out.append(UInt8(ascii: "\n"))
            return out
        }
    }
}

/// The framing shared by a connection's reader and writer: the reader detects it from the
/// first message, the writer answers in kind (Content-Length until something is detected).
public final class FramingState: Sendable {
    private let state: Locked<Framing?>

    /// A state that starts undetected, or fixed to `framing`.
    public init(_ framing: Framing? = nil) { state = Locked(framing) }

    /// The framing detected (or fixed), if any.
    public var detected: Framing? { state.current }

    /// The framing to write with: the detected one, else Content-Length.
    public var outgoing: Framing { state.current ?? .contentLength }

    /// Records the detected framing (the first detection wins).
    public func detect(_ framing: Framing) {
        state.withLock { if $0 == nil { $0 = framing } }
    }
}
