/// A scene in the golden-file format (ENGINE.md §10, the `scenes` of `scene-v1.json`): what
/// `fonsters-rpc describe --scene` prints and the conformance tests compare field by field.
public struct SceneRecord: Codable, Equatable, Sendable {
    /// The sun's record.
    public struct SunRecord: Codable, Equatable, Sendable {
        /// Seconds for one pass across the scene.
        public var periodSeconds: Int
    }
    /// One cloud's record.
    public struct CloudRecord: Codable, Equatable, Sendable {
        /// The cloud's 0-based index.
        public var index: Int
        /// Whether it enters on the left.
        public var startsLeft: Bool
        /// Its height as a fraction of the scene's height.
        public var y: Double
        /// Its width in points.
        public var size: Int
        /// Seconds to drift across.
        public var driftSeconds: Int
        /// The seed placing its extra puffs.
        public var shapeSeed: Int
    }
    /// The clouds' record.
    public struct CloudsRecord: Codable, Equatable, Sendable {
        /// Clouds on screen when the scene appears.
        public var initial: Int
        /// The most on screen at once.
        public var max: Int
        /// One record per index `0…max−1`.
        public var items: [CloudRecord]
    }

    /// The seed as given (the scene is that of its render seed).
    public var seed: String
    /// The sky's three white levels, top to bottom.
    public var sky: [Double]
    /// Whether the sun and clouds layers are drawn.
    public var showOptionalEffects: Bool
    /// `null` unless the effects show and the sun layer is on.
    public var sun: SunRecord?
    /// `null` unless the effects show and the clouds layer is on.
    public var clouds: CloudsRecord?

    /// The record of `seed`'s scene under `engine`.
    public init(seed: String, engine: EngineVersion) {
        let scene = Scene(seed: seed, engine: engine)
        self.seed = seed
        sky = [scene.sky.top, scene.sky.middle, scene.sky.bottom]
        showOptionalEffects = scene.showOptionalEffects
        sun = scene.sun.map { SunRecord(periodSeconds: $0.periodSeconds) }
        clouds = scene.clouds.map { c in
            CloudsRecord(initial: c.initial, max: c.max, items: c.items.map {
                CloudRecord(index: $0.index, startsLeft: $0.startsLeft, y: $0.y, size: $0.size,
                            driftSeconds: $0.driftSeconds, shapeSeed: $0.shapeSeed)
            })
        }
    }

    private enum CodingKeys: String, CodingKey { case seed, sky, showOptionalEffects, sun, clouds }

    // `sun` and `clouds` are written as explicit nulls, as in the golden file.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(seed, forKey: .seed)
        try c.encode(sky, forKey: .sky)
        try c.encode(showOptionalEffects, forKey: .showOptionalEffects)
        try c.encode(sun, forKey: .sun)
        try c.encode(clouds, forKey: .clouds)
    }
}
