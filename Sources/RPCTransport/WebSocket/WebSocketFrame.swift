/// WebSocket frame opcodes (RFC 6455 §5.2).
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

    /// Whether this is a control frame (close, ping, pong).
    public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Close codes this server sends (RFC 6455 §7.4.1).
public enum WebSocketCloseCode: UInt16, Sendable {
    /// The purpose of the connection was fulfilled.
    case normal = 1000
    /// The server is going away.
    case goingAway = 1001
    /// The peer broke the protocol (unmasked frame, bad opcode, bad lengths, bad close payload).
    case protocolError = 1002
    /// A binary message: this endpoint speaks JSON text only.
    case unsupportedData = 1003
    /// A text message (or close reason) that is not valid UTF-8.
    case invalidPayload = 1007
    /// The server's memory budget is full and this connection held the most of it (RFC 6455
    /// §7.4.1's policy violation: the endpoint's own policy, here its memory, forbids going on).
    case policyViolation = 1008
    /// A message over the size limit.
    case messageTooBig = 1009

    /// Whether a peer may send `code` in a close frame (§7.4: 1000–1003, 1007–1014, 3000–4999).
    public static func isValidReceived(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }
}

/// Encodes WebSocket frames. Server frames are unmasked; a client (tests, benchmarks) passes a
/// masking key.
public enum WebSocketFrame {
    /// One frame: `opcode`, `payload`, the FIN bit, and a masking key for client frames.
    public static func encode(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true,
                              mask: (UInt8, UInt8, UInt8, UInt8)? = nil) -> [UInt8] {
        payload.withUnsafeBufferPointer { encode(opcode, $0, fin: fin, mask: mask) }
    }

    /// One frame of the bytes `payload` points at (copied once, into the frame).
    public static func encode(_ opcode: WebSocketOpcode, _ payload: UnsafeBufferPointer<UInt8>, fin: Bool = true,
                              mask: (UInt8, UInt8, UInt8, UInt8)? = nil) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(payload.count + 14)
        frame.append((fin ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if payload.count < 126 {
            frame.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
        }
        if let (m0, m1, m2, m3) = mask {
            let key = [m0, m1, m2, m3]
            frame += key
            for (i, byte) in payload.enumerated() { frame.append(byte ^ key[i & 3]) }
        } else {
            frame += payload
        }
        return frame
    }

    /// A close frame with `code` and a short `reason` (cut to fit the 125-byte control limit on
    /// a character boundary).
    public static func close(_ code: WebSocketCloseCode, reason: String = "",
                             mask: (UInt8, UInt8, UInt8, UInt8)? = nil) -> [UInt8] {
        close(code: code.rawValue, reason: reason, mask: mask)
    }

    /// A close frame with a raw `code` (nil: an empty close payload).
    public static func close(code: UInt16?, reason: String = "", mask: (UInt8, UInt8, UInt8, UInt8)? = nil) -> [UInt8] {
        guard let code else { return encode(.close, [], mask: mask) }
        var reasonBytes: [UInt8] = []
        for scalar in reason.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            if reasonBytes.count + encoded.count > 123 { break }
            reasonBytes += encoded
        }
        return encode(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes, mask: mask)
    }
}
