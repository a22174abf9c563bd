// libFuzzer target: the WebSocket frame decoder (Sources/RPCTransport/WebSocket/).
// Built by scripts/fuzz.sh with WebSocketFrameDecoder.swift, WebSocketFrame.swift and UTF8Validator.swift.
//
// The first input byte picks the message limit (small or large) and whether masking is
// required; the rest is the byte stream from a client. Checks, besides "never crashes, never
// hangs, never allocates past the limit":
// - one chunk, byte by byte, and chunk sizes drawn from the input give the same events;
// - every text message is valid UTF-8 and within the limit; nothing follows a close or a failure;
// - the messages and pings decoded, encoded again with a mask, decode to the same events.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let setup = data[0]
    let stream = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let maxMessage = setup & 1 == 0 ? 64 : 64 << 20
    let requireMask = setup & 2 == 0

    let whole = decode(stream, maxMessage: maxMessage, requireMask: requireMask, chunkSizes: [max(1, stream.count)])
    let bytewise = decode(stream, maxMessage: maxMessage, requireMask: requireMask, chunkSizes: [1])
    let drawn = stream.prefix(32).map { Int($0 & 0x1F) + 1 }
    let chunked = decode(stream, maxMessage: maxMessage, requireMask: requireMask, chunkSizes: drawn.isEmpty ? [1] : drawn)
    guard whole == bytewise else { fatalError("one chunk and byte by byte differ:\n\(whole)\n\(bytewise)") }
    guard whole == chunked else { fatalError("one chunk and chunks \(drawn) differ:\n\(whole)\n\(chunked)") }

    var again: [UInt8] = []
    var expected: [WebSocketEvent] = []
    for (index, event) in whole.enumerated() {
        switch event {
        case .text(let message):
            guard message.count <= maxMessage else { fatalError("a message of \(message.count) bytes passed the limit \(maxMessage)") }
            guard UTF8Validator.isValid(message) else { fatalError("a text message that is not UTF-8 passed") }
            again += WebSocketFrame.encode(.text, message, mask: (1, 2, 3, 4))
            expected.append(event)
        case .ping(let payload):
            guard payload.count <= 125 else { fatalError("a ping of \(payload.count) bytes passed") }
            again += WebSocketFrame.encode(.ping, payload, mask: (9, 8, 7, 6))
            expected.append(event)
        case .pong(let payload):
            guard payload.count <= 125 else { fatalError("a pong of \(payload.count) bytes passed") }
        case .close, .fail:
            guard index == whole.count - 1 else { fatalError("events after a close or failure: \(whole)") }
        }
    }
    let redecoded = decode(again, maxMessage: maxMessage, requireMask: true, chunkSizes: [max(1, again.count)])
    guard redecoded == expected else { fatalError("re-encoded events decode differently:\n\(redecoded)\n\(expected)") }
    return 0
}

/// Decodes `stream` fed in chunks of `chunkSizes` (cycled).
private func decode(_ stream: [UInt8], maxMessage: Int, requireMask: Bool, chunkSizes: [Int]) -> [WebSocketEvent] {
    var decoder = WebSocketFrameDecoder(maxMessage: maxMessage, requireMask: requireMask)
    var events: [WebSocketEvent] = []
    var start = 0
    var turn = 0
    while start < stream.count {
        let end = min(stream.count, start + max(1, chunkSizes[turn % chunkSizes.count]))
        events += decoder.feed(Array(stream[start..<end]))
        start = end
        turn += 1
    }
    if let last = events.last {
        switch last {
        case .close, .fail:
            guard decoder.isClosed else { fatalError("the decoder is open after \(last)") }
            guard decoder.feed([0x81, 0x80, 0, 0, 0, 0]).isEmpty else { fatalError("a closed decoder still decodes") }
        default: break
        }
    }
    return events
}
