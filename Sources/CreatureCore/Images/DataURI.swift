import JSON

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

    /// How many bytes `make(mime:bytes:)` makes of `count` bytes.
    public static func length(mime: String, count: Int) -> Int { 13 + mime.utf8.count + (count + 2) / 3 * 4 }

    /// Writes `make(mime:bytes:)` to the start of `out` (room for `length(mime:count:)` bytes).
    static func write(mime: String, bytes: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>) {
        var o = 0
        for part in ["data:".utf8, mime.utf8, ";base64,".utf8] { for byte in part { out[o] = byte; o += 1 } }
        _ = encode(bytes, into: UnsafeMutableBufferPointer(rebasing: out[o...]))
    }

    /// `data:image/svg+xml;base64,…` for an SVG document.
    public static func svg(_ svg: String) -> String {
        make(mime: ImageFormat.svg.mimeType, bytes: Array(svg.utf8))
    }

    /// The standard base64 (RFC 4648 §4) of `bytes`, with `=` padding.
    public static func base64(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: (bytes.count + 2) / 3 * 4) { encode(bytes, into: $0) }
    }

    /// The base64 alphabet, in value order.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Writes the base64 of `bytes` to the start of `out` (room for `(count + 2) / 3 × 4`
    /// bytes) and returns how many bytes it wrote.
    static func encode(_ bytes: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
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

extension JSONWriter {
    /// A `data:` URI of `bytes` as a string value, its base64 written straight into the text
    /// (no `String` is made of it).
    public mutating func dataURI(mime: String, bytes: [UInt8]) {
        plainString(DataURI.length(mime: mime, count: bytes.count)) { DataURI.write(mime: mime, bytes: bytes, into: $0) }
    }
}
