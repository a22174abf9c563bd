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
            // One allocation: the header's digits are written in place, not through a String.
            var out: [UInt8] = []
            out.reserveCapacity(body.count + 40)
            out.append(contentsOf: "Content-Length: ".utf8)
            var digits = 1, rest = body.count / 10
            while rest > 0 { digits += 1; rest /= 10 }
            var value = body.count
            for _ in 0..<digits { out.append(UInt8(ascii: "0")) }
            for i in stride(from: out.count - 1, through: out.count - digits, by: -1) {
                out[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            out.append(contentsOf: "\r\n\r\n".utf8)
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
