import Foundation

/// Why an image could not be made or read; `message` is a sentence fit to show a person.
public enum ImageError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// A pixel size that is not a multiple of 32 between 32 and 2048.
    case invalidSize(Int)
    /// A scale factor outside 1…64.
    case invalidScale(Int)
    /// A JPEG quality outside 1…100.
    case invalidQuality(Int)
    /// A frame delay outside 0…655350 milliseconds.
    case invalidDelay(Int)
    /// An animation with no frames.
    case noFrames
    /// Data that does not start with the PNG signature.
    case notPNG
    /// A PNG that ends in the middle of a chunk, or before its IEND chunk.
    case truncatedPNG(offset: Int)
    /// A PNG chunk whose stored CRC does not match its contents.
    case badCRC(chunk: String, offset: Int)
    /// A PNG text chunk (`tEXt`, `zTXt`, `iTXt`) that does not follow the format.
    case malformedTextChunk(chunk: String, reason: String)
    /// zlib reported an error while compressing or decompressing.
    case zlib(operation: String, code: Int32)
    /// libjpeg reported an error while encoding.
    case jpeg(String)
    /// The encoded file would pass `limit` bytes.
    case tooLarge(limit: Int)
    /// An image `PictureReader` cannot read back (not one this package wrote).
    case unreadable(String)

    /// A clear, specific description of the problem.
    public var message: String {
        switch self {
        case .invalidSize(let size):
            return "size must be \(ImageSize.rule) pixels (got \(size))"
        case .invalidScale(let scale):
            return "scale must be a whole number from \(ImageSize.scaleRange.lowerBound) to \(ImageSize.scaleRange.upperBound), "
                + "i.e. \(ImageSize.rule) pixels (got \(scale))"
        case .invalidQuality(let quality):
            return "JPEG quality must be between 1 and 100 (got \(quality))"
        case .invalidDelay(let delay):
            return "frame delay must be between 0 and 655350 milliseconds (got \(delay))"
        case .noFrames:
            return "an animation needs at least one frame (got none)"
        case .notPNG:
            return "not a PNG file: the data does not start with the 8-byte PNG signature"
        case .truncatedPNG(let offset):
            return "the PNG file is truncated: a chunk runs past the end of the data at byte \(offset)"
        case .badCRC(let chunk, let offset):
            return "the PNG file is corrupt: the CRC of the \(chunk) chunk at byte \(offset) does not match its contents"
        case .malformedTextChunk(let chunk, let reason):
            return "the PNG file has a malformed \(chunk) text chunk: \(reason)"
        case .zlib(let operation, let code):
            return "zlib could not \(operation) the data (error \(code))"
        case .jpeg(let detail):
            return "libjpeg could not encode the image: \(detail)"
        case .tooLarge(let limit):
            return "the image would be larger than \(limit) bytes"
        case .unreadable(let reason):
            return "not a creature image this package can read back: \(reason)"
        }
    }

    /// The same as `message`.
    public var description: String { message }

    /// The same as `message`, for `localizedDescription`.
    public var errorDescription: String? { message }
}
