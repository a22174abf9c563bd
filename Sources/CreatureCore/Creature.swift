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
    /// The colours of indices 0…5, fallbacks included (boosted in v2).
    public let colors: [RGBA]

    /// Draws the creature for `seed` with the given engine.
    public init(seed: String, engine: EngineVersion = .current) {
        self.seed = seed
        self.engine = engine
        renderSeed = Seeds.renderSeed(seed)
        let own: [[RGBA]], fallback: [RGBA]
        switch engine {
        case .v1:
            (configuration, grid) = Creature.draw(SegmentHash(seed: renderSeed), engine)
            (own, fallback) = (V1Constants.paletteColors, V1Constants.fallbackRGBA)
        case .v2:
            (configuration, grid) = Creature.draw(SegmentHashV2(seed: renderSeed), engine)
            (own, fallback) = (V2Colors.paletteColors, V2Colors.fallbackRGBA)
        }
        let palette = own[configuration.paletteIndex], count = configuration.palette.count
        colors = (0..<6).map { $0 < count ? palette[$0] : fallback[$0] }
    }

    private static func draw(_ hash: some SegmentHashing, _ engine: EngineVersion) -> (Configuration, Grid) {
        let configuration = Configuration(hash: hash, engine: engine)
        let grid = configuration.mode == .creature
            ? CreatureDrawing.draw(configuration, hash)
            : PatternDrawing.draw(configuration, hash)
        return (configuration, grid)
    }

    /// The grid and colours, ready for an image encoder.
    public var sprite: Sprite { Sprite(grid: grid, colors: colors) }
}
