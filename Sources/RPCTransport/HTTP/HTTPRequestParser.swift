/// Size limits on a request head.
public struct HTTPLimits: Sendable, Hashable {
    /// The most bytes in a request head (request line, headers and the blank line).
    public var maxHeadBytes: Int
    /// The most header fields.
    public var maxHeaders: Int

    /// The defaults: 16 KiB, 64 fields.
    public init(maxHeadBytes: Int = ServerLimits.maxHTTPHeadBytes, maxHeaders: Int = ServerLimits.maxHTTPHeaders) {
        self.maxHeadBytes = maxHeadBytes
        self.maxHeaders = maxHeaders
    }
}

/// What parsing the bytes received so far gave.
public enum HTTPParseResult: Sendable, Hashable {
    /// The head is not complete yet (and within the limits).
    case incomplete
    /// A request, and how many bytes of the buffer its head took.
    case request(HTTPRequest, consumed: Int)
    /// The request is refused with `status` (400, 431 or 505); the connection is closed after.
    case failure(status: Int, message: String)
}

/// A strict HTTP/1.1 request-head parser: origin-form targets, CRLF line ends, token header
/// names with no space before the colon, no obsolete line folding, no control characters, one
/// Host, and no body on GET or HEAD (a Content-Length above 0 or any Transfer-Encoding is
/// refused). Other methods parse, so they can be answered 405; `HTTPConnection` then closes
/// the connection unread, so nothing can be smuggled after a head. Keeps its scan position between calls, so a head trickling in
/// a byte at a time is scanned once.
public struct HTTPRequestParser: Sendable {
    /// The limits in force.
    public let limits: HTTPLimits
    private var scanned = 0

    /// A parser with `limits`.
    public init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

    /// Looks for a complete head at the start of `buffer` (which only grows between calls until
    /// a request or failure is returned; then the caller drops the consumed bytes).
    public mutating func parse(_ buffer: [UInt8]) -> HTTPParseResult {
        var end: Int?
        var i = scanned
        let limit = min(buffer.count, limits.maxHeadBytes)
        while i < limit {
            if buffer[i] == 10 {
                guard i > 0 && buffer[i - 1] == 13 else {
                    scanned = 0
                    return .failure(status: 400, message: "A line in the request head ends with LF alone, not CRLF.")
                }
                if i >= 3 && buffer[i - 2] == 10 && buffer[i - 3] == 13 {
                    end = i - 3
                    break
                }
            }
            i += 1
        }
        guard let end else {
            scanned = limit
            if buffer.count >= limits.maxHeadBytes {
                return .failure(status: 431, message: "The request head is longer than \(limits.maxHeadBytes) bytes.")
            }
            return .incomplete
        }
        scanned = 0
        switch Self.parseHead(buffer[..<end], limits: limits) {
        case .success(let request): return .request(request, consumed: end + 4)
        case .failure(let failure): return .failure(status: failure.status, message: failure.message)
        }
    }

    private struct Failure: Error {
        var status: Int
        var message: String
    }

    private static func bad(_ message: String) -> Failure { Failure(status: 400, message: message) }

    /// Parses a head without its final blank line.
    private static func parseHead(_ head: ArraySlice<UInt8>, limits: HTTPLimits) -> Result<HTTPRequest, Failure> {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var i = head.startIndex
        while i < head.endIndex {
            let byte = head[i]
            if byte == 13 {
                guard i + 1 < head.endIndex, head[i + 1] == 10 else { return .failure(bad("A bare CR in the request head.")) }
                lines.append(head[start..<i])
                i += 2
                start = i
                continue
            }
            if byte == 10 { return .failure(bad("A line in the request head ends with LF alone, not CRLF.")) }
            i += 1
        }
        lines.append(head[start..<head.endIndex])
        guard lines.count - 1 <= limits.maxHeaders else {
            return .failure(Failure(status: 431, message: "The request has more than \(limits.maxHeaders) header fields."))
        }

        let parts = lines[0].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isToken),
              !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(bad("The request line is not 'METHOD /path HTTP/1.1'."))
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version.hasPrefix("HTTP/") else { return .failure(bad("The request line does not end with an HTTP version.")) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(Failure(status: 505, message: "Only HTTP/1.1 is supported; this request is \(version)."))
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        guard target.hasPrefix("/") else { return .failure(bad("The request target must be a path starting with '/'.")) }

        var headers: [HTTPRequest.Header] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line[line.startIndex..<colon].allSatisfy(isToken) else {
                return .failure(bad("A header line is not 'Name: value' (or is folded onto the line before it)."))
            }
            var value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 9 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .failure(bad("A header value holds a control character."))
            }
            // Optional whitespace is trimmed as bytes, before decoding: a combining mark after a
            // space would otherwise join it into one character that no trimming removes (fuzzing).
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            headers.append(HTTPRequest.Header(
                name: String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased(),
                value: String(decoding: value, as: UTF8.self)))
        }
        let request = HTTPRequest(method: String(decoding: parts[0], as: UTF8.self), target: target,
                                  version: version, headers: headers)
        guard request.headerCount("host") == 1 else { return .failure(bad("The request must have exactly one Host header.")) }
        // Two Origins would let a check of the first pass a request the second names (RFC 6454: one at most).
        guard request.headerCount("origin") <= 1 else { return .failure(bad("The request must have at most one Origin header.")) }
        if request.method == "GET" || request.method == "HEAD" {
            guard !request.hasBody else { return .failure(bad("A \(request.method) request cannot carry a body.")) }
        }
        return .success(request)
    }

    /// Whether `byte` may be part of a method or header name (RFC 9110 tchar).
    private static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
