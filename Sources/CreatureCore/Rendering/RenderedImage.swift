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

    /// A short content hash usable as an ETag, 16 hex digits: FNV-1a 64 of the bytes. An SVG,
    /// whose text is several times longer than the same PNG, is hashed 32 bytes at a time
    /// instead: four lanes of its little-endian 8-byte words, each lane multiplied and folded
    /// (xorshift) per word, then the lanes and the last bytes through FNV-1a.
    public var etag: String {
        let prime: UInt64 = 0x100_0000_01b3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            var i = 0
            if format == .svg {
                var lanes = SIMD4<UInt64>(hash, hash ^ 1, hash ^ 2, hash ^ 3)
                while i + 32 <= raw.count {
                    lanes = (lanes ^ raw.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt64>.self)) &* 0x9E37_79B9_7F4A_7C15
                    lanes ^= lanes &>> 32
                    i += 32
                }
                for lane in 0..<4 { hash = (hash ^ lanes[lane]) &* prime }
            }
            while i < raw.count {
                hash = (hash ^ UInt64(raw[i])) &* prime
                i += 1
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
