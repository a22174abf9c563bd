/// A creature described in the golden-file format (ENGINE.md §10, the records of `engine-v1.json`
/// and `engine-v2.json`): the form `fonsters-rpc describe` prints and the conformance tests compare
/// field by field. A record does not name its engine; the file around it does.
public struct CreatureRecord: Codable, Equatable, Sendable {
    /// The environment fields of a record.
    public struct EnvironmentRecord: Codable, Equatable, Sendable {
        public var sun, moon, clouds, birds, butterflies, flowers, clovers, fireworks, leaves, christmasLights: Bool
        public var cloudCount, birdCount, butterflyCount, flowerCount, cloverCount, fireworkCount, leafCount,
                   christmasLightsCount: Int?
        public var showOptionalEffects: Bool
        public var sky: Double

        /// The record of an environment.
        public init(_ e: Environment) {
            sun = e.sun; moon = e.moon
            clouds = e.clouds.on; birds = e.birds.on; butterflies = e.butterflies.on; flowers = e.flowers.on
            clovers = e.clovers.on; fireworks = e.fireworks.on; leaves = e.leaves.on
            christmasLights = e.christmasLights.on
            cloudCount = e.clouds.count; birdCount = e.birds.count; butterflyCount = e.butterflies.count
            flowerCount = e.flowers.count; cloverCount = e.clovers.count; fireworkCount = e.fireworks.count
            leafCount = e.leaves.count; christmasLightsCount = e.christmasLights.count
            showOptionalEffects = e.showOptionalEffects
            sky = e.sky
        }

        // Counts are written as explicit nulls, as in the golden files.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            for (key, value) in [(CodingKeys.sun, sun), (.moon, moon), (.clouds, clouds), (.birds, birds),
                                 (.butterflies, butterflies), (.flowers, flowers), (.clovers, clovers),
                                 (.fireworks, fireworks), (.leaves, leaves), (.christmasLights, christmasLights),
                                 (.showOptionalEffects, showOptionalEffects)] {
                try c.encode(value, forKey: key)
            }
            for (key, value) in [(CodingKeys.cloudCount, cloudCount), (.birdCount, birdCount),
                                 (.butterflyCount, butterflyCount), (.flowerCount, flowerCount),
                                 (.cloverCount, cloverCount), (.fireworkCount, fireworkCount),
                                 (.leafCount, leafCount), (.christmasLightsCount, christmasLightsCount)] {
                try c.encode(value, forKey: key)
            }
            try c.encode(sky, forKey: .sky)
        }
    }

    public var seed: String
    public var tier: Int
    public var mode: String
    public var symmetryAxis: String
    public var palette: [String]
    public var opaqueBackground: Bool
    public var creatureType: String
    public var symmetric, diagonal, upsideDown: Bool
    public var shapeMask: String
    public var eyes: Bool
    public var eyeShape: String
    public var mouth: Bool
    public var mouthStyle: String
    public var nose, body, hair, eyebrows, beard, ears, horn, antlers, appendages: Bool
    public var appendageCount: Int
    public var appendageStyle: String
    public var appendageRadial: Bool
    public var grid: [String]
    public var colors: [String]
    public var tapAnimation: [String]
    public var environment: EnvironmentRecord

    /// The record of a creature: configuration and grid of the render seed, taps of the raw seed.
    public init(_ creature: Creature) {
        let c = creature.configuration
        seed = creature.seed
        tier = c.tier; mode = c.mode.rawValue; symmetryAxis = c.axis.rawValue; palette = c.palette
        opaqueBackground = c.opaqueBackground; creatureType = c.creatureType.rawValue
        symmetric = c.symmetric; diagonal = c.diagonal; upsideDown = c.upsideDown
        shapeMask = c.shapeMask.name; eyes = c.eyes; eyeShape = c.eyeShape.rawValue
        mouth = c.mouth; mouthStyle = c.mouthStyle.rawValue
        nose = c.nose; body = c.body; hair = c.hair; eyebrows = c.eyebrows; beard = c.beard
        ears = c.ears; horn = c.horn; antlers = c.antlers; appendages = c.appendages
        appendageCount = c.appendageCount; appendageStyle = c.appendageStyle.rawValue
        appendageRadial = c.appendageRadial
        grid = creature.grid.rows
        colors = creature.colors.map(\.hex)
        tapAnimation = (0..<3).map { creature.tapAnimation($0).rawValue }
        environment = EnvironmentRecord(creature.environment)
    }

    /// The record of a seed drawn by `engine`.
    public init(seed: String, engine: EngineVersion) { self.init(Creature(seed: seed, engine: engine)) }
}
