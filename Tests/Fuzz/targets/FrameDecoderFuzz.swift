// libFuzzer target: the incremental frame decoder (Sources/RPCTransport/FrameDecoder.swift).
// Built by scripts/fuzz.sh together with Framing.swift and Locked.swift.
//
// The first input byte picks the set-up (framing detected or fixed; small or default limits),
// the rest is the byte stream. Checks, besides "never crashes, never hangs":
// - feeding the stream in one chunk, byte by byte, or in chunk sizes drawn from the input
//   gives the same events and the same end-of-input result;
// - no message is longer than the message limit;
// - the messages decoded, framed again with Content-Length, decode to the same messages
//   and nothing else.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let setup = data[0]
    let stream = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let framing: Framing? = [nil, .contentLength, .newlineDelimited][Int(setup % 3)]
    let limits = setup & 0x04 == 0
        ? FrameLimits(maxHeaderLine: 24, maxMessage: 40)
        : FrameLimits()

    let whole = decode(stream, framing: framing, limits: limits, chunkSizes: [stream.count])
    let bytewise = decode(stream, framing: framing, limits: limits, chunkSizes: [1])
    // Chunk sizes from the stream itself (1…16), so the fuzzer steers the split points.
    let drawn = stream.prefix(32).map { Int($0 & 0x0F) + 1 }
    let chunked = decode(stream, framing: framing, limits: limits, chunkSizes: drawn.isEmpty ? [1] : drawn)
    guard whole == bytewise else { fatalError("one chunk and byte by byte differ:\n\(whole)\n\(bytewise)") }
    guard whole == chunked else { fatalError("one chunk and chunks \(drawn) differ:\n\(whole)\n\(chunked)") }

    var messages: [[UInt8]] = []
    for event in whole.events {
        if case .message(let body) = event {
            guard body.count <= limits.maxMessage else {
                fatalError("a message of \(body.count) bytes passed the limit of \(limits.maxMessage)")
            }
            messages.append(body)
        }
    }
    var reframed: [UInt8] = []
    for body in messages { reframed += Framing.contentLength.frame(body) }
    let again = decode(reframed, framing: .contentLength, limits: limits, chunkSizes: [reframed.count])
    let expected = Decoded(events: messages.map { .message($0) }, note: nil)
    guard again == expected else { fatalError("re-framed messages decode differently:\n\(again)") }
    return 0
}

/// Everything a decoder reported for one stream.
private struct Decoded: Equatable {
    var events: [FrameEvent]
    var note: String?
}

/// Decodes `stream` fed in chunks of `chunkSizes` (cycled), then finishes.
private func decode(_ stream: [UInt8], framing: Framing?, limits: FrameLimits, chunkSizes: [Int]) -> Decoded {
    var decoder = FrameDecoder(framing: framing, limits: limits)
    var events: [FrameEvent] = []
    var start = 0
    var turn = 0
    while start < stream.count {
        let end = min(stream.count, start + max(1, chunkSizes[turn % chunkSizes.count]))
        events += decoder.feed(Array(stream[start..<end]))
        start = end
        turn += 1
    }
    let last = decoder.finish()
    events += last.events
    guard decoder.isClosed else { fatalError("the decoder is not closed after finish()") }
    guard decoder.feed([0x7B, 0x7D, 0x0A]).isEmpty else { fatalError("a closed decoder still decodes") }
    return Decoded(events: events, note: last.note)
}
