/// The size of a square creature image: the 32×32 sprite scaled up by a whole number.
public struct ImageSize: Equatable, Hashable, Sendable {
    /// The scale factors an image may have: the one statement of the size rule.
    public static let scaleRange = 1...64
    /// The pixel sizes an image may have (multiples of 32 only): 32…2048.
    public static let pixelRange = (scaleRange.lowerBound * Grid.side)...(scaleRange.upperBound * Grid.side)
    /// The rule in words, for messages and help: "a multiple of 32 from 32 to 2,048".
    public static let rule = "a multiple of \(Grid.side) from \(pixelRange.lowerBound) to "
        + "\(pixelRange.upperBound / 1000),\(String(pixelRange.upperBound % 1000 + 1000).dropFirst())"

    /// How many image pixels each grid cell spans, 1…64.
    public let scale: Int

    /// The side of the image in pixels, `32 × scale`.
    public var pixels: Int { scale * Grid.side }

    /// A size from its side in pixels; throws `ImageError.invalidSize` unless it is a multiple of 32 in 32…2048.
    public init(pixels: Int) throws {
        self.scale = try ImageSize.scale(forPixels: pixels)
    }

    /// A size from its scale factor; throws `ImageError.invalidScale` unless it is in 1…64.
    public init(scale: Int) throws {
        try ImageSize.validate(scale: scale)
        self.scale = scale
    }

    /// The scale for a pixel size; throws `ImageError.invalidSize` unless it is a multiple of 32 in 32…2048.
    public static func scale(forPixels pixels: Int) throws -> Int {
        guard pixelRange.contains(pixels), pixels % Grid.side == 0 else {
            throw ImageError.invalidSize(pixels)
        }
        return pixels / Grid.side
    }

    /// Throws `ImageError.invalidScale` unless `scale` is in 1…64.
    public static func validate(scale: Int) throws {
        guard scaleRange.contains(scale) else { throw ImageError.invalidScale(scale) }
    }
}

extension ImageSize {
    /// 256 pixels: the size of an image when none is asked for.
    public static let standard = try! ImageSize(pixels: 256)
}

extension ImageSize {
    /// 64 pixels: the size of a thumbnail when none is asked for.
    public static let thumbnail = try! ImageSize(pixels: 64)
}
