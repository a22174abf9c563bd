/// What a router decides for one request.
public enum HTTPRoute: Sendable {
    /// Send this response; the connection stays open if the request allows (and `close` is false).
    case respond(HTTPResponse, close: Bool = false)
    /// Hand the stream, any bytes already read after the head and this response (101) to
    /// `then`, which owns the stream from there on and sends the response before anything else
    /// (so it can make ready what the client may count on once it has the response).
    case upgrade(HTTPResponse, then: @Sendable (_ stream: SocketStream, _ leftover: [UInt8], _ response: [UInt8]) -> Void)
}

/// Serves HTTP/1.1 requests on one connection: reads each head within a deadline, answers
/// through a router, keeps the connection alive between requests, and hands it over on an upgrade.
public enum HTTPConnection {
    /// Runs on the connection's thread until the connection closes or is upgraded; `received`
    /// holds the bytes already read (the lobby's). `headDeadline` bounds the time from waiting
    /// for a request to having its whole head (a slow or idle client is then dropped: with 408
    /// if it had started a request).
    public static func serve(_ stream: SocketStream, received: [UInt8] = [], limits: HTTPLimits, headDeadline: Duration,
                             route: (HTTPRequest) -> HTTPRoute) {
        var buffer = received
        var parser = HTTPRequestParser(limits: limits)
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 16 << 10)
        defer { chunk.deallocate() }
        while true {
            let deadline = ContinuousClock.now + headDeadline
            var parsed: HTTPRequest?
            while parsed == nil {
                switch parser.parse(buffer) {
                case .request(let head, let consumed):
                    parsed = head
                    buffer.removeFirst(consumed)
                case .failure(let status, let message):
                    stream.write(HTTPResponse.text(status, message, headers: [("Connection", "close")]).serialized())
                    stream.closeGracefully()
                    return
                case .incomplete:
                    switch stream.read(into: chunk, capacity: 16 << 10, deadline: deadline) {
                    case .bytes(let n):
                        buffer.append(contentsOf: UnsafeBufferPointer(start: chunk, count: n))
                    case .timeout:
                        if !buffer.isEmpty {
                            stream.write(HTTPResponse.text(408, "The request head took too long to arrive.",
                                                           headers: [("Connection", "close")]).serialized())
                        }
                        stream.close()
                        return
                    case .end:
                        stream.close()
                        return
                    }
                }
            }
            let request = parsed!
            switch route(request) {
            case .respond(var response, let close):
                let closing = close || !request.keepAlive || request.hasBody
                if closing { response.headers.append(("Connection", "close")) }
                let sent = stream.write(response.serialized(includeBody: request.method != "HEAD"))
                if closing || !sent {
                    stream.closeGracefully()
                    return
                }
            case .upgrade(let response, let then):
                then(stream, buffer, response.serialized())
                return
            }
        }
    }
}
