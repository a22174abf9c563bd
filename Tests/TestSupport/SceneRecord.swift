import CreatureCore

/// A scene in the golden-file format (docs/engine.md §10, the `scenes` of `scene-v1.json`), as the
/// conformance tests compare it field by field: read from the golden file, from `describe --scene`
/// and from `Scene.jsonFields`, or made from the engine's `Scene`.
public struct SceneRecord: Decodable, Equatable, Sendable {
    /// The sun's record.
    public struct SunRecord: Decodable, Equatable, Sendable {
        /// Seconds for one pass across the scene.
        public var periodSeconds: Int
    }
    /// One cloud's record.
    public struct CloudRecord: Decodable, Equatable, Sendable {
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
    public struct CloudsRecord: Decodable, Equatable, Sendable {
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
}
