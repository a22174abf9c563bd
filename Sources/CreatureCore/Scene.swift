/// The scene the apps stand a creature on (docs/engine.md §8.1): a grey sky gradient, and — only when
/// the seed shows optional effects — a drifting sun and clouds. All numbers come from the render
/// seed through the engine's hash; sizes are in points and positions in fractions of the scene.
public struct Scene: Equatable, Sendable {
    /// The sun: it crosses the top of the scene once every `periodSeconds`, then again.
    public struct Sun: Equatable, Sendable {
        /// Seconds for one pass, 80…119.
        public var periodSeconds: Int
    }

    /// One cloud: where it enters, how high it floats, how big it is and how long it drifts.
    public struct Cloud: Equatable, Sendable {
        /// Its 0-based index (`{i}` in its segment ids).
        public var index: Int
        /// Whether it enters on the left (x = −100) and drifts right; else it enters on the right.
        public var startsLeft: Bool
        /// The height of its centre as a fraction of the scene's height, 0.1…0.4.
        public var y: Double
        /// Its width in points, 60…139 (its frame is `size × 0.6 size`).
        public var size: Int
        /// Seconds to drift across, 40…74.
        public var driftSeconds: Int
        /// The seed of the generator placing its three extra puffs.
        public var shapeSeed: Int
    }

    /// The clouds: `initial` appear with the scene, one more every 12 s while fewer than `max` show.
    public struct Clouds: Equatable, Sendable {
        /// How many clouds start on screen.
        public var initial: Int
        /// The most on screen at once, `min(initial + 2, 20)`.
        public var max: Int
        /// Clouds `0…max−1`, in index order.
        public var items: [Cloud]
    }

    /// The sky's white levels 0…1, top, middle and bottom (three evenly spaced stops).
    public var sky: (top: Double, middle: Double, bottom: Double)
    /// Whether the sun and clouds layers are drawn at all.
    public var showOptionalEffects: Bool
    /// The sun, when the effects show and the sun layer is on.
    public var sun: Sun?
    /// The clouds, when the effects show and the clouds layer is on.
    public var clouds: Clouds?

    /// The scene of `seed` (the render-seed rule is applied here) under `engine`'s hash.
    public init(seed: String, engine: EngineVersion) {
        let renderSeed = Seeds.renderSeed(seed)
        let hash = EngineHash(seed: renderSeed, engine: engine)
        let environment = Environment(seed: renderSeed, engine: engine)
        let k = environment.sky
        sky = (0.5 + 0.12 * k, 0.4 + 0.1 * (1 - k), 0.32 + 0.08 * k)
        showOptionalEffects = environment.showOptionalEffects
        sun = nil
        clouds = nil
        guard showOptionalEffects else { return }
        if environment.sun {
            sun = Sun(periodSeconds: 80 + Scene.seedToInt(hash.h("env_sun_dur")) % 40)
        }
        if environment.clouds.on {
            let initial = environment.clouds.count.map { Swift.min($0, 20) } ?? 2 + hash.pick("env_cloud_n", 3)
            let most = Swift.min(initial + 2, 20)
            let items = (0..<most).map { i in
                Cloud(index: i,
                      startsLeft: hash.h("env_cloud_x", i) < 0.5,
                      y: 0.1 + 0.3 * hash.h("env_cloud_y", i),
                      size: 60 + SegmentHash.pick(hash.h("env_cloud_sz", i), 80),
                      driftSeconds: 40 + SegmentHash.pick(hash.h("env_cloud_dur", i), 35),
                      shapeSeed: Scene.seedToInt(hash.h("env_cloud_seed", i)))
            }
            clouds = Clouds(initial: initial, max: most, items: items)
        }
    }

    /// `seedToInt` of §8.1: `trunc(h × 1,000,000)`.
    static func seedToInt(_ h: Double) -> Int { Int(h * 1_000_000) }

    /// The sky's white level at `t` (0 top … 1 bottom): linear between the three stops.
    public func skyLevel(at t: Double) -> Double {
        let t = Swift.min(1, Swift.max(0, t))
        return t <= 0.5 ? sky.top + (sky.middle - sky.top) * (t * 2) : sky.middle + (sky.bottom - sky.middle) * ((t - 0.5) * 2)
    }

    /// Scenes are equal when every number is (the sky is a tuple, so this is written out).
    public static func == (a: Scene, b: Scene) -> Bool {
        a.sky == b.sky && a.showOptionalEffects == b.showOptionalEffects && a.sun == b.sun && a.clouds == b.clouds
    }
}

extension EngineHash {
    /// `h(seed, prefix + a)` for a numbered id such as `"env_cloud_x3"`.
    func h(_ prefix: StaticString, _ a: Int) -> Double {
        switch self {
        case .v1(let s): s.h(prefix, a)
        case .v2(let s): s.h(prefix, a)
        }
    }
}
