/// Bytes in, frames out: a decoder feeding an `IncomingFrames` queue, recording the detected
/// framing for the writer and logging what the client cannot be told.
final class InboundPipe: Sendable {
    /// Where decoded frames go.
    let frames: IncomingFrames
    private let framing: FramingState
    private let decoder: Locked<FrameDecoder>
    private let log: TransportLog

    /// A pipe that detects the framing (or uses the one fixed in `framing`).
    init(framing: FramingState, limits: FrameLimits, capacity: Int?, log: TransportLog) {
        self.frames = IncomingFrames(capacity: capacity)
        self.framing = framing
        self.decoder = Locked(FrameDecoder(framing: framing.detected, limits: limits))
        self.log = log
    }

    /// Decodes `bytes`; returns false when no more input is wanted (decoder closed or consumer gone).
    @discardableResult
    func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        decoder.withLock { decoder in
            if decoder.isClosed { return false }
            let wasDetected = decoder.framing != nil
            var events: [FrameEvent] = []
            decoder.feed(bytes, into: &events)
            if !wasDetected, let detected = decoder.framing { framing.detect(detected) }
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
        decoder.withLock { decoder in
            let (events, note) = decoder.finish()
            if !events.isEmpty { frames.push(events) }
            if let note { log(note) }
            frames.finish()
        }
    }
}
