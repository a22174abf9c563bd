/// What a creature is made of (docs/engine.md §4), resolved from segment hashes of the render seed.
public struct Configuration: Equatable, Sendable {
    /// Drawing modes.
    public enum Mode: String, Sendable { case creature, cloud, flower, repeating, space }
    /// The symmetry axis.
    public enum Axis: String, Sendable { case vertical, horizontal }
    /// Kinds of creature (tier ≥ 4 may be alien or other).
    public enum CreatureType: String, Sendable { case animal, alien, other }
    /// Mouth styles (smiling is reported, never drawn).
    public enum MouthStyle: String, Sendable { case neutral, open, smiling }
    /// Appendage styles.
    public enum AppendageStyle: String, Sendable { case tentacle, arm, leg }
    /// The shape mask: no mask (`rect`) or a core shape.
    public enum Mask: Equatable, Sendable {
        case rect
        case shape(CoreShape)
        /// The golden name: `rect` or the shape's name.
        public var name: String {
            if case .shape(let s) = self { return s.rawValue }
            return "rect"
        }
    }

    /// Complexity tier 1…5.
    public var tier: Int
    /// Drawing mode.
    public var mode: Mode
    /// Symmetry axis.
    public var axis: Axis
    /// Which of the twelve palettes (0…11).
    public var paletteIndex: Int
    /// How many of the palette's colours are in use, 2…6.
    public var colorCount: Int
    /// The palette colours in use (`#rrggbb`), `colorCount` of them. (Not stored: a configuration
    /// holds no reference, so copying one costs no reference counting.)
    public var palette: [String] { V1Constants.palettePrefixes[paletteIndex][colorCount] }
    /// Whether the background is painted (colour 0) instead of transparent.
    public var opaqueBackground: Bool
    /// Animal, alien or other.
    public var creatureType: CreatureType
    /// Whether the drawing is mirrored about the axis.
    public var symmetric: Bool
    /// Diagonal symmetry (reported, never drawn).
    public var diagonal: Bool
    /// Whether horn, antlers and appendages are flipped.
    public var upsideDown: Bool
    /// The mask applied to the finished creature.
    public var shapeMask: Mask
    /// Ellipse aspect factors: rx = r·aspectX, ry = r·aspectY.
    public var aspectX: Double, aspectY: Double
    /// Face and body features.
    public var eyes: Bool, eyeShape: EyeShape, mouth: Bool, mouthStyle: MouthStyle, nose: Bool
    /// More features (tier ≥ 4).
    public var body: Bool, hair: Bool, eyebrows: Bool, beard: Bool, ears: Bool, horn: Bool, antlers: Bool
    /// Appendages and their count, style and layout.
    public var appendages: Bool, appendageCount: Int, appendageStyle: AppendageStyle, appendageRadial: Bool

    /// Resolves the configuration of a render seed from its hash state, by the rules of `engine`
    /// (v2 changes the tier and then boosts prominent features, docs/engine.md §11).
    public init(hash s: some SegmentHashing, engine: EngineVersion) {
        tier = engine == .v2 ? Configuration.v2Tier(s) : s.pick("complexity_tier", 5) + 1
        let u = s.h("avatar_mode")
        if u < 0.01 { mode = .cloud }
        else if u < 0.01 + 0.01 { mode = .flower }
        else if u < 0.01 + 0.01 + 0.01 { mode = .repeating }
        else if u < 0.01 + 0.01 + 0.01 + 0.01 { mode = .space }
        else { mode = .creature }
        axis = s.roll("symmetry_axis", 0.04) ? .horizontal : .vertical
        paletteIndex = s.pick("palette", 12)
        colorCount = tier <= 3 ? 2 : tier == 4 ? 3 : 4 + s.pick("num_colors", 3)
        opaqueBackground = tier >= 4 && s.roll("opaque_bg", 0.11)
        if tier >= 4 {
            let t = s.h("creature_type")
            creatureType = t < 0.7 ? .animal : t < 0.7 + 0.2 ? .alien : .other
        } else {
            creatureType = .animal
        }
        symmetric = tier <= 2 || s.roll("sym_vertical", 0.98)
        diagonal = tier >= 4 && s.roll("sym_diagonal", 0.09)
        upsideDown = tier >= 4 && s.roll("upside_down", 0.06)
        if tier == 1 {
            shapeMask = .shape(.circle)
        } else if tier <= 3 {
            shapeMask = .rect
        } else if s.roll("shape_mask", 0.35) {
            shapeMask = .shape(s.h("shape_kind") < 0.5 ? .circle : .ellipse)
        } else if s.roll("shape_polygon", 0.5) {
            shapeMask = .shape(Configuration.polygon(s.pick("shape_poly_kind", 5)))
        } else {
            shapeMask = .rect
        }
        aspectX = 0.85 + 0.3 * s.h("ellipse_rx")
        aspectY = 0.85 + 0.3 * s.h("ellipse_ry")
        eyes = tier >= 3 && s.roll("eyes", 0.95)
        eyeShape = eyes ? Configuration.eyeShape(s.pick("eye_shape", 8)) : .square
        mouth = tier >= 3 && s.roll("mouth", 0.55)
        if mouth && tier >= 4 {
            let m = s.h("mouth_style")
            mouthStyle = m < 0.4 ? .neutral : m < 0.4 + 0.2 ? .open : .smiling
        } else {
            mouthStyle = .neutral
        }
        nose = tier >= 4 && s.roll("nose", 0.23)
        body = tier >= 4 && s.roll("body", 0.17)
        hair = tier >= 4 && s.roll("hair", 0.04)
        eyebrows = tier >= 4 && s.roll("eyebrows", 0.38)
        beard = tier >= 4 && s.roll("beard", 0.26)
        ears = tier >= 4 && s.roll("ears", 0.07)
        horn = tier >= 4 && s.roll("horn", 0.18)
        antlers = tier >= 4 && s.roll("antlers", 0.12)
        appendages = tier >= 3 && s.roll("appendages", 0.55)
        if appendages {
            appendageCount = 4 + 2 * s.pick("appendage_count", 3)
            let style = s.pick("appendage_style", 3)
            appendageStyle = style == 0 ? .tentacle : style == 1 ? .arm : .leg
            appendageRadial = s.roll("appendage_radial", 0.6)
        } else {
            appendageCount = 4
            appendageStyle = .arm
            appendageRadial = false
        }
        if engine == .v2 { applyProminentBoost(s) }
    }

    /// `CoreShape.allCases[2 + i]` (the polygons) without building the array.
    private static func polygon(_ i: Int) -> CoreShape {
        switch i {
        case 0: .triangle
        case 1: .pentagon
        case 2: .hexagon
        case 3: .septagon
        default: .octagon
        }
    }

    /// `EyeShape.allCases[i]` without building the array.
    private static func eyeShape(_ i: Int) -> EyeShape {
        switch i {
        case 0: .square
        case 1: .circle
        case 2: .ellipse
        case 3: .triangle
        case 4: .pentagon
        case 5: .hexagon
        case 6: .septagon
        default: .octagon
        }
    }
}
