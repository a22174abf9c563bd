/// What a creature image stands on: nothing (transparent, the default), one opaque colour, or the
/// seed's sky (docs/engine.md §8.1: "a still picture on its sky uses the sky gradient alone").
public enum Background: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Transparent cells stay transparent (JPEG, which has no alpha, shows them white).
    case transparent
    /// Transparent cells show this opaque colour.
    case color(RGBA)
    /// Transparent cells show the seed's grey sky gradient (opaque).
    case sky

    /// Reads `transparent`, `sky` or a colour `#rrggbb` (the `#` may be left out; any case).
    /// Throws `BackgroundError` with a sentence saying what is accepted.
    public init(parsing text: String) throws(BackgroundError) {
        switch text.lowercased() {
        case "transparent": self = .transparent
        case "sky": self = .sky
        default:
            let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
            guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let color = RGBA(hex: String(digits)) else {
                throw BackgroundError(text)
            }
            self = .color(color)
        }
    }

    /// The spelling `init(parsing:)` reads back: `transparent`, `sky` or `#rrggbb`.
    public var description: String {
        switch self {
        case .transparent: "transparent"
        case .sky: "sky"
        case .color(let c): "#" + c.hex
        }
    }

    /// The colour of each cell row behind `seed`'s creature drawn by `engine`; nil when transparent.
    public func backdrop(seed: String, engine: EngineVersion) -> Backdrop? {
        switch self {
        case .transparent: nil
        case .color(let c): Backdrop(rows: [RGBA](repeating: RGBA(r: c.r, g: c.g, b: c.b), count: Grid.side))
        case .sky: Backdrop(sky: Scene(seed: seed, engine: engine))
        }
    }
}

/// A `Background` string that is none of the accepted spellings.
public struct BackgroundError: Error, Equatable, CustomStringConvertible {
    /// The text that was given.
    public let text: String
    /// A full sentence naming what is accepted.
    public var description: String {
        "A background is 'transparent', 'sky' or an opaque colour written #rrggbb (such as #1e1e1e); this got '\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'."
    }
    init(_ text: String) { self.text = text }
}

/// A background resolved for one image: an opaque colour per cell row, top to bottom, shown
/// wherever the sprite is transparent.
///
/// The sky is sampled once per cell row, at the row's centre (`t = (y + 0.5) / 32` of §8.1's
/// gradient, rounded to the nearest 8-bit grey), so a scaled image shows 32 bands — exactly the
/// cells' own resolution — and PNG and GIF keep their small indexed palettes (at most 32 greys
/// beside the creature's six colours). Every format shows the same bands.
public struct Backdrop: Equatable, Sendable {
    /// 32 opaque colours, one per cell row.
    public let rows: [RGBA]

    /// A backdrop from its 32 row colours (alpha is ignored: a backdrop is opaque).
    public init(rows: [RGBA]) {
        precondition(rows.count == Grid.side, "a backdrop has one colour per cell row")
        self.rows = rows.map { RGBA(r: $0.r, g: $0.g, b: $0.b) }
    }

    /// The sky of `scene`, one grey per cell row sampled at the row's centre.
    public init(sky scene: Scene) {
        self.init(rows: (0..<Grid.side).map { y in
            let level = scene.skyLevel(at: (Double(y) + 0.5) / Double(Grid.side))
            let v = UInt8(max(0, min(255, (level * 255).rounded())))
            return RGBA(r: v, g: v, b: v)
        })
    }
}
