import Testing
@testable import RPCTransport

/// What an adversarial client found in the framing: a byte order mark, a bare `\r`, a
/// newline-delimited message on a Content-Length connection. Each stream is also fed one
/// byte at a time, so chunk boundaries cannot matter.
@Suite struct FrameDecoderMannersTests {
    private func decode(_ stream: [UInt8]) -> (whole: [FrameEvent], bytewise: [FrameEvent], framing: Framing?) {
        var decoder = FrameDecoder()
        var whole = decoder.feed(stream)
        whole += decoder.finish().events
        var bytewiseDecoder = FrameDecoder()
        var bytewise: [FrameEvent] = []
        for byte in stream { bytewise += bytewiseDecoder.feed([byte]) }
        bytewise += bytewiseDecoder.finish().events
        return (whole, bytewise, decoder.framing)
    }

    private static let one = Array(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#.utf8)
    private static let two = Array(#"{"jsonrpc":"2.0","id":2,"method":"b"}"#.utf8)
    private static func framed(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    @Test func aByteOrderMarkBeforeTheFirstHeaderIsSkipped() {
        let result = decode([0xEF, 0xBB, 0xBF] + Self.framed(Self.one) + Self.framed(Self.two))
        #expect(result.framing == .contentLength)
        #expect(result.whole == [.message(Self.one), .message(Self.two)])
        #expect(result.bytewise == result.whole)
    }

    @Test func aByteOrderMarkBeforeNewlineDelimitedJSONIsSkipped() {
        let result = decode([0xEF, 0xBB, 0xBF] + Self.one + [0x0A])
        #expect(result.framing == .newlineDelimited)
        #expect(result.whole == [.message(Self.one)])
        #expect(result.bytewise == result.whole)
    }

    @Test func aByteOrderMarkLaterInTheStreamIsNotSkipped() {
        let result = decode(Self.one + [0x0A, 0xEF, 0xBB, 0xBF] + Self.two + [0x0A])
        #expect(result.whole == [.message(Self.one), .message([0xEF, 0xBB, 0xBF] + Self.two)])
    }

    @Test func aBareCarriageReturnIsAnErrorAndTheNextMessageIsRead() {
        // The first header ends in `\r\r`: without the fix its line ran into the next message.
        let stream = Array("Content-Length: \(Self.one.count)\r\r".utf8) + Self.one + Self.framed(Self.two)
        let result = decode(stream)
        #expect(result.whole.count == 2)
        if case .error(let error)? = result.whole.first { #expect(error.message.contains("bare")) } else { Issue.record("\(result.whole)") }
        #expect(result.whole.last == .message(Self.two))
        #expect(result.bytewise == result.whole)
    }

    /// Found by fuzzing: a bare `\r` past the header-line limit is part of a line discarded as
    /// too long, whatever the chunks (one chunk used to see the `\r`, byte by byte did not).
    @Test func aBareCarriageReturnPastTheLineLimitIsDiscardedWithTheLine() {
        let stream = Array("X-Long: aaaaaaaaaaaaaaaaaaaation/rscode-jsonrpc\r\u{0}Content-Length\u{1}tenjsaaaaaap\u{0}%".utf8)
        let limits = FrameLimits(maxHeaderLine: 24, maxMessage: 40)
        var whole = FrameDecoder(framing: .contentLength, limits: limits)
        var events = whole.feed(stream)
        events += whole.finish().events
        var bytewise = FrameDecoder(framing: .contentLength, limits: limits)
        var byByte: [FrameEvent] = []
        for byte in stream { byByte += bytewise.feed([byte]) }
        byByte += bytewise.finish().events
        #expect(events == byByte)
        #expect(!events.contains { if case .error(let e) = $0 { return e.message.contains("bare") } else { return false } })
    }

    @Test func crlfStillEndsAHeaderLine() {
        let result = decode(Self.framed(Self.one) + Array("Content-Type: x\r\nContent-Length: \(Self.two.count)\r\n\r\n".utf8) + Self.two)
        #expect(result.whole == [.message(Self.one), .message(Self.two)])
        #expect(result.bytewise == result.whole)
    }

    @Test func aNewlineDelimitedMessageBetweenHeaderMessagesIsAnError() {
        let stream = Self.framed(Self.one) + Self.two + [0x0A] + Self.framed(Self.one)
        let result = decode(stream)
        #expect(result.whole.count == 3)
        #expect(result.whole.first == .message(Self.one) && result.whole.last == .message(Self.one))
        if case .error(let error) = result.whole[1] { #expect(error.message.contains("Content-Length")) } else { Issue.record("\(result.whole)") }
        #expect(result.bytewise == result.whole)
    }
}
