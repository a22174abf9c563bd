/// What a `WebSocketFrameDecoder` found in the bytes fed so far.
public enum WebSocketEvent: Sendable, Hashable {
    /// A whole text message (all its fragments joined), valid UTF-8.
    case text([UInt8])
    /// A ping with its payload (to be answered with a pong carrying the same payload).
    case ping([UInt8])
    /// A pong (unsolicited or an answer); nothing to do.
    case pong([UInt8])
    /// The peer's close frame: its code (nil when the frame had no payload) and reason.
    /// The decoder takes no more input after it.
    case close(code: UInt16?, reason: String)
    /// The peer broke the protocol: fail the connection with this code and reason.
    /// The decoder takes no more input after it.
    case fail(WebSocketCloseCode, String)
}

/// An incremental decoder of client-to-server WebSocket frames (RFC 6455 §5): feed it chunks of
/// any size. It checks everything from the frame header before reading any payload — the RSV
/// bits, the opcode, the mask bit (client frames must be masked), the control-frame rules, a
/// minimally encoded length and the message size limit — so a message over the limit is
/// refused (1009) without buffering it. Text messages are checked as UTF-8 as they arrive
/// (1007); binary messages are refused (1003). It buffers at most one message.
public struct WebSocketFrameDecoder: Sendable {
    private enum State: Sendable {
        case header
        case payload(remaining: Int)
        case closed
    }

    /// The largest message accepted (all fragments together), in bytes.
    public let maxMessage: Int
    /// Whether frames must be masked (true for a server reading a client).
    public let requireMask: Bool

    private var state = State.header
    private var header: [UInt8] = []
    // The frame being read.
    private var opcode = WebSocketOpcode.continuation
    private var fin = false
    private var maskKey: (UInt8, UInt8, UInt8, UInt8)? = nil
    private var frameLength = 0
    private var payloadOffset = 0
    private var control: [UInt8] = []
    // The message being assembled across fragments.
    private var inMessage = false
    private var message: [UInt8] = []
    private var validator = UTF8Validator()

    /// A decoder refusing messages over `maxMessage` bytes.
    public init(maxMessage: Int, requireMask: Bool = true) {
        self.maxMessage = maxMessage
        self.requireMask = requireMask
    }

    /// The bytes it holds of a message not yet whole (those received).
    public var bufferedBytes: Int { message.count + control.count + header.count }

    /// Whether the decoder has seen a close frame or failed (further input is ignored).
    public var isClosed: Bool { if case .closed = state { return true } else { return false } }

    /// Decodes `bytes`, appending what they complete to `events`.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [WebSocketEvent]) {
        var index = 0
        while index < bytes.count {
            switch state {
            case .closed:
                return
            case .header:
                header.append(bytes[index])
                index += 1
                if let failure = parseHeader() {
                    fail(failure.0, failure.1, into: &events)
                } else if case .payload(0) = state {
                    finishFrame(into: &events)
                }
            case .payload(let remaining):
                let count = min(remaining, bytes.count - index)
                let chunk = UnsafeBufferPointer(rebasing: bytes[index..<(index + count)])
                index += count
                if !takePayload(chunk, into: &events) { return }
                state = .payload(remaining: remaining - count)
                if remaining == count { finishFrame(into: &events) }
            }
        }
    }

    /// Decodes `bytes` and returns the events they complete.
    public mutating func feed(_ bytes: [UInt8]) -> [WebSocketEvent] {
        var events: [WebSocketEvent] = []
        bytes.withUnsafeBufferPointer { feed($0, into: &events) }
        return events
    }

    /// Checks the header bytes read so far; moves to `.payload` once the header is complete.
    /// Returns the failure when the header breaks a rule.
    private mutating func parseHeader() -> (WebSocketCloseCode, String)? {
        if header.count == 1 {
            let byte = header[0]
            guard byte & 0x70 == 0 else { return (.protocolError, "reserved bits set without an extension") }
            guard let code = WebSocketOpcode(rawValue: byte & 0x0F) else {
                return (.protocolError, "unknown opcode \(byte & 0x0F)")
            }
            opcode = code
            fin = byte & 0x80 != 0
            if code.isControl {
                guard fin else { return (.protocolError, "a fragmented control frame") }
            } else if code == .continuation {
                guard inMessage else { return (.protocolError, "a continuation frame with no message to continue") }
            } else {
                guard !inMessage else { return (.protocolError, "a new message before the previous one's last fragment") }
                guard code == .text else { return (.unsupportedData, "binary messages are not accepted; send JSON as text") }
            }
            return nil
        }
        let second = header[1]
        let masked = second & 0x80 != 0
        if header.count == 2 {
            if requireMask && !masked { return (.protocolError, "an unmasked client frame") }
            if opcode.isControl && second & 0x7F > 125 { return (.protocolError, "a control frame longer than 125 bytes") }
        }
        let short = Int(second & 0x7F)
        let lengthBytes = short == 126 ? 2 : short == 127 ? 8 : 0
        if header.count == 2 + lengthBytes {
            // The length is complete: check it before the masking key and any payload arrive.
            var length = UInt64(short)
            if lengthBytes > 0 {
                length = 0
                for i in 0..<lengthBytes { length = length << 8 | UInt64(header[2 + i]) }
                if lengthBytes == 8 && length >> 63 != 0 { return (.protocolError, "a payload length with its top bit set") }
                if (lengthBytes == 2 && length < 126) || (lengthBytes == 8 && length <= 0xFFFF) {
                    return (.protocolError, "a payload length not in its shortest form")
                }
            }
            if !opcode.isControl && length > UInt64(maxMessage - message.count) {
                return (.messageTooBig, "a message over the limit of \(maxMessage) bytes")
            }
            frameLength = Int(length)
        }
        let needed = 2 + lengthBytes + (masked ? 4 : 0)
        guard header.count == needed else { return nil }
        maskKey = masked ? (header[needed - 4], header[needed - 3], header[needed - 2], header[needed - 1]) : nil
        header.removeAll(keepingCapacity: true)
        payloadOffset = 0
        if opcode == .text || opcode == .binary { inMessage = true }
        // Room for the whole frame at once: its bytes are copied once, never regrown (memory the
        // system maps lazily, so a frame announced and not sent costs only what arrives).
        if !opcode.isControl { message.reserveCapacity(message.count + frameLength) }
        state = .payload(remaining: frameLength)
        return nil
    }

    /// Unmasks and keeps one chunk of payload; false if the decoder failed on it.
    private mutating func takePayload(_ chunk: UnsafeBufferPointer<UInt8>, into events: inout [WebSocketEvent]) -> Bool {
        let start = opcode.isControl ? control.count : message.count
        if opcode.isControl { control.append(contentsOf: chunk) } else { message.append(contentsOf: chunk) }
        if let (m0, m1, m2, m3) = maskKey {
            let key = [m0, m1, m2, m3]
            var offset = payloadOffset
            if opcode.isControl {
                for i in start..<control.count { control[i] ^= key[offset & 3]; offset += 1 }
            } else {
                message.withUnsafeMutableBufferPointer { buffer in
                    for i in start..<buffer.count { buffer[i] ^= key[offset & 3]; offset += 1 }
                }
            }
        }
        payloadOffset += chunk.count
        if !opcode.isControl {
            let valid = message.withUnsafeBufferPointer {
                validator.feed(UnsafeBufferPointer(rebasing: $0[start...]))
            }
            if !valid {
                fail(.invalidPayload, "a text message that is not valid UTF-8", into: &events)
                return false
            }
        }
        return true
    }

    /// A frame's payload is complete: emits what it finishes.
    private mutating func finishFrame(into events: inout [WebSocketEvent]) {
        state = .header
        switch opcode {
        case .ping:
            events.append(.ping(control))
        case .pong:
            events.append(.pong(control))
        case .close:
            finishClose(into: &events)
        case .text, .binary, .continuation:
            guard fin else { return }
            guard validator.isComplete else {
                fail(.invalidPayload, "a text message that ends inside a UTF-8 character", into: &events)
                return
            }
            events.append(.text(message))
            message = []
            inMessage = false
            validator = UTF8Validator()
        }
        control.removeAll(keepingCapacity: true)
    }

    private mutating func finishClose(into events: inout [WebSocketEvent]) {
        let payload = control
        control = []
        if payload.isEmpty {
            events.append(.close(code: nil, reason: ""))
            state = .closed
            return
        }
        guard payload.count >= 2 else {
            fail(.protocolError, "a close frame with a one-byte payload", into: &events)
            return
        }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode.isValidReceived(code) else {
            fail(.protocolError, "a close frame with the invalid code \(code)", into: &events)
            return
        }
        let reason = Array(payload[2...])
        guard UTF8Validator.isValid(reason) else {
            fail(.invalidPayload, "a close reason that is not valid UTF-8", into: &events)
            return
        }
        events.append(.close(code: code, reason: String(decoding: reason, as: UTF8.self)))
        state = .closed
    }

    private mutating func fail(_ code: WebSocketCloseCode, _ reason: String, into events: inout [WebSocketEvent]) {
        events.append(.fail(code, reason))
        state = .closed
        message = []
        control = []
        header = []
    }
}
