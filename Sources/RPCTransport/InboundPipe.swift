/// Bytes in, frames out: a decoder feeding an `IncomingFrames` queue, recording the detected
/// framing for the writer and logging what the client cannot be told.
final class InboundPipe: Sendable {
    /// Where decoded frames go.
    let frames: IncomingFrames
    private let framing: FramingState
    private let decoder: Locked<(decoder: FrameDecoder, charged: Int)>
    private let log: TransportLog
    /// Where a message not yet whole, and whole ones not yet read, are counted.
    let account: MemoryAccount?

    /// A pipe that detects the framing (or uses the one fixed in `framing`), charging what it
    /// holds to `account`.
    init(framing: FramingState, limits: FrameLimits, readAhead: Watermark?, log: TransportLog, account: MemoryAccount? = nil) {
        self.frames = IncomingFrames(readAhead: readAhead, account: account)
        self.framing = framing
        self.decoder = Locked((FrameDecoder(framing: framing.detected, limits: limits), 0))
        self.log = log
        self.account = account
    }

    /// Decodes `bytes`; returns false when no more input is wanted (decoder closed or consumer gone).
    @discardableResult
    func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        decoder.withLock { state in
            if state.decoder.isClosed { return false }
            let wasDetected = state.decoder.framing != nil
            var events: [FrameEvent] = []
            state.decoder.feed(bytes, into: &events)
            if !wasDetected, let detected = state.decoder.framing { framing.detect(detected) }
            let held = state.decoder.bufferedBytes
            account?.charge(held - state.charged, for: .input)
            state.charged = held
            let wanted = events.isEmpty || frames.push(events)
            return wanted
        }
    }

    /// Decodes `bytes`.
    @discardableResult
    func receive(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { receive($0) }
    }

    /// End of input: delivers a last unterminated line, logs a truncated message, ends the frames.
    func end() {
        decoder.withLock { state in
            let (events, note) = state.decoder.finish()
            account?.release(state.charged, for: .input)
            state.charged = 0
            if !events.isEmpty { frames.push(events) }
            if let note { log(note) }
            frames.finish()
        }
    }
}
