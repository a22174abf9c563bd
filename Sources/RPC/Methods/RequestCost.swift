import Foundation
import CreatureCore

/// What requests will cost, from their params alone, before any work: the encoded size of
/// images and data URIs that the methods' `estimate` builds on. The smallest sizes are bounds of
/// the encodings, not of our creatures: a JPEG spends bits on every 8×8 block, deflate and LZW
/// compress at most about 1,000 and 2,700 to one.
enum RequestCost {
    /// Typical and smallest encoded size of one image, in bytes, before base64.
    static func imageBytes(_ format: ImageFormat, pixels: Int) -> (typical: Int, minimum: Int) {
        let area = pixels * pixels
        switch format {
        case .png: return (area / 500 + 400, area / 1032 + 60)
        case .gif: return (area / 200 + 400, area / 2800 + 40)
        case .jpeg: return (area / 40 + 2000, area / 256 + 600)
        case .svg: return (8192, 200)
        }
    }

    /// Memory an encoder holds while it draws one image: a JPEG keeps every coefficient for its
    /// optimized Huffman tables (about 3 bytes a pixel); the other formats stream rows.
    static func workingBytes(_ format: ImageFormat, pixels: Int) -> Int { format == .jpeg ? 3 * pixels * pixels : 0 }

    /// Base64 of `bytes` with a data URI's prefix.
    static func dataURI(_ bytes: Int) -> Int { (bytes + 2) / 3 * 4 + 32 }

    /// A still image: its data URI and the encoding's own buffer.
    static func still(_ format: ImageFormat?, _ size: ImageSize?, into scheduling: inout Scheduling) {
        let format = format ?? .png, pixels = (size ?? .standard).pixels
        scheduling.bytes = 2 * dataURI(imageBytes(format, pixels: pixels).typical) + workingBytes(format, pixels: pixels) + 4096
    }
}
