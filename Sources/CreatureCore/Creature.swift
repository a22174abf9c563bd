/// A drawn creature: the seed it came from, its configuration, grid and six colours.
public struct Creature: Sendable {
    /// The seed as given (not trimmed).
    public let seed: String
    /// The seed that was drawn (docs/engine.md §1 render-seed rule).
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
    public init(seed: String, engine: EngineVersion) {
        var log: PaintLog? = nil
        self.init(seed: seed, engine: engine, log: &log, recordingLog: false)
    }

    /// Draws the creature for `seed`; with `recordingLog`, a v1 creature whose alt text names
    /// features is drawn with a paint log, which is left in `log` (the same cells either way).
    /// Inlined into both callers: a delegating initialiser that is not inlined builds the creature
    /// in a temporary and copies it (a retain and release of every field).
    @inline(__always) init(seed: String, engine: EngineVersion, log: inout PaintLog?, recordingLog: Bool) {
        let renderSeed = Seeds.renderSeed(seed)
        let configuration: Configuration, grid: Grid
        switch engine {
        case .v1: (configuration, grid) = Creature.draw(SegmentHash(seed: renderSeed), engine, &log, recordingLog)
        case .v2: (configuration, grid) = Creature.draw(SegmentHashV2(seed: renderSeed), engine, &log, recordingLog)
        }
        self.seed = seed
        self.engine = engine
        self.renderSeed = renderSeed
        self.colors = Creature.colorSets[engine == .v1 ? 0 : 1][configuration.paletteIndex &* 7 &+ configuration.colorCount]
        self.configuration = configuration
        self.grid = grid
    }

    /// The configuration and grid of a render seed's hash state; with `recordingLog`, a creature
    /// whose alt text names features is drawn with a paint log, left in `log`.
    @inline(__always)
    private static func draw(_ hash: some SegmentHashing, _ engine: EngineVersion, _ log: inout PaintLog?,
                             _ recordingLog: Bool) -> (Configuration, Grid) {
        let configuration = Configuration(hash: hash, engine: engine)
        if recordingLog && DrawnParts.namesFeatures(configuration) {
            let drawn = CreatureDrawing.drawLogged(configuration, hash)
            log = drawn.log
            return (configuration, drawn.grid)
        }
        return (configuration, draw(configuration, hash))
    }

    private static func draw(_ configuration: Configuration, _ hash: some SegmentHashing) -> Grid {
        configuration.mode == .creature
            ? CreatureDrawing.draw(configuration, hash)
            : PatternDrawing.draw(configuration, hash)
    }

    /// The hash state of this creature's render seed under its engine (for the few hashes
    /// outside the drawing: space kind, paint log).
    var hash: EngineHash { EngineHash(seed: renderSeed, engine: engine) }

    /// The kind of tap number `tap` (0 for the first) on this creature, under its engine.
    public func tapAnimation(_ tap: Int) -> TapAnimation { TapAnimation.kind(seed: seed, tap: tap, engine: engine) }

    /// The scene around this creature (docs/engine.md §8), under its engine.
    public var environment: Environment { Environment(seed: seed, engine: engine) }

    /// The grid and colours, ready for an image encoder.
    public var sprite: Sprite { Sprite(grid: grid, colors: colors) }

    /// The everyday names of `colors`, worked out once per palette.
    var colourNames: [String] {
        Creature.colourNames[engine == .v1 ? 0 : 1][configuration.paletteIndex &* 7 &+ configuration.colorCount]
    }

    /// `colorSets[e][p·7 + n]`: for engine `e` (v1, v2), the six colours for palette `p` using its
    /// first `n` colours, built once so that a creature shares its colours instead of allocating them.
    private static let colorSets = [colorSets(V1Constants.paletteColors, V1Constants.fallbackRGBA),
                                    colorSets(V2Colors.paletteColors, V2Colors.fallbackRGBA)]

    private static func colorSets(_ own: [[RGBA]], _ fallback: [RGBA]) -> [[RGBA]] {
        own.flatMap { palette in (0...6).map { n in (0..<6).map { $0 < n ? palette[$0] : fallback[$0] } } }
    }

    private static let colourNames = colorSets.map { $0.map { $0.map(ColourNames.name) } }
}
