/// Precomputed cell tests: bit `x` of `table[y]` says whether cell `(x, y)` is inside a shape.
/// Every shape except the ellipse (which depends on the creature's aspect) is the same for all
/// creatures, so its table is computed once, with exactly the tests of `ShapeTest` and `EyeTest`.
enum ShapeTables {
    typealias Table = [UInt32]

    static func table(_ inside: (Double, Double) -> Bool) -> Table {
        (0..<32).map { y in
            (0..<32).reduce(UInt32(0)) { row, x in inside(Double(x), Double(y)) ? row | (1 << x) : row }
        }
    }

    /// Head tables for the non-ellipse shapes (the ellipse's are empty), at `headIndex`. Arrays
    /// rather than dictionaries: the lookup is on every creature's path.
    private static let heads: [Table] = CoreShape.allCases.flatMap { shape in
        [11.0, 13.0].flatMap { r in
            [12.0, 16.0].map { headCy in
                shape == .ellipse ? [] : table(ShapeTest(mask: .shape(shape), cx: 15.5, cy: headCy - 0.5, r: r,
                                                         aspectX: 1, aspectY: 1).contains)
            }
        }
    }

    /// Where a head table is: radius 11 or 13 (alien), centre row 12 (with a body) or 16.
    private static func headIndex(_ shape: CoreShape, _ r: Double, _ headCy: Double) -> Int {
        precondition((r == 11 || r == 13) && (headCy == 12 || headCy == 16), "no head table for r \(r), centre \(headCy)")
        return shape.tableIndex * 4 + (r == 13 ? 2 : 0) + (headCy == 16 ? 1 : 0)
    }

    /// Cells in the head (§5.5): a circle for the rect mask, else the mask's shape.
    static func head(_ c: Configuration, r: Double, headCy: Double) -> Table {
        let shape: CoreShape
        switch c.shapeMask {
        case .rect: shape = .circle
        case .shape(let s): shape = s
        }
        if shape == .ellipse { return ellipse(cx: 15.5, cy: headCy - 0.5, r: r, c) }
        return heads[headIndex(shape, r, headCy)]
    }

    /// Cells in either eye, by eye shape (in `allCases` order) and head centre row 12 or 16.
    private static let eyes: [Table] = EyeShape.allCases.flatMap { shape in
        [12.0, 16.0].map { headCy in
            let left = EyeTest(shape: shape, cx: 12, cy: headCy - 3)
            let right = EyeTest(shape: shape, cx: 20, cy: headCy - 3)
            return table { left.contains($0, $1) || right.contains($0, $1) }
        }
    }

    /// Cells in either eye of a creature whose head centre row is `headCy` (12 or 16).
    static func eyes(_ shape: EyeShape, headCy: Double) -> Table {
        precondition(headCy == 12 || headCy == 16, "no eye table for centre \(headCy)")
        return eyes[shape.tableIndex * 2 + (headCy == 16 ? 1 : 0)]
    }

    /// Mask tables (centre 15.5, radius 15.5) for the non-ellipse shapes, in `allCases` order
    /// (the ellipse's is empty).
    private static let masks: [Table] = CoreShape.allCases.map { shape in
        shape == .ellipse ? [] : table(ShapeTest(mask: .shape(shape), cx: 15.5, cy: 15.5, r: 15.5, aspectX: 1, aspectY: 1).contains)
    }

    /// Cells kept by the final shape mask; nil for the rect mask (keeps everything).
    static func mask(_ c: Configuration) -> Table? {
        switch c.shapeMask {
        case .rect: return nil
        case .shape(.ellipse): return ellipse(cx: 15.5, cy: 15.5, r: 15.5, c)
        case .shape(let s): return masks[s.tableIndex]
        }
    }

    /// For the non-ellipse shapes (in `allCases` order; the ellipse's is empty), 128 words of
    /// eight cells each, with 0xFF in every byte whose cell the mask clears: OR-ing them into
    /// the grid sets those cells to −1, a kilobyte in a few vector instructions.
    private static let maskClearWords: [[UInt64]] = masks.map { rows in
        rows.isEmpty ? [] : (0..<128).map { word in
            let bits = ~rows[word / 4] >> UInt32(8 * (word % 4)) & 0xFF
            // Byte k (in memory) is cell 8·word + k.
            return (0..<8).reduce(UInt64(0)) { w, k in bits >> UInt32(k) & 1 == 1 ? w | 0xFF << UInt64(8 * k) : w }.littleEndian
        }
    }

    /// `maskClearWords` of the creature's mask; nil for the rect mask (clears nothing) and for
    /// the ellipse (its aspect is the creature's own).
    static func maskClearWords(_ c: Configuration) -> [UInt64]? {
        guard case .shape(let s) = c.shapeMask, s != .ellipse else { return nil }
        return maskClearWords[s.tableIndex]
    }

    /// The table of the ellipse `ShapeTest` with the creature's aspect. (Cell by cell: measured
    /// cheaper here than `Geometry.ellipseRow`, whose square root and run search cost more per row.)
    static func ellipse(cx: Double, cy: Double, r: Double, _ c: Configuration) -> Table {
        table(ShapeTest(mask: .shape(.ellipse), cx: cx, cy: cy, r: r, aspectX: c.aspectX, aspectY: c.aspectY).contains)
    }
}

extension CoreShape {
    /// The position in `allCases`, without building the array.
    var tableIndex: Int {
        switch self {
        case .circle: 0
        case .ellipse: 1
        case .triangle: 2
        case .pentagon: 3
        case .hexagon: 4
        case .septagon: 5
        case .octagon: 6
        }
    }
}

extension EyeShape {
    /// The position in `allCases`, without building the array.
    var tableIndex: Int {
        switch self {
        case .square: 0
        case .circle: 1
        case .ellipse: 2
        case .triangle: 3
        case .pentagon: 4
        case .hexagon: 5
        case .septagon: 6
        case .octagon: 7
        }
    }
}
