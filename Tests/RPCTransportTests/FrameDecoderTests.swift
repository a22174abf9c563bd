import Testing
@testable import RPCTransport

@Suite struct FrameDecoderTests {
    /// Feeds `chunks` in order, then finishes; returns every event and the end note.
    private func decode(_ chunks: [[UInt8]], limits: FrameLimits = FrameLimits(), framing: Framing? = nil) -> (events: [FrameEvent], note: String?, decoder: FrameDecoder) {
        var decoder = FrameDecoder(framing: framing, limits: limits)
        var events: [FrameEvent] = []
        for chunk in chunks { events += decoder.feed(chunk) }
        let (last, note) = decoder.finish()
        return (events + last, note, decoder)
    }

    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// A Content-Length stream of several messages with extra headers, odd header case, UTF-8 bodies.
    private static func contentLengthStream() -> (stream: [UInt8], bodies: [[UInt8]]) {
        let bodies: [[UInt8]] = [
            Array(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#.utf8),
            Array(#"{"s":"é😀"}"#.utf8),
            Array("[]".utf8),
        ]
        var stream: [UInt8] = []
        stream += Array("Content-Length: \(bodies[0].count)\r\n\r\n".utf8) + bodies[0]
        stream += Array("content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:\(bodies[1].count)  \r\n\r\n".utf8) + bodies[1]
        stream += Array("\r\nContent-Length: \(bodies[2].count)\r\n\r\n".utf8) + bodies[2]
        return (stream, bodies)
    }

    @Test func contentLengthSplitAtEveryByteBoundary() {
        let (stream, bodies) = Self.contentLengthStream()
        let expected = bodies.map { FrameEvent.message($0) }
        for cut in 0...stream.count {
            let result = decode([Array(stream[..<cut]), Array(stream[cut...])])
            #expect(result.events == expected, "cut at \(cut)")
            #expect(result.note == nil)
            #expect(result.decoder.framing == .contentLength)
        }
        #expect(decode(stream.map { [$0] }).events == expected)
    }

    @Test func newlineDelimitedSplitAtEveryByteBoundary() {
        let stream = bytes("\n  {\"id\":1}\r\n\n   \n[1,2]\n{\"s\":\"é\"}\n{\"last\":true}")
        let expected: [FrameEvent] = [.message(bytes("{\"id\":1}")), .message(bytes("[1,2]")),
                                      .message(bytes("{\"s\":\"é\"}")), .message(bytes("{\"last\":true}"))]
        for cut in 0...stream.count {
            for second in cut...stream.count where second == cut || second == stream.count || (second - cut) % 7 == 0 {
                let result = decode([Array(stream[..<cut]), Array(stream[cut..<second]), Array(stream[second...])])
                #expect(result.events == expected, "cuts at \(cut), \(second)")
                #expect(result.decoder.framing == .newlineDelimited)
            }
        }
        #expect(decode(stream.map { [$0] }).events == expected)
    }

    @Test func headerLineTooLongIsRejectedWithoutBuffering() {
        var decoder = FrameDecoder()
        var events = decoder.feed(bytes("Content-Length: 2\r\nX-Huge: "))
        let megabyte = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        for _ in 0..<100 { events += decoder.feed(megabyte) } // a 100 MB header value
        events += decoder.feed(bytes("\r\n\r\n{}Content-Length: 7\r\n\r\n[1,2,3]"))
        #expect(events == [.error(FramingError("header line longer than 8192 bytes")), .message(bytes("[1,2,3]"))])
        #expect(!decoder.isClosed)
    }

    @Test func headerLineAtTheLimitIsAccepted() {
        let filler = String(repeating: "x", count: 8192 - "X-Pad: ".count)
        let result = decode([bytes("X-Pad: \(filler)\r\nContent-Length: 2\r\n\r\n{}")])
        #expect(result.events == [.message(bytes("{}"))])
        let over = decode([bytes("X-Pad: \(filler)x\r\nContent-Length: 2\r\n\r\n{}")])
        #expect(over.events == [.error(FramingError("header line longer than 8192 bytes"))])
    }

    @Test func overlongContentLengthLineSkipsToTheNextMessage() {
        let digits = String(repeating: "9", count: 10_000)
        let result = decode([bytes("Content-Length: \(digits)\r\n\r\n{}Content-Length: 2\r\n\r\n[]")])
        #expect(result.events == [.error(FramingError("header line longer than 8192 bytes")), .message(bytes("[]"))])
    }

    @Test func missingContentLengthSkipsToTheNextMessage() {
        let stream = bytes("Content-Type: x\r\n\r\n{\"a\":1}content-length: 2\r\n\r\n{}")
        let expected: [FrameEvent] = [.error(FramingError("missing Content-Length header; skipping to the next message")), .message(bytes("{}"))]
        #expect(decode([stream]).events == expected)
        // The same, split at every byte boundary (the search for the next header spans chunks).
        for cut in 1..<stream.count {
            #expect(decode([Array(stream[..<cut]), Array(stream[cut...])]).events == expected, "cut at \(cut)")
        }
        var decoder = FrameDecoder()
        _ = decoder.feed(bytes("Content-Type: x\r\n\r\n{}"))
        #expect(!decoder.isClosed)
    }

    @Test func invalidAndConflictingContentLength() {
        let invalid = decode([bytes("Content-Length: 12a\r\n\r\n{}Content-Length: 2\r\n\r\n[]")])
        #expect(invalid.events.count == 2)
        if case .error(let error)? = invalid.events.first { #expect(error.message.contains("invalid Content-Length")) }
        #expect(invalid.events.last == .message(bytes("[]")))

        let conflicting = decode([bytes("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}Content-Length: 2\r\n\r\n[]")])
        #expect(conflicting.events == [.error(FramingError("conflicting Content-Length headers (2 and 3)")), .message(bytes("[]"))])
    }

    @Test func malformedHeaderWithLengthSkipsThatMessage() {
        let result = decode([bytes("garbage line\r\nContent-Length: 2\r\n\r\n{}Content-Length: 2\r\n\r\n[]")], framing: .contentLength)
        #expect(result.events == [.error(FramingError("malformed header line (no ':'): garbage line")), .message(bytes("[]"))])
    }

    @Test(arguments: ["null", "true", "false", "garbage line", "Content-Length 2", "12"])
    func aFirstLineThatIsNoHeaderIsNewlineDelimited(_ first: String) {
        let result = decode([bytes(first + "\n{\"a\":1}\n")])
        #expect(result.decoder.framing == .newlineDelimited)
        #expect(result.events == [.message(bytes(first)), .message(bytes("{\"a\":1}"))])
    }

    @Test func aHeaderNameAndColonSelectsContentLength() {
        for split in 1..<16 {
            let text = bytes("Content-Type: x\r\nContent-Length: 2\r\n\r\n{}")
            let result = decode([Array(text[..<split]), Array(text[split...])])
            #expect(result.decoder.framing == .contentLength)
            #expect(result.events == [.message(bytes("{}"))])
        }
    }

    @Test func aLoneLiteralAtEndOfInputIsDelivered() {
        let result = decode([bytes("null")])
        #expect(result.events == [.message(bytes("null"))])
    }

    @Test func bodyOverTheLimitIsSkippedAndTheStreamGoesOn() {
        let limits = FrameLimits(maxHeaderLine: 8192, maxMessage: 10)
        let big = String(repeating: "x", count: 11)
        let stream = bytes("Content-Length: 11\r\n\r\n\(big)Content-Length: 2\r\n\r\n{}")
        for cut in 0...stream.count {
            let result = decode([Array(stream[..<cut]), Array(stream[cut...])], limits: limits)
            #expect(result.events == [.error(FramingError("message body of 11 bytes exceeds the limit of 10 bytes")), .message(bytes("{}"))])
        }
    }

    @Test func defaultBodyLimitIs64MiB() {
        var decoder = FrameDecoder()
        let events = decoder.feed(bytes("Content-Length: \((64 << 20) + 1)\r\n\r\n"))
        #expect(events == [.error(FramingError("message body of 67108865 bytes exceeds the limit of 67108864 bytes"))])
    }

    @Test func shortBodyAtEndOfInputIsACleanStop() {
        let result = decode([bytes("Content-Length: 10\r\n\r\n{\"a\"")])
        #expect(result.events.isEmpty)
        #expect(result.note == "end of input in the middle of a message body (4 of 10 bytes)")
    }

    @Test func endOfInputElsewhereIsQuiet() {
        #expect(decode([]).note == nil)
        #expect(decode([bytes("  \n")]).note == nil)
        #expect(decode([bytes("Content-Length: 2\r\n\r\n{}")]).note == nil)
        #expect(decode([bytes("Content-Length: 2\r\n\r\n{}\r\n")]).note == nil)
        #expect(decode([bytes("Content-Length: 2\r\n")]).note == "end of input inside a message header")
    }

    @Test func emptyBodyIsDeliveredForTheParserToReject() {
        #expect(decode([bytes("Content-Length: 0\r\n\r\n")]).events == [.message([])])
    }

    @Test func newlineDelimitedLineTooLong() {
        let limits = FrameLimits(maxHeaderLine: 8192, maxMessage: 8)
        let result = decode([bytes("[1,2,3,4,5,6]\n[1]\n"), bytes("{\"x\":11111"), bytes("1111}\n[2]")], limits: limits)
        #expect(result.events == [
            .error(FramingError("line longer than 8 bytes")), .message(bytes("[1]")),
            .error(FramingError("line longer than 8 bytes")), .message(bytes("[2]")),
        ])
    }

    /// Found by fuzzing: a last line without `\n`, one byte over the limit, was delivered.
    @Test func newlineDelimitedLastLineOneByteOverTheLimit() {
        let limits = FrameLimits(maxHeaderLine: 8192, maxMessage: 8)
        let result = decode([bytes("[1]\n[1,2,3,4]")], limits: limits)
        #expect(result.events == [.message(bytes("[1]")), .error(FramingError("line longer than 8 bytes"))])
        #expect(decode([bytes("[1,2,3]\r")], limits: limits).events == [.message(bytes("[1,2,3]"))])
        #expect(decode([bytes("[1,2,3,4]\r")], limits: limits).events == [.error(FramingError("line longer than 8 bytes"))])
    }

    @Test func fixedFramingSkipsDetection() {
        var decoder = FrameDecoder(framing: .newlineDelimited)
        #expect(decoder.feed(bytes("Content-Length: 2\n")) == [.message(bytes("Content-Length: 2"))])
    }

    @Test func framingWrapsBodies() {
        #expect(Framing.contentLength.frame(bytes("{}")) == bytes("Content-Length: 2\r\n\r\n{}"))
        #expect(Framing.newlineDelimited.frame(bytes("{}")) == bytes("{}\n"))
        for count in [0, 9, 10, 99, 100, 12_345, 1_000_000] {
            let body = [UInt8](repeating: UInt8(ascii: "x"), count: count)
            #expect(Framing.contentLength.frame(body) == bytes("Content-Length: \(count)\r\n\r\n") + body)
        }
    }
}
