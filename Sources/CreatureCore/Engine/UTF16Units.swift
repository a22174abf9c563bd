/// The UTF-16 code units of a string, decoded straight from its UTF-8 storage (the segment
/// hashes of both engines fold UTF-16 units; the string's own UTF-16 view is several times slower).
enum UTF16Units {
    /// Calls `body` with each UTF-16 unit of `s`, in order, as a `UInt32`.
    @inline(__always) static func forEach(in s: String, _ body: (UInt32) -> Void) {
        var s = s
        s.withUTF8 { forEach(in: $0, body) }
    }

    /// Calls `body` with each UTF-16 unit of the valid UTF-8 `bytes`, in order, as a `UInt32`.
    @inline(__always) static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32) -> Void) {
        do {
            var i = 0
            let n = bytes.count
            while i < n {
                let b0 = UInt32(bytes[i])
                if b0 < 0x80 {
                    body(b0)
                    i &+= 1
                } else if b0 < 0xE0 {
                    body((b0 & 0x1F) << 6 | UInt32(bytes[i &+ 1]) & 0x3F)
                    i &+= 2
                } else if b0 < 0xF0 {
                    body((b0 & 0x0F) << 12 | (UInt32(bytes[i &+ 1]) & 0x3F) << 6 | UInt32(bytes[i &+ 2]) & 0x3F)
                    i &+= 3
                } else {
                    let v = (b0 & 0x07) << 18 | (UInt32(bytes[i &+ 1]) & 0x3F) << 12
                        | (UInt32(bytes[i &+ 2]) & 0x3F) << 6 | UInt32(bytes[i &+ 3]) & 0x3F
                    body(0xD800 + ((v - 0x10000) >> 10))
                    body(0xDC00 + (v & 0x3FF))
                    i &+= 4
                }
            }
        }
    }
}
