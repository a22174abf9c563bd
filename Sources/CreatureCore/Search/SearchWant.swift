/// One trait a search looks for, with the value wanted.
///
/// Features (eyes, mouth, nose, eyebrows, beard, body, hair, ears, horn, antlers, appendages) mean
/// what the picture shows: the flag is on **and** the engine draws it (creature mode; tier 4–5,
/// appendages tier 3–5), so `antlers` never finds a space picture that merely carries the flag.
/// `eyeShape`, `mouthStyle` and the appendage details also need that feature shown. Other
/// configuration fields are compared as `describe` reports them. `colorCount` is the configuration's
/// palette size; `colors` the number of colours the picture shows; `color` a dominant colour
/// (the colour covering the most non-transparent cells) within `distance` of a given one
/// (Euclidean distance of the RGB bytes, default `defaultColourDistance`); `tap` the first tap's
/// animation kind.
public struct SearchWant: Equatable, Sendable {
    /// The traits a search can look for.
    public enum Trait: String, CaseIterable, Sendable {
        case mode, tier, creatureType, symmetric, symmetryAxis, diagonal, upsideDown, opaqueBackground, shapeMask
        case eyes, eyeShape, mouth, mouthStyle, nose, body, hair, eyebrows, beard, ears, horn, antlers
        case appendages, appendageCount, appendageStyle, appendageRadial
        case colorCount, colors, color, tap
    }

    /// A wanted value.
    public enum Value: Equatable, Sendable {
        case bool(Bool)
        case int(Int)
        case text(String)
        case colour(RGBA, distance: Double)
    }

    /// The default greatest distance for `color`: close shades of one hue, not a neighbouring hue.
    public static let defaultColourDistance = 80.0

    /// The trait.
    public let trait: Trait
    /// The value wanted.
    public let value: Value

    /// A want of `value` for `trait`; `value` must suit the trait (`SearchWants.parse` checks).
    public init(_ trait: Trait, _ value: Value) {
        self.trait = trait
        self.value = value
    }

    /// The want as written on the command line: `antlers`, `beard=false`, `tier=5`, `color=#ff8800`.
    public var text: String {
        switch value {
        case .bool(true): trait.rawValue
        case .bool(false): "\(trait.rawValue)=false"
        case .int(let n): "\(trait.rawValue)=\(n)"
        case .text(let s): "\(trait.rawValue)=\(s)"
        case .colour(let c, let d): "\(trait.rawValue)=#\(c.hex)" + (d == SearchWant.defaultColourDistance ? "" : "~\(Int(d))")
        }
    }

    /// Whether the trait needs the drawing (the rest are answered by the configuration alone).
    public var needsDrawing: Bool { trait == .colors || trait == .color }

    /// Whether a feature is drawn: creature mode, and tier 4–5 (appendages 3–5).
    static func shows(_ flag: Bool, _ c: Configuration, minTier: Int = 4) -> Bool {
        flag && c.mode == .creature && c.tier >= minTier
    }

    /// Whether a creature with configuration `c` of raw seed `seed` has the trait, for the traits
    /// the configuration answers; for the drawing traits, whether it may have it (false only
    /// when the colours its configuration can show rule the want out).
    @inline(__always) func isMet(by c: Configuration, seed: String, engine: EngineVersion) -> Bool {
        switch (trait, value) {
        case (.mode, .text(let s)): return c.mode.rawValue == s
        case (.tier, .int(let n)): return c.tier == n
        case (.creatureType, .text(let s)): return c.creatureType.rawValue == s
        case (.symmetric, .bool(let b)): return c.symmetric == b
        case (.symmetryAxis, .text(let s)): return c.axis.rawValue == s
        case (.diagonal, .bool(let b)): return c.diagonal == b
        case (.upsideDown, .bool(let b)): return c.upsideDown == b
        case (.opaqueBackground, .bool(let b)): return c.opaqueBackground == b
        case (.shapeMask, .text(let s)): return c.shapeMask.name == s
        case (.eyes, .bool(let b)): return SearchWant.shows(c.eyes, c) == b
        case (.eyeShape, .text(let s)): return SearchWant.shows(c.eyes, c) && c.eyeShape.rawValue == s
        case (.mouth, .bool(let b)): return SearchWant.shows(c.mouth, c) == b
        case (.mouthStyle, .text(let s)): return SearchWant.shows(c.mouth, c) && c.mouthStyle.rawValue == s
        case (.nose, .bool(let b)): return SearchWant.shows(c.nose, c) == b
        case (.body, .bool(let b)): return SearchWant.shows(c.body, c) == b
        case (.hair, .bool(let b)): return SearchWant.shows(c.hair, c) == b
        case (.eyebrows, .bool(let b)): return SearchWant.shows(c.eyebrows, c) == b
        case (.beard, .bool(let b)): return SearchWant.shows(c.beard, c) == b
        case (.ears, .bool(let b)): return SearchWant.shows(c.ears, c) == b
        case (.horn, .bool(let b)): return SearchWant.shows(c.horn, c) == b
        case (.antlers, .bool(let b)): return SearchWant.shows(c.antlers, c) == b
        case (.appendages, .bool(let b)): return SearchWant.shows(c.appendages, c, minTier: 3) == b
        case (.appendageCount, .int(let n)): return SearchWant.shows(c.appendages, c, minTier: 3) && c.appendageCount == n
        case (.appendageStyle, .text(let s)): return SearchWant.shows(c.appendages, c, minTier: 3) && c.appendageStyle.rawValue == s
        case (.appendageRadial, .bool(let b)):
            return b ? SearchWant.shows(c.appendages, c, minTier: 3) && c.appendageRadial : !(SearchWant.shows(c.appendages, c, minTier: 3) && c.appendageRadial)
        case (.colorCount, .int(let n)): return c.colorCount == n
        case (.tap, .text(let s)): return TapAnimation.kind(seed: seed, tap: 0, engine: engine).rawValue == s
        // The drawing decides; these rule out what the configuration already forbids.
        case (.colors, .int(let n)): return Picture.possibleColours(engine, c).count >= n
        case (.color, .colour(let wanted, let distance)):
            let possible = Picture.possibleColours(engine, c)
            return (0..<possible.count).contains { SearchWant.distance(Picture.colour(number: possible.numbers[$0]), wanted) <= distance }
        default: return false
        }
    }

    /// Whether a creature showing `colours` (`Picture.shownColours`) has the trait, for the
    /// drawing traits (the others answer true here).
    func isMet(by colours: (count: Int, dominant: RGBA?)) -> Bool {
        switch (trait, value) {
        case (.colors, .int(let n)): return colours.count == n
        case (.color, .colour(let wanted, let distance)):
            guard let dominant = colours.dominant else { return false }
            return SearchWant.distance(dominant, wanted) <= distance
        default: return true
        }
    }

    /// The creature's own value of the trait, as `text` writes values (for reports).
    public func actual(_ creature: Creature, picture: Picture) -> String {
        let c = creature.configuration
        switch trait {
        case .mode: return c.mode.rawValue
        case .tier: return String(c.tier)
        case .creatureType: return c.creatureType.rawValue
        case .symmetric: return String(c.symmetric)
        case .symmetryAxis: return c.axis.rawValue
        case .diagonal: return String(c.diagonal)
        case .upsideDown: return String(c.upsideDown)
        case .opaqueBackground: return String(c.opaqueBackground)
        case .shapeMask: return c.shapeMask.name
        case .eyes: return String(SearchWant.shows(c.eyes, c))
        case .eyeShape: return c.eyeShape.rawValue
        case .mouth: return String(SearchWant.shows(c.mouth, c))
        case .mouthStyle: return c.mouthStyle.rawValue
        case .nose: return String(SearchWant.shows(c.nose, c))
        case .body: return String(SearchWant.shows(c.body, c))
        case .hair: return String(SearchWant.shows(c.hair, c))
        case .eyebrows: return String(SearchWant.shows(c.eyebrows, c))
        case .beard: return String(SearchWant.shows(c.beard, c))
        case .ears: return String(SearchWant.shows(c.ears, c))
        case .horn: return String(SearchWant.shows(c.horn, c))
        case .antlers: return String(SearchWant.shows(c.antlers, c))
        case .appendages: return String(SearchWant.shows(c.appendages, c, minTier: 3))
        case .appendageCount: return String(c.appendageCount)
        case .appendageStyle: return c.appendageStyle.rawValue
        case .appendageRadial: return String(c.appendageRadial)
        case .colorCount: return String(c.colorCount)
        case .colors: return String(Picture.shownColours(creature).count)
        case .color: return "#" + (Picture.shownColours(creature).dominant?.hex ?? "000000")
        case .tap: return TapAnimation.kind(seed: creature.seed, tap: 0, engine: creature.engine).rawValue
        }
    }

    /// The Euclidean distance of two colours' RGB bytes (0…441).
    public static func distance(_ a: RGBA, _ b: RGBA) -> Double {
        let dr = Double(a.r) - Double(b.r), dg = Double(a.g) - Double(b.g), db = Double(a.b) - Double(b.b)
        return (dr * dr + dg * dg + db * db).squareRoot()
    }
}
