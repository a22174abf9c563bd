/// `data:` URIs that embed an image in a page or a JSON reply.
public enum DataURI {
    /// `data:<mime>;base64,<bytes in base64>`, built in one buffer.
    public static func make(mime: String, bytes: [UInt8]) -> String {
        let head = "data:".utf8, tail = ";base64,".utf8
        let prefix = head.count + mime.utf8.count + tail.count
        return String(unsafeUninitializedCapacity: prefix + (bytes.count + 2) / 3 * 4) { out in
            var o = 0
            func put(_ part: String.UTF8View) { for byte in part { out[o] = byte; o += 1 } }
            put(head)
            put(mime.utf8)
            put(tail)
            return o + encode(bytes, into: UnsafeMutableBufferPointer(rebasing: out[o...]))
        }
    }

    /// The standard base64 (RFC 4648 §4) of `bytes`, with `=` padding.
    public static func base64(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: (bytes.count + 2) / 3 * 4) { encode(bytes, into: $0) }
    }

    /// The base64 alphabet, in value order.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The two characters of every 12-bit value, first one in the low byte: a 3-byte group is
    /// two lookups instead of four.
    private static let pairs: [UInt16] = (0..<4096).map { UInt16(alphabet[$0 >> 6]) | UInt16(alphabet[$0 & 63]) << 8 }

    /// Writes the base64 of `bytes` to the start of `out` (room for `(count + 2) / 3 × 4`
    /// bytes) and returns how many bytes it wrote: six bytes at a time as eight characters
    /// while eight can be read, then a 3-byte group at a time, then the padded tail.
    private static func encode(_ bytes: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        pairs.withUnsafeBufferPointer { pairs in
            bytes.withUnsafeBytes { bytes in
                let output = UnsafeMutableRawPointer(out.baseAddress!)
                var o = 0
                var i = 0
                while i + 8 <= bytes.count {
                    let v = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) >> 16
                    let chars = UInt64(pairs[Int(v >> 36)]) | UInt64(pairs[Int(v >> 24 & 0xFFF)]) << 16
                        | UInt64(pairs[Int(v >> 12 & 0xFFF)]) << 32 | UInt64(pairs[Int(v & 0xFFF)]) << 48
                    output.storeBytes(of: chars.littleEndian, toByteOffset: o, as: UInt64.self)
                    i += 6
                    o += 8
                }
                while i + 3 <= bytes.count {
                    let v = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
                    output.storeBytes(of: pairs[v >> 12].littleEndian, toByteOffset: o, as: UInt16.self)
                    output.storeBytes(of: pairs[v & 0xFFF].littleEndian, toByteOffset: o + 2, as: UInt16.self)
                    i += 3
                    o += 4
                }
                let rest = bytes.count - i
                if rest > 0 {
                    let v = Int(bytes[i]) << 16 | (rest == 2 ? Int(bytes[i + 1]) << 8 : 0)
                    output.storeBytes(of: pairs[v >> 12].littleEndian, toByteOffset: o, as: UInt16.self)
                    out[o + 2] = rest == 2 ? alphabet[v >> 6 & 63] : UInt8(ascii: "=")
                    out[o + 3] = UInt8(ascii: "=")
                    o += 4
                }
                return o
            }
        }
    }
}
