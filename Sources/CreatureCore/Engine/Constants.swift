/// The fixed tables of engine v1 (docs/engine.md §3 and §6).
public enum V1Constants {
    /// The twelve palettes of six colours each, as `#rrggbb`.
    public static let palettes: [[String]] = [
        ["#1a1a2e", "#e94560", "#0f3460", "#16213e", "#533483", "#0d7377"],
        ["#2d132c", "#ee4540", "#c72c41", "#801336", "#ffc947", "#14ffec"],
        ["#0d0221", "#0f084b", "#c2e9fb", "#a0e7e5", "#e94560", "#4e9f3d"],
        ["#1b262c", "#0f4c75", "#3282b8", "#bbe1fa", "#1e5128", "#ff6b6b"],
        ["#2c003e", "#4a0e4e", "#fe346e", "#ffc947", "#0d7377", "#a0e7e5"],
        ["#0c0c0c", "#1e5128", "#4e9f3d", "#d8e9a8", "#801336", "#c2e9fb"],
        ["#212121", "#323232", "#0d7377", "#14ffec", "#e94560", "#d8e9a8"],
        ["#1a1a2e", "#16213e", "#e94560", "#0f3460", "#4e9f3d", "#ffab91"],
        ["#2d132c", "#801336", "#c72c41", "#ee4540", "#0f4c75", "#14ffec"],
        ["#0f0f23", "#1a1a3e", "#ff6b6b", "#4ecdc4", "#533483", "#1e5128"],
        ["#1b1b2f", "#162447", "#e43f5a", "#1f4068", "#0d7377", "#ffc947"],
        ["#0c1445", "#1a237e", "#ffab91", "#80deea", "#4e9f3d", "#c72c41"],
    ]

    /// `palettePrefixes[p][n]`: the first `n` colours (0…6) of palette `p`, built once.
    static let palettePrefixes: [[[String]]] = palettes.map { p in (0...6).map { Array(p.prefix($0)) } }

    /// The palettes as colours, parsed once.
    public static let paletteColors: [[RGBA]] = palettes.map { $0.map { RGBA(hex: $0)! } }

    /// The fallbacks as colours, parsed once.
    public static let fallbackRGBA: [RGBA] = fallbackColors.map { RGBA(hex: $0)! }

    /// Colours for indices a palette does not have: 0…5.
    public static let fallbackColors: [String] = ["#000000", "#888888", "#cccccc", "#ffffff", "#888888", "#dddddd"]
}

/// The seven core shapes; ranks 2… are the polygons used by shape masks.
public enum CoreShape: String, CaseIterable, Sendable {
    case circle, ellipse, triangle, pentagon, hexagon, septagon, octagon
}

/// The eight eye shapes, in the order `pick(s,"eye_shape",8)` indexes them.
public enum EyeShape: String, CaseIterable, Sendable {
    case square, circle, ellipse, triangle, pentagon, hexagon, septagon, octagon

    /// Sides of a polygon shape, nil for the others.
    public var sides: Int? {
        switch self {
        case .triangle: 3
        case .pentagon: 5
        case .hexagon: 6
        case .septagon: 7
        case .octagon: 8
        default: nil
        }
    }
}

extension CoreShape {
    /// Sides of a polygon shape, nil for circle and ellipse.
    public var sides: Int? { EyeShape(rawValue: rawValue)?.sides }
}
