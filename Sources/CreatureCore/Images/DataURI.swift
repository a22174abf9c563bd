/// `data:` URIs that embed an image in a page or a JSON reply.
public enum DataURI {
    /// `data:<mime>;base64,<bytes in base64>`, built in one buffer.
    public static func make(mime: String, bytes: [UInt8]) -> String {
        let head = "data:".utf8, tail = ";base64,".utf8
        let prefix = head.count + mime.utf8.count + tail.count
        return String(unsafeUninitializedCapacity: prefix + (bytes.count + 2) / 3 * 4) { out in
            var o = 0
            for part in [head, mime.utf8, tail] { for byte in part { out[o] = byte; o += 1 } }
            return o + encode(bytes, into: UnsafeMutableBufferPointer(rebasing: out[o...]))
        }
    }

    /// The standard base64 (RFC 4648 §4) of `bytes`, with `=` padding.
    public static func base64(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: (bytes.count + 2) / 3 * 4) { encode(bytes, into: $0) }
    }

    /// The base64 alphabet, in value order.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Writes the base64 of `bytes` to the start of `out` (room for `(count + 2) / 3 × 4`
    /// bytes) and returns how many bytes it wrote.
    private static func encode(_ bytes: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        alphabet.withUnsafeBufferPointer { alphabet in
            bytes.withUnsafeBufferPointer { bytes in
                var o = 0
                var i = 0
                while i + 3 <= bytes.count {
                    let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                    out[o] = alphabet[Int(v >> 18)]
                    out[o + 1] = alphabet[Int(v >> 12 & 63)]
                    out[o + 2] = alphabet[Int(v >> 6 & 63)]
                    out[o + 3] = alphabet[Int(v & 63)]
                    i += 3
                    o += 4
                }
                let rest = bytes.count - i
                if rest > 0 {
                    let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
                    out[o] = alphabet[Int(v >> 18)]
                    out[o + 1] = alphabet[Int(v >> 12 & 63)]
                    out[o + 2] = rest == 2 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "=")
                    out[o + 3] = UInt8(ascii: "=")
                    o += 4
                }
                return o
            }
        }
    }
}
