/// An encoded image of a creature, ready to write to a file or send as a data URI.
public struct RenderedImage: Sendable {
    /// The encoded file.
    public let bytes: [UInt8]
    /// Its format.
    public let format: ImageFormat
    /// Width and height in pixels (images are square).
    public let pixels: Int

    /// A `data:` URI of the bytes.
    public var dataURI: String { DataURI.make(mime: format.mimeType, bytes: bytes) }

    /// A short content hash usable as an ETag, 16 hex digits, of every format alike: the bytes
    /// 32 at a time in four lanes of little-endian 8-byte words, each lane multiplied and folded
    /// (xorshift) per word, then the lanes and the last bytes through FNV-1a 64 (FNV-1a of every
    /// byte cost a pipelined 256-px PNG request 3 % of its CPU).
    public var etag: String {
        let prime: UInt64 = 0x100_0000_01b3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            var i = 0
            var lanes = SIMD4<UInt64>(hash, hash ^ 1, hash ^ 2, hash ^ 3)
            while i + 32 <= raw.count {
                lanes = (lanes ^ raw.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt64>.self)) &* 0x9E37_79B9_7F4A_7C15
                lanes ^= lanes &>> 32
                i += 32
            }
            for lane in 0..<4 { hash = (hash ^ lanes[lane]) &* prime }
            while i < raw.count {
                hash = (hash ^ UInt64(raw[i])) &* prime
                i += 1
            }
        }
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 16) { text in
            for i in 0..<16 { text[i] = digits[Int(truncatingIfNeeded: hash >> UInt64(60 - 4 * i)) & 15] }
            return 16
        }
    }
}
