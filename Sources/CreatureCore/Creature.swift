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
        let colorSets: [[[RGBA]]]
        switch engine {
        case .v1:
            (configuration, grid) = Creature.draw(SegmentHash(seed: renderSeed), engine)
            colorSets = Creature.v1ColorSets
        case .v2:
            (configuration, grid) = Creature.draw(SegmentHashV2(seed: renderSeed), engine)
            colorSets = Creature.v2ColorSets
        }
        colors = colorSets[configuration.paletteIndex][configuration.palette.count]
    }

    /// The six colours for palette `p` using its first `n` colours: `colorSets(…)[p][n]`, built
    /// once so that a creature shares its colours instead of allocating them.
    private static func colorSets(_ own: [[RGBA]], _ fallback: [RGBA]) -> [[[RGBA]]] {
        own.map { palette in (0...6).map { n in (0..<6).map { $0 < n ? palette[$0] : fallback[$0] } } }
    }

    private static let v1ColorSets = colorSets(V1Constants.paletteColors, V1Constants.fallbackRGBA)
    private static let v2ColorSets = colorSets(V2Colors.paletteColors, V2Colors.fallbackRGBA)

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
