import Foundation
import CreatureCore

/// What the creature methods share: their errors, encoding a still, and the file name to save
/// an image under.
enum CreatureMethods {
    /// The errors every creature method with a target may answer.
    static let targetErrors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong, .storeUnavailable]

    /// Encodes a still, turning an encoder failure into an internal error; `alt` (the creature's
    /// alt text, when at hand) spares an SVG drawing the creature again for its title.
    static func render(_ creature: Creature, format: ImageFormat, size: ImageSize, background: Background? = nil,
                       metadata: PNGMetadata? = nil, alt: String? = nil, request: RequestContext? = nil) throws(ResponseError) -> RenderedImage {
        do { return try Renderer.still(creature, format: format, size: size, background: background ?? .transparent, metadata: metadata,
                                       alt: alt, isCancelled: { request?.takeTurn() ?? false }) }
        catch is CancellationError { throw ResponseError.requestCancelled }
        catch { throw ResponseError.internalError("The \(format.rawValue) image could not be encoded: \(error)") }
    }

    /// The file name of `image` of `seed` (with the Fonster's `name`, if any).
    static func fileName(_ image: RenderedImage, name: String, seed: String) -> String {
        Naming.exportFileName(name: name, seed: seed, fileExtension: image.format.fileExtension)
    }
}
