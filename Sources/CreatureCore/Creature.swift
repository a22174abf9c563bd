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
        var log: PaintLog? = nil
        self.init(seed: seed, engine: engine, log: &log, recordingLog: false)
    }

    /// Draws the creature for `seed`; with `recordingLog`, a v1 creature whose alt text names
    /// features is drawn with a paint log, which is left in `log` (the same cells either way).
    init(seed: String, engine: EngineVersion, log: inout PaintLog?, recordingLog: Bool) {
        self.seed = seed
        self.engine = engine
        renderSeed = Seeds.renderSeed(seed)
        switch engine {
        case .v1:
            let hash = SegmentHash(seed: renderSeed)
            configuration = Configuration(hash: hash, engine: engine)
            if recordingLog && DrawnParts.namesFeatures(configuration, engine) {
                let drawn = CreatureDrawing.drawLogged(configuration, hash)
                (grid, log) = (drawn.grid, drawn.log)
            } else {
                grid = Creature.draw(configuration, hash)
            }
        case .v2:
            let hash = SegmentHashV2(seed: renderSeed)
            configuration = Configuration(hash: hash, engine: engine)
            grid = Creature.draw(configuration, hash)
        }
        colors = Creature.colorSets(engine)[configuration.paletteIndex][configuration.palette.count]
    }

    private static func draw(_ configuration: Configuration, _ hash: some SegmentHashing) -> Grid {
        configuration.mode == .creature
            ? CreatureDrawing.draw(configuration, hash)
            : PatternDrawing.draw(configuration, hash)
    }

    /// The grid and colours, ready for an image encoder.
    public var sprite: Sprite { Sprite(grid: grid, colors: colors) }

    /// The everyday names of `colors`, worked out once per palette.
    var colourNames: [String] {
        (engine == .v1 ? Creature.v1ColourNames : Creature.v2ColourNames)[configuration.paletteIndex][configuration.palette.count]
    }

    /// `colorSets(engine)[p][n]`: the six colours for palette `p` using its first `n` colours,
    /// built once so that a creature shares its colours instead of allocating them.
    private static func colorSets(_ engine: EngineVersion) -> [[[RGBA]]] { engine == .v1 ? v1ColorSets : v2ColorSets }

    private static func colorSets(_ own: [[RGBA]], _ fallback: [RGBA]) -> [[[RGBA]]] {
        own.map { palette in (0...6).map { n in (0..<6).map { $0 < n ? palette[$0] : fallback[$0] } } }
    }

    private static let v1ColorSets = colorSets(V1Constants.paletteColors, V1Constants.fallbackRGBA)
    private static let v2ColorSets = colorSets(V2Colors.paletteColors, V2Colors.fallbackRGBA)
    private static let v1ColourNames = v1ColorSets.map { $0.map { $0.map(ColourNames.name) } }
    private static let v2ColourNames = v2ColorSets.map { $0.map { $0.map(ColourNames.name) } }
}
