import Testing
@testable import RPCTransport

@Suite struct HTTPParserTests {
    private func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPParseResult {
        var parser = HTTPRequestParser(limits: limits)
        return parser.parse(Array(text.utf8))
    }

    private func status(_ result: HTTPParseResult) -> Int? {
        if case .failure(let status, _) = result { return status }
        return nil
    }

    private let minimal = "GET / HTTP/1.1\r\nHost: 127.0.0.1:8767\r\n\r\n"

    @Test func aRequestAndWhatFollowsIt() {
        let text = "GET /ui/list.js?token=a%20b&x=1 HTTP/1.1\r\nHost: localhost:8767\r\nCookie: a=1; fonsters_token_8767=old; fonsters_token_8767=T \r\n"
            + "Cookie: fonsters_token_8767=third\r\nConnection: keep-alive, Upgrade\r\n\r\nGET /next"
        guard case .request(let request, let consumed) = parse(text) else {
            Issue.record("not parsed")
            return
        }
        #expect(consumed == text.utf8.count - "GET /next".utf8.count)
        #expect(request.method == "GET" && request.path == "/ui/list.js" && request.version == "HTTP/1.1")
        #expect(request.queryValue("token") == "a b" && request.queryValue("x") == "1" && request.queryValue("y") == nil)
        #expect(request.header("host") == "localhost:8767")
        #expect(request.cookies("fonsters_token_8767") == ["old", "T", "third"] && request.cookies("a") == ["1"])
        #expect(request.cookies("fonsters_token").isEmpty)
        #expect(request.headerTokens("connection") == ["keep-alive", "upgrade"])
        #expect(request.keepAlive && !request.hasBody)
    }

    /// Optional whitespace is trimmed as bytes: a value that starts with a combining mark keeps
    /// it, with or without a space after the colon (fuzzing found the two parsing differently).
    @Test func aValueStartingWithACombiningMark() {
        for text in ["GET / HTTP/1.1\r\nHost: localhost\r\nX:\u{06EA}a \r\n\r\n", "GET / HTTP/1.1\r\nHost: localhost\r\nX: \u{06EA}a\r\n\r\n"] {
            guard case .request(let request, _) = parse(text) else {
                Issue.record("not parsed")
                return
            }
            #expect(request.header("x") == "\u{06EA}a")
        }
    }

    @Test func byteByByteEqualsWhole() {
        let bytes = Array(minimal.utf8)
        var parser = HTTPRequestParser()
        var buffer: [UInt8] = []
        for (i, byte) in bytes.enumerated() {
            buffer.append(byte)
            let result = parser.parse(buffer)
            if i < bytes.count - 1 {
                #expect(result == .incomplete)
            } else {
                #expect(result == parse(minimal))
            }
        }
    }

    @Test func theHeadSizeLimit() {
        let limits = HTTPLimits(maxHeadBytes: 100, maxHeaders: 64)
        let base = "GET / HTTP/1.1\r\nHost: h\r\nX: "
        let exact = base + String(repeating: "a", count: 100 - base.utf8.count - 4) + "\r\n\r\n"
        #expect(exact.utf8.count == 100)
        if case .request = parse(exact, limits: limits) {} else { Issue.record("a head of exactly the limit was refused") }
        let over = base + String(repeating: "a", count: 101 - base.utf8.count - 4) + "\r\n\r\n"
        #expect(status(parse(over, limits: limits)) == 431)
        // An endless header line is refused once the limit is reached, without waiting for its end.
        #expect(status(parse(base + String(repeating: "a", count: 200), limits: limits)) == 431)
        #expect(parse(base + "aaa", limits: limits) == .incomplete)
    }

    @Test func theHeaderCountLimit() {
        func request(_ count: Int) -> String {
            "GET / HTTP/1.1\r\nHost: h\r\n" + (1..<count).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        }
        if case .request = parse(request(64)) {} else { Issue.record("64 headers were refused") }
        #expect(status(parse(request(65))) == 431)
    }

    @Test(arguments: [
        "GET / HTTP/1.1\nHost: h\n\n",
        "GET / HTTP/1.1\r\nHost: h\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\rX: y\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: h\r\n\r\n",
        "GET /a b HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET http://h/ HTTP/1.1\r\nHost: h\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / FTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : h\r\n\r\n",
        "GET / HTTP/1.1\r\n: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{7F}\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nOrigin: http://h\r\norigin: http://evil.example\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nOrigin: http://h\r\nOrigin: http://h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\n",
        "HEAD / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n",
    ])
    func malformedHeadsGet400(text: String) {
        #expect(status(parse(text)) == 400, "\(text.debugDescription)")
    }

    @Test func otherVersionsGet505() {
        #expect(status(parse("GET / HTTP/2.0\r\nHost: h\r\n\r\n")) == 505)
        #expect(status(parse("GET / HTTP/0.9\r\nHost: h\r\n\r\n")) == 505)
    }

    @Test func aPostWithABodyParsesSoItCanBeRefused() {
        guard case .request(let request, _) = parse("POST /rpc HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello") else {
            Issue.record("not parsed")
            return
        }
        #expect(request.method == "POST" && request.hasBody)
    }

    @Test func keepAlive() {
        func request(_ text: String) -> HTTPRequest? {
            if case .request(let request, _) = parse(text) { return request }
            return nil
        }
        #expect(request("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n")?.keepAlive == false)
        #expect(request("GET / HTTP/1.0\r\nHost: h\r\n\r\n")?.keepAlive == false)
        #expect(request(minimal)?.keepAlive == true)
    }

    @Test func percentDecoding() {
        #expect(PercentDecoding.decode("/%2e%2E/a%20b", plusIsSpace: false) == "/../a b")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: false) == "a+b")
        #expect(PercentDecoding.decode("%C3%A9", plusIsSpace: false) == "é")
        for broken in ["%", "%2", "%zz", "%00", "%C3", "%FF"] {
            #expect(PercentDecoding.decode(Substring(broken), plusIsSpace: false) == nil, "\(broken)")
        }
    }

    @Test func responsesSerialize() {
        let response = HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("hi".utf8))
        #expect(String(decoding: response.serialized(), as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi")
        #expect(String(decoding: response.serialized(includeBody: false), as: UTF8.self).hasSuffix("Content-Length: 2\r\n\r\n"))
        #expect(String(decoding: HTTPResponse(status: 304).serialized(), as: UTF8.self) == "HTTP/1.1 304 Not Modified\r\n\r\n")
    }
}

@Suite struct OriginPolicyTests {
    private let policy = OriginPolicy(boundHost: "127.0.0.1", port: 8767)

    @Test func hosts() {
        for host in ["127.0.0.1:8767", "localhost:8767", "LocalHost:8767", "127.0.0.1", "localhost"] {
            #expect(policy.allowsHost(host), "\(host)")
        }
        for host in ["evil.example", "evil.example:8767", "127.0.0.1:8768", "localhost:08767", "localhost:", "127.0.0.2:8767",
                     "localhost.evil.example", "[::1]:8767", "127.0.0.1:8767@evil", "", "localhost:+8767"] {
            #expect(!policy.allowsHost(host), "\(host)")
        }
        let v6 = OriginPolicy(boundHost: "::1", port: 9000)
        #expect(v6.allowsHost("[::1]:9000") && v6.allowsHost("[::1]") && !v6.allowsHost("[::1]:9001") && !v6.allowsHost("::1"))
    }

    @Test func origins() {
        for origin in ["http://127.0.0.1:8767", "http://localhost:8767"] {
            #expect(policy.allowsOrigin(origin), "\(origin)")
        }
        for origin in ["http://evil.example", "http://localhost", "https://localhost:8767", "http://localhost:8767/",
                       "http://user@localhost:8767", "null", "", "http://localhost:8768", "ws://localhost:8767"] {
            #expect(!policy.allowsOrigin(origin), "\(origin)")
        }
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equal("abc", "abc"))
        #expect(!ConstantTime.equal("abc", "abd") && !ConstantTime.equal("abc", "ab") && !ConstantTime.equal("", "a"))
        #expect(ConstantTime.equal("", ""))
    }

    @Test func contentTypes() {
        #expect(ContentType.forPath("/index.html") == "text/html; charset=utf-8")
        #expect(ContentType.forPath("/ui/list.js") == "text/javascript; charset=utf-8")
        #expect(ContentType.forPath("/a.css") == "text/css; charset=utf-8")
        #expect(ContentType.forPath("/i.svg") == "image/svg+xml")
        #expect(ContentType.forPath("/i.PNG") == "image/png")
        #expect(ContentType.forPath("/api.json") == "application/json")
        #expect(ContentType.forPath("/favicon.ico") == "image/x-icon")
        #expect(ContentType.forPath("/README") == "application/octet-stream")
        #expect(ContentType.forPath("/.js/x") == "application/octet-stream")
    }
}
