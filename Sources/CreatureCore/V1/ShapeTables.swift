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

    /// Head tables for the non-ellipse shapes, keyed by `headKey`.
    private static let heads: [Int: Table] = {
        var result: [Int: Table] = [:]
        for shape in CoreShape.allCases where shape != .ellipse {
            for r in [11.0, 13.0] {
                for headCy in [12.0, 16.0] {
                    let test = ShapeTest(mask: .shape(shape), cx: 15.5, cy: headCy - 0.5, r: r, aspectX: 1, aspectY: 1)
                    result[headKey(shape, r, headCy)] = table(test.contains)
                }
            }
        }
        return result
    }()

    private static func headKey(_ shape: CoreShape, _ r: Double, _ headCy: Double) -> Int {
        (CoreShape.allCases.firstIndex(of: shape)! * 100 + Int(r)) * 100 + Int(headCy)
    }

    /// Cells in the head (§5.5): a circle for the rect mask, else the mask's shape.
    static func head(_ c: Configuration, r: Double, headCy: Double) -> Table {
        let shape: CoreShape
        switch c.shapeMask {
        case .rect: shape = .circle
        case .shape(let s): shape = s
        }
        if shape == .ellipse {
            return table(ShapeTest(mask: .shape(.ellipse), cx: 15.5, cy: headCy - 0.5, r: r,
                                   aspectX: c.aspectX, aspectY: c.aspectY).contains)
        }
        return heads[headKey(shape, r, headCy)]!
    }

    /// Cells in either eye, keyed by eye shape and head centre.
    private static let eyes: [Int: Table] = {
        var result: [Int: Table] = [:]
        for (index, shape) in EyeShape.allCases.enumerated() {
            for headCy in [12.0, 16.0] {
                let left = EyeTest(shape: shape, cx: 12, cy: headCy - 3)
                let right = EyeTest(shape: shape, cx: 20, cy: headCy - 3)
                result[index * 100 + Int(headCy)] = table { left.contains($0, $1) || right.contains($0, $1) }
            }
        }
        return result
    }()

    /// Cells in either eye of a creature whose head centre row is `headCy`.
    static func eyes(_ shape: EyeShape, headCy: Double) -> Table {
        eyes[EyeShape.allCases.firstIndex(of: shape)! * 100 + Int(headCy)]!
    }

    /// Mask tables (centre 15.5, radius 15.5) for the non-ellipse shapes.
    private static let masks: [CoreShape: Table] = {
        var result: [CoreShape: Table] = [:]
        for shape in CoreShape.allCases where shape != .ellipse {
            result[shape] = table(ShapeTest(mask: .shape(shape), cx: 15.5, cy: 15.5, r: 15.5, aspectX: 1, aspectY: 1).contains)
        }
        return result
    }()

    /// Cells kept by the final shape mask; nil for the rect mask (keeps everything).
    static func mask(_ c: Configuration) -> Table? {
        switch c.shapeMask {
        case .rect: return nil
        case .shape(.ellipse):
            return table(ShapeTest(mask: .shape(.ellipse), cx: 15.5, cy: 15.5, r: 15.5,
                                   aspectX: c.aspectX, aspectY: c.aspectY).contains)
        case .shape(let s): return masks[s]!
        }
    }
}
