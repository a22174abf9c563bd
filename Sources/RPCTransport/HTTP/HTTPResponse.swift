/// An HTTP/1.1 response to serialize.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields in order (Content-Length is added when serializing).
    public var headers: [(name: String, value: String)]
    /// The body (not sent for HEAD, but its length still is).
    public var body: [UInt8]

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text response, e.g. for an error.
    public static func text(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
                     body: Array((message + "\n").utf8))
    }

    /// The response on the wire; `includeBody` false for HEAD (and for 101, 204, 304 nothing is sent).
    public func serialized(includeBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bodyless = status == 101 || status == 204 || status == 304
        if !bodyless { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody && !bodyless { bytes += body }
        return bytes
    }

    /// The reason phrase for `status`.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 101: return "Switching Protocols"
        case 200: return "OK"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 426: return "Upgrade Required"
        case 431: return "Request Header Fields Too Large"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }
}
