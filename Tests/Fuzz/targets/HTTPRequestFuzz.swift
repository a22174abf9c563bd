// libFuzzer target: the HTTP request-head parser (Sources/RPCTransport/HTTP/), with the
// request accessors and the Host/Origin policy. Built by scripts/fuzz.sh with
// HTTPRequestParser.swift, HTTPRequest.swift, OriginPolicy.swift and UTF8Validator.swift.
//
// The first input byte picks the limits (small or the defaults); the rest is what a client
// sends. Checks, besides "never crashes, never hangs":
// - the whole stream at once, byte by byte, and in chunk sizes drawn from the input give the
//   same result (requests with what they consumed, then a failure or an incomplete head);
// - a request's head is within the size limit, its header count within the count limit, its
//   target starts with '/', and no GET or HEAD carries a body;
// - a request written out again (lower-case names, trimmed values) parses to the same request.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let limits = data[0] & 1 == 0 ? HTTPLimits(maxHeadBytes: 256, maxHeaders: 6) : HTTPLimits()
    let stream = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))

    let whole = parseAll(stream, limits: limits, chunkSizes: [max(1, stream.count)])
    let bytewise = parseAll(stream, limits: limits, chunkSizes: [1])
    let drawn = stream.prefix(32).map { Int($0 & 0x3F) + 1 }
    let chunked = parseAll(stream, limits: limits, chunkSizes: drawn.isEmpty ? [1] : drawn)
    guard whole == bytewise else { fatalError("one chunk and byte by byte differ:\n\(whole)\n\(bytewise)") }
    guard whole == chunked else { fatalError("one chunk and chunks \(drawn) differ:\n\(whole)\n\(chunked)") }

    let policy = OriginPolicy(boundHost: "127.0.0.1", port: 8767)
    for result in whole {
        guard case .request(let request, let consumed) = result else { continue }
        guard consumed <= limits.maxHeadBytes else { fatalError("a head of \(consumed) bytes passed the limit") }
        guard request.headers.count <= limits.maxHeaders else { fatalError("\(request.headers.count) headers passed the limit") }
        guard request.target.hasPrefix("/") else { fatalError("the target \(request.target) does not start with /") }
        if request.method == "GET" || request.method == "HEAD" { guard !request.hasBody else { fatalError("a GET with a body") } }
        // The accessors never crash, whatever the values.
        _ = request.path
        _ = request.queryValue("token")
        _ = request.cookies("fonsters_token_8767")
        _ = request.headerTokens("connection")
        _ = request.keepAlive
        for header in request.headers {
            _ = policy.allowsHost(header.value)
            _ = policy.allowsOrigin(header.value)
        }
        var text = "\(request.method) \(request.target) \(request.version)\r\n"
        for header in request.headers { text += "\(header.name): \(header.value)\r\n" }
        text += "\r\n"
        var parser = HTTPRequestParser(limits: HTTPLimits())
        guard case .request(let again, _) = parser.parse(Array(text.utf8)), again == request else {
            fatalError("the request written out again parses differently:\n\(request)\n\(text.debugDescription)")
        }
    }
    return 0
}

/// Parses `stream` fed in chunks: every request in turn, and the last result that ended it.
private func parseAll(_ stream: [UInt8], limits: HTTPLimits, chunkSizes: [Int]) -> [HTTPParseResult] {
    var parser = HTTPRequestParser(limits: limits)
    var buffer: [UInt8] = []
    var results: [HTTPParseResult] = []
    var start = 0
    var turn = 0
    var last = HTTPParseResult.incomplete
    while start < stream.count {
        let end = min(stream.count, start + max(1, chunkSizes[turn % chunkSizes.count]))
        buffer += stream[start..<end]
        start = end
        turn += 1
        while true {
            last = parser.parse(buffer)
            guard case .request(_, let consumed) = last else { break }
            results.append(last)
            buffer.removeFirst(consumed)
            last = .incomplete
        }
        if case .failure = last { break }
    }
    results.append(last)
    return results
}
