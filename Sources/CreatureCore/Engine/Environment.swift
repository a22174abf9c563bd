/// The scene behind a creature (docs/engine.md §8): layers switched on by keywords or by chance.
public struct Environment: Equatable, Sendable {
    /// One layer: whether it shows, and the count a keyword gave (nil when none did).
    public struct Layer: Equatable, Sendable {
        /// Whether the layer is drawn.
        public var on: Bool
        /// The count from a keyword, or nil.
        public var count: Int?
    }

    /// Sun and moon (no counts).
    public var sun: Bool, moon: Bool
    /// Counted layers.
    public var clouds: Layer, birds: Layer, butterflies: Layer, flowers: Layer, clovers: Layer,
               fireworks: Layer, leaves: Layer, christmasLights: Layer
    /// Whether optional effects play.
    public var showOptionalEffects: Bool
    /// The sky number `k = h(s,"env_sky")` in [0, 1).
    public var sky: Double

    /// The sky's vertical grey gradient as white levels 0…1: top, middle, bottom.
    public var skyGradient: (top: Double, middle: Double, bottom: Double) {
        (0.5 + 0.12 * sky, 0.4 + 0.1 * (1 - sky), 0.32 + 0.08 * sky)
    }

    /// The environment of a seed under `engine`'s hash (the render-seed rule is applied here).
    public init(seed: String, engine: EngineVersion) {
        let s = Seeds.renderSeed(seed)
        let hash = EngineHash(seed: s, engine: engine)
        let w = Seeds.trim(s).lowercased()
        let keywords = Keywords(w)
        func counted(_ singular: StaticString, _ plural: StaticString, _ defaultCount: Int, _ id: StaticString, _ p: Double) -> Layer {
            let hint: Layer
            if let n = keywords.numberBefore(singular, plural) {
                hint = Layer(on: true, count: n)
            } else if keywords.contains(plural) {
                hint = Layer(on: true, count: defaultCount)
            } else if keywords.contains(singular) {
                hint = Layer(on: true, count: 1)
            } else {
                hint = Layer(on: false, count: nil)
            }
            return Layer(on: hint.on || hash.roll(id, p), count: hint.count)
        }
        sun = keywords.contains("sun") || hash.roll("env_sun", 0.25)
        moon = keywords.contains("moon") || hash.roll("env_moon", 0.2)
        clouds = counted("cloud", "clouds", 6, "env_clouds", 0.4)
        birds = counted("bird", "birds", 6, "env_birds", 0.2)
        butterflies = counted("butterfly", "butterflies", 6, "env_butterflies", 0.2)
        flowers = counted("flower", "flowers", 6, "env_flowers", 0.2)
        clovers = counted("clover", "clovers", 5, "env_clovers", 0.15)
        fireworks = counted("firework", "fireworks", 5, "env_fireworks", 0.15)
        leaves = counted("leaf", "leaves", 8, "env_leaves", 0.2)
        let lightsNumber = keywords.numberBefore("light", "lights")
        let lightsHint = keywords.contains("christmas") || keywords.contains("lights") || lightsNumber != nil
        christmasLights = Layer(on: lightsHint || hash.roll("env_lights", 0.15), count: lightsNumber)
        showOptionalEffects = hash.roll("env_show_effects", 0.2)
        sky = hash.h("env_sky")
    }

    public static func == (a: Environment, b: Environment) -> Bool {
        a.sun == b.sun && a.moon == b.moon && a.clouds == b.clouds && a.birds == b.birds
            && a.butterflies == b.butterflies && a.flowers == b.flowers && a.clovers == b.clovers
            && a.fireworks == b.fireworks && a.leaves == b.leaves && a.christmasLights == b.christmasLights
            && a.showOptionalEffects == b.showOptionalEffects && a.sky == b.sky
    }
}
