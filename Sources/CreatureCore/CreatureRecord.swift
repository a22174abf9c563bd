import JSON

/// A creature described in the golden-file format (docs/engine.md §10, the records of `engine-v1.json`
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
    /// Writes the golden-file record of `creature`, keys in the golden files' order, straight from
    /// the creature into `out` (what `fonsters-rpc describe` streams, one record at a time). The
    /// same fields as `init(_:)`; `DescribeCommandTests` reads the output back into records.
    public static func write(_ creature: Creature, into out: inout JSONWriter) {
        let c = creature.configuration, e = creature.environment
        out.beginObject()
        out.key("antlers"); out.bool(c.antlers)
        out.key("appendageCount"); out.int(c.appendageCount)
        out.key("appendageRadial"); out.bool(c.appendageRadial)
        out.key("appendages"); out.bool(c.appendages)
        out.key("appendageStyle"); out.string(c.appendageStyle.rawValue)
        out.key("beard"); out.bool(c.beard)
        out.key("body"); out.bool(c.body)
        out.key("colors"); out.beginArray()
        for colour in creature.colors {  // as `RGBA.hex` spells it, written without a String
            let v = Int(colour.r) << 16 | Int(colour.g) << 8 | Int(colour.b)
            out.plainString(6) { hex in
                for i in 0..<6 {
                    let digit = UInt8((v >> (20 - 4 * i)) & 15)
                    hex[i] = digit < 10 ? UInt8(ascii: "0") &+ digit : UInt8(ascii: "a") &+ (digit &- 10)
                }
            }
        }
        out.endArray()
        out.key("creatureType"); out.string(c.creatureType.rawValue)
        out.key("diagonal"); out.bool(c.diagonal)
        out.key("ears"); out.bool(c.ears)
        out.key("environment"); out.beginObject()
        out.key("birdCount"); out.int(e.birds.count)
        out.key("birds"); out.bool(e.birds.on)
        out.key("butterflies"); out.bool(e.butterflies.on)
        out.key("butterflyCount"); out.int(e.butterflies.count)
        out.key("christmasLights"); out.bool(e.christmasLights.on)
        out.key("christmasLightsCount"); out.int(e.christmasLights.count)
        out.key("cloudCount"); out.int(e.clouds.count)
        out.key("clouds"); out.bool(e.clouds.on)
        out.key("cloverCount"); out.int(e.clovers.count)
        out.key("clovers"); out.bool(e.clovers.on)
        out.key("fireworkCount"); out.int(e.fireworks.count)
        out.key("fireworks"); out.bool(e.fireworks.on)
        out.key("flowerCount"); out.int(e.flowers.count)
        out.key("flowers"); out.bool(e.flowers.on)
        out.key("leafCount"); out.int(e.leaves.count)
        out.key("leaves"); out.bool(e.leaves.on)
        out.key("moon"); out.bool(e.moon)
        out.key("showOptionalEffects"); out.bool(e.showOptionalEffects)
        out.key("sky"); out.double(e.sky)
        out.key("sun"); out.bool(e.sun)
        out.endObject()
        out.key("eyebrows"); out.bool(c.eyebrows)
        out.key("eyes"); out.bool(c.eyes)
        out.key("eyeShape"); out.string(c.eyeShape.rawValue)
        out.key("grid"); out.beginArray()
        creature.grid.cells.withUnsafeBufferPointer { cells in
            for y in 0..<32 {  // each row as `rows` spells it, written without a String
                out.plainString(32) { row in
                    for x in 0..<32 {
                        let v = cells[y &* 32 &+ x]
                        row[x] = v < 0 ? UInt8(ascii: ".") : UInt8(ascii: "0") &+ UInt8(v)
                    }
                }
            }
        }
        out.endArray()
        out.key("hair"); out.bool(c.hair)
        out.key("horn"); out.bool(c.horn)
        out.key("mode"); out.string(c.mode.rawValue)
        out.key("mouth"); out.bool(c.mouth)
        out.key("mouthStyle"); out.string(c.mouthStyle.rawValue)
        out.key("nose"); out.bool(c.nose)
        out.key("opaqueBackground"); out.bool(c.opaqueBackground)
        out.key("palette"); out.beginArray(); for hex in c.palette { out.string(hex) }; out.endArray()
        out.key("seed"); out.string(creature.seed)
        out.key("shapeMask"); out.string(c.shapeMask.name)
        out.key("symmetric"); out.bool(c.symmetric)
        out.key("symmetryAxis"); out.string(c.axis.rawValue)
        out.key("tapAnimation"); out.beginArray(); for tap in 0..<3 { out.string(creature.tapAnimation(tap).rawValue) }; out.endArray()
        out.key("tier"); out.int(c.tier)
        out.key("upsideDown"); out.bool(c.upsideDown)
        out.endObject()
    }
}
