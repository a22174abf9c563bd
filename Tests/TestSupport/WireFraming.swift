import Foundation

/// How messages are framed on a JSON-RPC byte stream, seen from the test client's side.
/// (An independent implementation: the tests do not reuse the server's decoder.)
public enum WireFraming: String, Sendable, CaseIterable, CustomStringConvertible {
    /// LSP headers: `Content-Length: N\r\n\r\n` then N bytes of body.
    case contentLength
    /// One JSON text per line.
    case newlineDelimited

    /// `body` framed for sending.
    public func frame(_ body: [UInt8]) -> [UInt8] {
        switch self {
        case .contentLength: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        case .newlineDelimited: return body + [0x0A]
        }
    }

    /// The framing's name.
    public var description: String { rawValue }
}

/// A strict decoder of what the server writes: every byte must belong to a well-formed
/// frame, so a stray log line on stdout shows up as a `violation`.
public struct WireDecoder: Sendable {
    /// The framing expected.
    public let framing: WireFraming
    /// The first byte sequence that is not a valid frame, described; nil while all is well.
    public private(set) var violation: String?
    private var buffer: [UInt8] = []

    /// A decoder for `framing`.
    public init(framing: WireFraming) { self.framing = framing }

    /// Adds bytes and returns the message bodies they completed.
    public mutating func feed(_ bytes: [UInt8]) -> [[UInt8]] {
        buffer += bytes
        var bodies: [[UInt8]] = []
        while violation == nil, let body = nextBody() { bodies.append(body) }
        return bodies
    }

    /// Bytes left over that do not make a whole frame (non-empty at end of output is a violation).
    public var leftover: Int { buffer.count }

    private mutating func nextBody() -> [UInt8]? {
        switch framing {
        case .newlineDelimited:
            guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
            let line = Array(buffer[..<newline])
            buffer.removeSubrange(...newline)
            guard line.first == UInt8(ascii: "{") || line.first == UInt8(ascii: "[") else {
                violation = "a line that is not a JSON message: \(String(decoding: line.prefix(80), as: UTF8.self))"
                return nil
            }
            return line
        case .contentLength:
            let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
            guard buffer.count >= 4 else { return nil }
            var end: Int?
            for i in 0...(buffer.count - 4) where buffer[i] == 0x0D && Array(buffer[i..<(i + 4)]) == separator {
                end = i
                break
            }
            guard let end else {
                if buffer.count > 1024 { violation = "no header terminator in 1 KiB of output" }
                return nil
            }
            let header = String(decoding: buffer[..<end], as: UTF8.self)
            var length: Int?
            for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else {
                    violation = "a header line that is not 'Name: value': \(line.prefix(80))"
                    return nil
                }
                let name = parts[0].lowercased()
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                if name == "content-length" { length = Int(value) }
                else if name != "content-type" {
                    violation = "an unexpected header: \(line.prefix(80))"
                    return nil
                }
            }
            guard let length else {
                violation = "a header block without Content-Length: \(header.prefix(80))"
                return nil
            }
            guard buffer.count >= end + 4 + length else { return nil }
            let body = Array(buffer[(end + 4)..<(end + 4 + length)])
            buffer.removeSubrange(..<(end + 4 + length))
            return body
        }
    }
}
