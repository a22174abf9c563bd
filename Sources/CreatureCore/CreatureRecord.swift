import JSON

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

extension CreatureRecord {
    /// The golden-file record of `creature` as a JSON value, keys in the golden files' order, drawn
    /// straight from the creature (what `fonsters-rpc describe` streams out, one record at a time).
    public static func json(_ creature: Creature) -> JSONValue {
        let c = creature.configuration
        let e = creature.environment
        func count(_ n: Int?) -> JSONValue { n.map { .int(Int64($0)) } ?? .null }
        let environment: JSONObject = [
            "birdCount": count(e.birds.count), "birds": .bool(e.birds.on), "butterflies": .bool(e.butterflies.on),
            "butterflyCount": count(e.butterflies.count), "christmasLights": .bool(e.christmasLights.on),
            "christmasLightsCount": count(e.christmasLights.count), "cloudCount": count(e.clouds.count),
            "clouds": .bool(e.clouds.on), "cloverCount": count(e.clovers.count), "clovers": .bool(e.clovers.on),
            "fireworkCount": count(e.fireworks.count), "fireworks": .bool(e.fireworks.on), "flowerCount": count(e.flowers.count),
            "flowers": .bool(e.flowers.on), "leafCount": count(e.leaves.count), "leaves": .bool(e.leaves.on), "moon": .bool(e.moon),
            "showOptionalEffects": .bool(e.showOptionalEffects), "sky": .double(e.sky), "sun": .bool(e.sun),
        ]
        let record: JSONObject = [
            "antlers": .bool(c.antlers), "appendageCount": .int(Int64(c.appendageCount)), "appendageRadial": .bool(c.appendageRadial),
            "appendages": .bool(c.appendages), "appendageStyle": .string(c.appendageStyle.rawValue), "beard": .bool(c.beard),
            "body": .bool(c.body), "colors": .array(creature.colors.map { .string($0.hex) }),
            "creatureType": .string(c.creatureType.rawValue), "diagonal": .bool(c.diagonal), "ears": .bool(c.ears),
            "environment": .object(environment), "eyebrows": .bool(c.eyebrows), "eyes": .bool(c.eyes),
            "eyeShape": .string(c.eyeShape.rawValue), "grid": .array(creature.grid.rows.map { .string($0) }), "hair": .bool(c.hair),
            "horn": .bool(c.horn), "mode": .string(c.mode.rawValue), "mouth": .bool(c.mouth),
            "mouthStyle": .string(c.mouthStyle.rawValue), "nose": .bool(c.nose), "opaqueBackground": .bool(c.opaqueBackground),
            "palette": .array(c.palette.map { .string($0) }), "seed": .string(creature.seed), "shapeMask": .string(c.shapeMask.name),
            "symmetric": .bool(c.symmetric), "symmetryAxis": .string(c.axis.rawValue),
            "tapAnimation": .array((0..<3).map { .string(creature.tapAnimation($0).rawValue) }), "tier": .int(Int64(c.tier)),
            "upsideDown": .bool(c.upsideDown),
        ]
        return .object(record)
    }
}
