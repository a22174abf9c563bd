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
