import Foundation
import Testing
@testable import RPCTransport

@Suite struct SHA1Tests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// The FIPS 180 example messages (and the empty one) with their published digests.
    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "a49b2446a02c645bf419f995b67091253a04a259"),
    ])
    func fipsVectors(message: String, digest: String) {
        #expect(hex(SHA1.hash(Array(message.utf8))) == digest)
    }

    @Test func aMillionAs() {
        #expect(hex(SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// Fed in pieces of every size around the block boundary, the digest is the one-shot digest.
    @Test func incrementalEqualsOneShot() {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let whole = SHA1.hash(message)
        for piece in [1, 3, 55, 56, 63, 64, 65, 128] {
            var sha = SHA1()
            var start = 0
            while start < message.count {
                sha.update(message[start..<min(message.count, start + piece)])
                start += piece
            }
            #expect(sha.finish() == whole, "pieces of \(piece)")
        }
    }
}

@Suite struct WebSocketHandshakeTests {
    private func request(_ headers: [(String, String)]) -> HTTPRequest {
        HTTPRequest(method: "GET", target: "/rpc", version: "HTTP/1.1",
                    headers: headers.map { HTTPRequest.Header(name: $0.0, value: $0.1) })
    }

    private let good: [(String, String)] = [
        ("host", "127.0.0.1:1"), ("upgrade", "websocket"), ("connection", "keep-alive, Upgrade"),
        ("sec-websocket-version", "13"), ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ]

    /// RFC 6455 §1.3's worked example.
    @Test func acceptOfTheRFCExample() {
        #expect(WebSocketHandshake.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect((try? WebSocketHandshake.validate(request(good)).get()) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func upgradeTokensAreCaseInsensitive() {
        var headers = good
        headers[1].1 = "WebSocket"
        #expect((try? WebSocketHandshake.validate(request(headers)).get()) != nil)
    }

    @Test(arguments: [
        ("upgrade", "h2c", 426), ("connection", "keep-alive", 400), ("sec-websocket-version", "8", 426),
        ("sec-websocket-key", "c2hvcnQ=", 400), ("sec-websocket-key", "not base64!!", 400),
    ])
    func refusals(name: String, value: String, status: Int) {
        let headers = good.map { $0.0 == name ? ($0.0, value) : $0 }
        guard case .failure(let refusal) = WebSocketHandshake.validate(request(headers)) else {
            Issue.record("accepted \(name): \(value)")
            return
        }
        #expect(refusal.status == status)
    }

    @Test func aMissingKeyIsRefused() {
        guard case .failure(let refusal) = WebSocketHandshake.validate(request(good.filter { $0.0 != "sec-websocket-key" })) else {
            Issue.record("accepted a request without a key")
            return
        }
        #expect(refusal.status == 400)
    }
}

@Suite struct WebSocketFrameDecoderTests {
    private let key: (UInt8, UInt8, UInt8, UInt8) = (0x37, 0xFA, 0x21, 0x3D)

    private func masked(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        WebSocketFrame.encode(opcode, payload, fin: fin, mask: key)
    }

    private func decode(_ bytes: [UInt8], maxMessage: Int = 1 << 20) -> [WebSocketEvent] {
        var decoder = WebSocketFrameDecoder(maxMessage: maxMessage)
        return decoder.feed(bytes)
    }

    /// Byte by byte and in one chunk give the same events.
    private func decodeBothWays(_ bytes: [UInt8], maxMessage: Int = 1 << 20) -> [WebSocketEvent] {
        let whole = decode(bytes, maxMessage: maxMessage)
        var decoder = WebSocketFrameDecoder(maxMessage: maxMessage)
        var bytewise: [WebSocketEvent] = []
        for byte in bytes { bytewise += decoder.feed([byte]) }
        #expect(whole == bytewise)
        return whole
    }

    @Test(arguments: [0, 1, 125, 126, 127, 65535, 65536, 200_000])
    func textOfEveryLengthClassRoundTrips(length: Int) {
        let payload = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let events = length <= 70_000 ? decodeBothWays(masked(.text, payload)) : decode(masked(.text, payload))
        #expect(events == [.text(payload)])
    }

    @Test func theRFCMaskedHelloExample() {
        // RFC 6455 §5.7: a single-frame masked text message containing "Hello".
        #expect(decode([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]) == [.text(Array("Hello".utf8))])
        #expect(WebSocketFrame.encode(.text, Array("Hello".utf8)) == [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])
    }

    @Test func fragmentsJoinWithControlFramesBetween() {
        let bytes = masked(.text, Array("Hel".utf8), fin: false) + masked(.ping, Array("p".utf8))
            + masked(.continuation, Array("lo ".utf8), fin: false) + masked(.pong, [])
            + masked(.continuation, Array("wörld".utf8))
        #expect(decodeBothWays(bytes) == [.ping(Array("p".utf8)), .pong([]), .text(Array("Hello wörld".utf8))])
    }

    @Test func aCharacterSplitAcrossFragmentsIsValid() {
        let euro = Array("€".utf8)
        let bytes = masked(.text, [euro[0]], fin: false) + masked(.continuation, [euro[1]], fin: false)
            + masked(.continuation, [euro[2]])
        #expect(decodeBothWays(bytes) == [.text(euro)])
    }

    @Test func closeFrames() {
        #expect(decode(masked(.close, [])) == [.close(code: nil, reason: "")])
        #expect(decode(masked(.close, [0x03, 0xE8] + Array("bye".utf8))) == [.close(code: 1000, reason: "bye")])
        #expect(decode(masked(.close, [0x0F, 0xA0])) == [.close(code: 4000, reason: "")])
        // Nothing after a close is decoded.
        var decoder = WebSocketFrameDecoder(maxMessage: 100)
        #expect(decoder.feed(masked(.close, [0x03, 0xE8]) + masked(.text, Array("{}".utf8))) == [.close(code: 1000, reason: "")])
        #expect(decoder.isClosed)
    }

    private func failure(_ events: [WebSocketEvent]) -> WebSocketCloseCode? {
        guard case .fail(let code, _)? = events.last else { return nil }
        return code
    }

    @Test func protocolErrorsFailWith1002() {
        let text = Array("{}".utf8)
        let cases: [(String, [UInt8])] = [
            ("unmasked", WebSocketFrame.encode(.text, text)),
            ("reserved opcode 3", [0x83, 0x80] + [1, 2, 3, 4]),
            ("reserved opcode 11", [0x8B, 0x80] + [1, 2, 3, 4]),
            ("RSV1", [0xC1] + Array(masked(.text, text).dropFirst())),
            ("RSV3", [0x91] + Array(masked(.text, text).dropFirst())),
            ("fragmented ping", masked(.ping, [], fin: false)),
            ("long ping", masked(.ping, [UInt8](repeating: 0, count: 126))),
            ("lone continuation", masked(.continuation, text)),
            ("text inside a fragmented message", masked(.text, text, fin: false) + masked(.text, text)),
            ("one-byte close", masked(.close, [3])),
            ("close code 1005", masked(.close, [0x03, 0xED])),
            ("close code 999", masked(.close, [0x03, 0xE7])),
            ("close code 2000", masked(.close, [0x07, 0xD0])),
            ("16-bit length below 126", [0x81, 0xFE, 0x00, 0x05]),
            ("64-bit length below 65536", [0x81, 0xFF, 0, 0, 0, 0, 0, 0, 0x01, 0x00]),
            ("64-bit length with the top bit", [0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0]),
        ]
        for (name, bytes) in cases {
            #expect(failure(decodeBothWays(bytes)) == .protocolError, "\(name)")
        }
    }

    @Test func binaryFailsWith1003() {
        #expect(failure(decode(masked(.binary, [1, 2]))) == .unsupportedData)
    }

    @Test func invalidUTF8FailsWith1007() {
        let cases: [[UInt8]] = [
            [0xC3, 0x28], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x80],
            [0xE2, 0x82], // ends inside a character
        ]
        for payload in cases {
            #expect(failure(decodeBothWays(masked(.text, payload))) == .invalidPayload, "\(payload)")
        }
        #expect(failure(decode(masked(.close, [0x03, 0xE8, 0xC3, 0x28]))) == .invalidPayload)
        // Fails on the first bad fragment, before the message ends.
        #expect(failure(decode(masked(.text, [0x7B, 0xFF], fin: false))) == .invalidPayload)
    }

    @Test func tooBigFailsWith1009FromTheHeaderAlone() {
        // Only the header of a frame one byte over the limit: no payload is needed to refuse it.
        let header = Array(masked(.text, [UInt8](repeating: 0x20, count: 101)).prefix(6))
        #expect(failure(decode(header, maxMessage: 100)) == .messageTooBig)
        // Fragments that add up past the limit.
        let fragments = masked(.text, [UInt8](repeating: 0x20, count: 60), fin: false)
            + Array(masked(.continuation, [UInt8](repeating: 0x20, count: 41)).prefix(6))
        #expect(failure(decode(fragments, maxMessage: 100)) == .messageTooBig)
        // Exactly at the limit is fine.
        #expect(decode(masked(.text, [UInt8](repeating: 0x20, count: 100)), maxMessage: 100).count == 1)
        // A 2^62-byte header is refused without allocating anything.
        #expect(failure(decode([0x81, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4])) == .messageTooBig)
    }

    @Test func closeFramesCarryTheirCodeAndAShortReason() {
        let long = String(repeating: "é", count: 200)
        let frame = WebSocketFrame.close(.messageTooBig, reason: long)
        #expect(frame.count <= 127)
        #expect(frame[0] == 0x88 && frame[2] == 0x03 && frame[3] == 0xF1)
        var decoder = WebSocketFrameDecoder(maxMessage: 10, requireMask: false)
        guard case .close(let code, let reason)? = decoder.feed(frame).first else {
            Issue.record("not a close frame")
            return
        }
        #expect(code == 1009 && reason.allSatisfy { $0 == "é" })
    }

    @Test func utf8ValidatorAcceptsEveryScalarClass() {
        for text in ["", "plain", "é", "€", "😀", "\u{10FFFF}", "\u{FFFD}", "a\u{0}b"] {
            #expect(UTF8Validator.isValid(Array(text.utf8)), "\(text)")
        }
    }
}
