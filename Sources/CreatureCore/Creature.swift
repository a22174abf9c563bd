/// A drawn creature: the seed it came from, its configuration, grid and six colours.
public struct Creature: Sendable {
    /// The seed as given (not trimmed).
    public let seed: String
    /// The seed that was drawn (ENGINE.md §1 render-seed rule).
    public let renderSeed: String
    /// The engine that drew it.
    public let engine: EngineVersion
    /// The configuration resolved from the render seed.
    public let configuration: Configuration
    /// The 32×32 cells.
    public let grid: Grid
    /// The colours of indices 0…5, fallbacks included.
    public let colors: [RGBA]

    /// Draws the creature for `seed` with the given engine.
    public init(seed: String, engine: EngineVersion = .current) {
        self.seed = seed
        self.engine = engine
        renderSeed = Seeds.renderSeed(seed)
        let hash = SegmentHash(seed: renderSeed)
        switch engine {
        case .v1:
            configuration = Configuration(hash: hash)
            grid = configuration.mode == .creature
                ? CreatureDrawing.draw(configuration, hash)
                : PatternDrawing.draw(configuration, hash)
            let own = V1Constants.paletteColors[configuration.paletteIndex]
            let count = configuration.palette.count
            colors = (0..<6).map { $0 < count ? own[$0] : V1Constants.fallbackRGBA[$0] }
        }
    }

    /// The grid and colours, ready for an image encoder.
    public var sprite: Sprite { Sprite(grid: grid, colors: colors) }
}
