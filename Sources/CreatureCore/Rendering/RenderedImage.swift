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

    /// A short content hash (FNV-1a 64 of the bytes, hex) usable as an ETag.
    public var etag: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
