#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the transport reports what it cannot tell the client (stream-level problems,
/// a broken pipe, ignored messages). Standard error by default; tests use `.silent` or `.collect`.
public struct TransportLog: Sendable {
    private let sink: @Sendable (String) -> Void

    /// A log that hands each line to `sink`.
    public init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }

    /// Logs one line.
    public func callAsFunction(_ message: String) { sink(message) }

    /// Writes `fonsters-rpc: <line>` to standard error (fd 2), unbuffered.
    public static let standardError = TransportLog { message in
        let bytes = Array("fonsters-rpc: \(message)\n".utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    /// Discards everything.
    public static let silent = TransportLog { _ in }
}
