import Testing
import TestSupport
@testable import CreatureCore

/// The row masks of circles and ellipses hold exactly the cells of the per-cell tests, and a
/// masked row paint sets exactly the masked cells.
@Suite(.offTheCooperativeThreads) struct RowMaskTests {
    static func perCell(_ inside: (Double) -> Bool) -> UInt32 {
        (0..<32).reduce(UInt32(0)) { row, x in inside(Double(x)) ? row | 1 << UInt32(x) : row }
    }

    @Test func circleRowsMatchTheCellTest() {
        var rng = SeededGenerator(seed: 5)
        // Integer and half-integer centres and radii put cells exactly on the rim.
        var circles: [(Double, Double, Double)] = [(15.5, 15.5, 15.5), (16, 12, 5), (0, 0, 3), (31, 31, 1), (12.5, 14, 2.5),
                                                   (-4, 7, 4), (36, 7, 4.5), (15.5, 15.5, 0), (3, 3, 0.5)]
        for _ in 0..<3000 {
            let pick = { (range: ClosedRange<Double>) -> Double in
                let v = Double.random(in: range, using: &rng)
                return Int.random(in: 0..<3, using: &rng) == 0 ? (v * 2).rounded() / 2 : v
            }
            circles.append((pick(-10...42), pick(-10...42), pick(0...24)))
        }
        for (cx, cy, r) in circles {
            for y in -2..<34 {
                let expected = Self.perCell { Geometry.inCircle($0, Double(y), cx, cy, r) }
                #expect(Geometry.circleRow(y, cx, cy, r) == expected, "circle (\(cx), \(cy)) r \(r), row \(y)")
            }
        }
    }

    @Test func ellipseRowsMatchTheCellTest() {
        var rng = SeededGenerator(seed: 6)
        var ellipses: [(Double, Double, Double, Double)] = [(15.5, 15.5, 12, 8), (16, 16, 4.8, 3.2), (0, 31, 6, 4), (20, 10, 0.6, 0.4)]
        for _ in 0..<3000 {
            let r = Double.random(in: 0.1...12, using: &rng)
            ellipses.append((Double.random(in: -10...42, using: &rng), Double.random(in: -10...42, using: &rng),
                             Int.random(in: 0..<2, using: &rng) == 0 ? 1.2 * r : Double.random(in: 0.1...20, using: &rng),
                             Int.random(in: 0..<2, using: &rng) == 0 ? 0.8 * r : Double.random(in: 0.1...20, using: &rng)))
        }
        for (cx, cy, rx, ry) in ellipses {
            for y in -2..<34 {
                let expected = Self.perCell { Geometry.inEllipse($0, Double(y), cx, cy, rx, ry) }
                #expect(Geometry.ellipseRow(y, cx, cy, rx, ry) == expected, "ellipse (\(cx), \(cy)) \(rx)×\(ry), row \(y)")
            }
        }
    }

    /// A grid of random cells, −1…5.
    static func randomGrid(_ rng: inout SeededGenerator) -> Grid {
        var grid = Grid(filledWith: 0)
        for i in 0..<1024 { grid.cells[i] = Int8.random(in: -1...5, using: &rng) }
        return grid
    }

    @Test func maskedRowPaintSetsTheMaskedCellsOnly() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            var grid = Self.randomGrid(&rng)
            let before = grid
            let y = Int.random(in: 0..<32, using: &rng), v = Int8.random(in: -1...5, using: &rng)
            let mask = UInt32.random(in: .min ... .max, using: &rng) & (Bool.random(using: &rng) ? ~0 : 0x00FF_0F0F)
            grid.withCells { $0.paint(row: y, mask, v) }
            for i in 0..<1024 {
                let painted = i / 32 == y && mask & (1 << UInt32(i % 32)) != 0
                #expect(grid.cells[i] == (painted ? v : before.cells[i]))
            }
        }
    }

    /// Two masks in one pass: the first value where only the first mask is set, the second value
    /// wherever the second is (it is painted last).
    @Test func twoMaskRowPaintIsTwoPaintsInOrder() {
        var rng = SeededGenerator(seed: 8)
        for _ in 0..<500 {
            var grid = Self.randomGrid(&rng)
            var twice = grid
            let y = Int.random(in: 0..<32, using: &rng), v = Int8.random(in: -1...5, using: &rng), w = Int8.random(in: -1...5, using: &rng)
            let first = UInt32.random(in: .min ... .max, using: &rng) & (Bool.random(using: &rng) ? ~0 : 0x0000_FF0F)
            let second = UInt32.random(in: .min ... .max, using: &rng) & (Bool.random(using: &rng) ? ~0 : 0xF0F0_0000)
            grid.withCells { $0.paint(row: y, first, v, second, w) }
            twice.withCells { cells in
                cells.paint(row: y, first, v)
                cells.paint(row: y, second, w)
            }
            #expect(grid == twice, "row \(y): \(first) = \(v), then \(second) = \(w)")
        }
    }
}
