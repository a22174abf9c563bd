import Foundation

/// Turns creatures into image files: stills in every format and the evolution animation.
public enum Renderer {
    /// A still of `creature` in `format` at `size`, standing on `background` (the sky is the
    /// creature's own). With `metadata`, PNGs carry the seed as iTXt, JPEGs as a comment, SVGs
    /// always carry the alt text as their `<title>` (pass it as `alt` when it is at hand: working
    /// it out draws the creature again).
    /// JPEG and GIF encoding stop with `CancellationError` once `isCancelled` says so.
    public static func still(_ creature: Creature, format: ImageFormat, size: ImageSize, background: Background = .transparent,
                             metadata: PNGMetadata? = nil, alt: String? = nil, isCancelled: () -> Bool = { false }) throws -> RenderedImage {
        try still(creature, format: format, size: size,
                  backdrop: background.backdrop(seed: creature.seed, engine: creature.engine),
                  metadata: metadata, alt: alt, isCancelled: isCancelled)
    }

    /// A still of `creature` on an already resolved `backdrop` (nil: transparent), e.g. one
    /// evolution frame on the sky of the whole seed, as `evolutionGIF` shows it.
    public static func still(_ creature: Creature, format: ImageFormat, size: ImageSize, backdrop: Backdrop?,
                             metadata: PNGMetadata? = nil, alt: String? = nil, isCancelled: () -> Bool = { false }) throws -> RenderedImage {
        let sprite = creature.sprite
        let bytes: [UInt8]
        switch format {
        case .png: bytes = try PNGEncoder.encode(sprite, scale: size.scale, metadata: metadata, backdrop: backdrop)
        case .gif: bytes = try GIFEncoder.encode(frames: [sprite], scale: size.scale, delayMs: 0, loop: false,
                                                 backdrop: backdrop, isCancelled: isCancelled)
        case .jpeg: bytes = try JPEGEncoder.encode(sprite, scale: size.scale, quality: 90, comment: metadata?.textEntries.first?.text,
                                                   backdrop: backdrop, isCancelled: isCancelled)
        case .svg: bytes = SVGEncoder.encode(sprite, title: alt ?? AltText.sentence(for: creature), size: size.pixels, backdrop: backdrop)
        }
        return RenderedImage(bytes: bytes, format: format, pixels: size.pixels)
    }

    /// The evolution of `seed` as an animated GIF: one frame per prefix, looping forever.
    /// A seed with no frames (empty or whitespace) gives a one-frame GIF of the `" "` creature.
    /// Every frame stands on `background`; the sky is that of the whole seed, so the backdrop
    /// stays still while the creature grows (`creature/frames` should pass the same backdrop).
    /// Stops with `ImageError.tooLarge` as soon as the file passes `maxBytes`, and with
    /// `CancellationError` within a few milliseconds of `isCancelled` saying so.
    public static func evolutionGIF(seed: String, size: ImageSize, intervalMs: Int = Evolution.defaultIntervalMs,
                                    engine: EngineVersion, background: Background = .transparent, maxBytes: Int = .max,
                                    isCancelled: () -> Bool = { false }) throws -> RenderedImage {
        let frames = Evolution.Frames(seed)
        var sprites: [Sprite] = []
        sprites.reserveCapacity(max(1, frames.count))
        for index in 0..<max(1, frames.count) {
            if isCancelled() { throw CancellationError() }
            sprites.append(Creature(seed: frames.isEmpty ? seed : frames[index], engine: engine).sprite)
        }
        let bytes = try GIFEncoder.encode(frames: sprites, scale: size.scale, delayMs: intervalMs, loop: true,
                                          backdrop: background.backdrop(seed: seed, engine: engine), maxBytes: maxBytes, isCancelled: isCancelled)
        return RenderedImage(bytes: bytes, format: .gif, pixels: size.pixels)
    }
}
