import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// The fast disc (column runs around the rounded centre) paints exactly the cells of the
/// per-offset arithmetic, ties and near-ties included.
@Suite(.offTheCooperativeThreads) struct CanvasTests {
    func cells(_ paint: (Canvas) -> Void) -> [Int8] {
        var grid = Grid(filledWith: -1)
        grid.withCells { paint(Canvas($0)) }
        return grid.cells
    }

    @Test func fastDiscMatchesExactDisc() {
        var rng = SystemRandomNumberGenerator()
        var centres: [(Double, Double)] = [(-0.5, 0.5), (15.5, -2.5), (0.4999999, 31.5000001), (-3.2, 33.7), (31.49, 0.51)]
        // Centres whose discs just reach or just miss the grid's edges (the row runs are clipped by a shift).
        for c in [-9.2, -8.2, -7.2, -6.8, 37.8, 38.2, 39.2, 40.2] { centres += [(c, 15.3), (15.3, c), (c, c)] }
        for _ in 0..<3000 {
            centres.append((Double.random(in: -8...40, using: &rng), Double.random(in: -8...40, using: &rng)))
        }
        for (px, py) in centres {
            for n in 2...9 {
                let fast = cells { $0.disc(px, py, n, 3) }
                let exact = cells { $0.exactDisc(px, py, n, 3) }
                #expect(fast == exact, "disc at (\(px), \(py)) of radius \(n)")
            }
        }
    }

    /// docs/engine.md §5.5's thick line, step by step: every cell through `setPixel`'s own rounding.
    static func referenceLine(_ cells: Cells, x0: Double, y0: Double, dx: Double, dy: Double, length: Double,
                              th0: Double, taper: Double, value: Int8) {
        ReferenceDrawing.thickLine(x0: x0, y0: y0, dx: dx, dy: dy, length: length, th0: th0, taper: taper) { x, y in
            let rx = x.rounded(), ry = y.rounded()
            if rx >= 0 && rx < 32 && ry >= 0 && ry < 32 { cells[Int(rx), Int(ry)] = value }
        }
    }

    /// The thick line (its step table, seven-row discs, tie and far fallbacks) paints exactly the
    /// reference's cells: random lines, lines along ties, long lines, thick ones and far ones.
    @Test func thickLineMatchesTheReference() {
        var rng = SeededGenerator(seed: 23)
        var lines: [(x0: Double, y0: Double, angle: Double, length: Double, th0: Double, taper: Double)] = []
        for _ in 0..<500 {
            lines.append((Double.random(in: -12...44, using: &rng), Double.random(in: -12...44, using: &rng),
                          Double.random(in: 0...(2 * Double.pi), using: &rng), Double.random(in: 0.5...40, using: &rng),
                          Double(Int.random(in: 1...9, using: &rng)), [0.4, 1, Double.random(in: 0.1...0.9, using: &rng)].randomElement(using: &rng)!))
        }
        // Along ties (half-cell centres, straight and diagonal), and a million cells away.
        for k in 0..<40 {
            let angle = [0, Double.pi / 2, Double.pi / 4, Double.pi][k % 4]
            lines.append((Double(k % 32) + 0.5, 15.5, angle, 12, Double(2 + k % 3), k % 2 == 0 ? 1 : 0.4))
        }
        lines += [(2e6, 3, 0, 8, 2, 1), (3, -2e6, 1, 8, 1, 0.4), (16, 7, 225 * Double.pi / 180, 6, 1, 1)]
        for line in lines {
            let dx = cos(line.angle), dy = sin(line.angle)
            let fast = cells { $0.thickLine(x0: line.x0, y0: line.y0, dx: dx, dy: dy, length: line.length, th0: line.th0, taper: line.taper, value: 4) }
            let reference = cells {
                Self.referenceLine($0.grid, x0: line.x0, y0: line.y0, dx: dx, dy: dy, length: line.length, th0: line.th0, taper: line.taper, value: 4)
            }
            #expect(fast == reference, "line \(line)")
        }
    }

    /// The packed half widths are the computed ones.
    @Test func packedHalfWidthsAreTheComputedOnes() {
        for n in 0...7 {
            let packed: UInt64 = Canvas.packedHalfWidths(n)!
            let unpacked: [Int] = (0...(2 * n)).map { i in Int(truncatingIfNeeded: packed >> UInt64(3 * i)) & 7 }
            let rest: UInt64 = packed >> UInt64(6 * n + 3)
            #expect(unpacked == Canvas.discHalfWidths(n), "radius \(n)")
            #expect(rest == 0)
        }
        #expect(Canvas.packedHalfWidths(8) == nil)
    }

    /// `roundedAwayFromTies` is `round` where `awayFromTies` holds, nil elsewhere.
    @Test func roundedAwayFromTiesIsRoundAwayFromTies() {
        var rng = SeededGenerator(seed: 21)
        var xs: [Double] = [0, -0, 0.5, -0.5, 2.5, 7.4999995, 7.5000011, -3.4999989, 999_999.2, 1e6, -1e6, 2e6, .nan, .infinity]
        for _ in 0..<20_000 { xs.append(Double.random(in: -60...60, using: &rng)) }
        for k in -40...40 { xs += [Double(k) + 0.5, Double(k) + 0.5 + 2e-6, Double(k) - 0.5 - 0.9e-6] }
        for x in xs {
            let expected = Self.awayFromTies(x) ? Int(Canvas.round(x)) : nil
            #expect(Canvas.roundedAwayFromTies(x) == expected, "x \(x)")
        }
    }

    /// `nearest` rounds exactly as `round` below 10^6, ties included (lone cells use it there), and
    /// flags the same ties as `awayFromTies`.
    @Test func nearestIsRoundBelowAMillion() {
        var rng = SeededGenerator(seed: 22)
        var xs: [Double] = [0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994, 999_999.5, -999_999.5]
        for _ in 0..<5_000 { xs.append(Double.random(in: -60...60, using: &rng)) }
        for k in -40...40 { xs += [Double(k) + 0.5, Double(k) - 0.5, Double(k) + 0.5 + 2e-6, Double(k) - 0.5 - 0.9e-6, Double(k).nextUp + 0.5] }
        for x in xs {
            let (r, tie) = Canvas.nearest(x)
            #expect(r == Int(x.rounded()), "x \(x)")
            #expect(tie == !Self.awayFromTies(x), "x \(x)")
        }
    }

    /// The tie rule, plainly: `x` is small and its fraction is not within 10^-6 of ±0.5.
    static func awayFromTies(_ x: Double) -> Bool {
        guard abs(x) < 1_000_000 else { return false }
        let fraction = abs(x - Double(Int64(x)))
        return abs(fraction - 0.5) > 1e-6
    }

    @Test func awayFromTiesRejectsHalves() {
        #expect(!Self.awayFromTies(2.5))
        #expect(!Self.awayFromTies(-0.5))
        #expect(!Self.awayFromTies(7.5000000001))
        #expect(Self.awayFromTies(7.4))
        #expect(Self.awayFromTies(-3))
        #expect(!Self.awayFromTies(2e6))
    }

    /// The shape tables are found by each shape's place in `allCases`.
    @Test func tableIndexIsThePlaceInAllCases() {
        #expect(CoreShape.allCases.map(\.tableIndex) == Array(CoreShape.allCases.indices))
        #expect(EyeShape.allCases.map(\.tableIndex) == Array(EyeShape.allCases.indices))
    }
}

/// The hashes' UTF-16 decoder gives exactly the string's UTF-16 view.
@Suite(.offTheCooperativeThreads) struct UTF16UnitsTests {
    @Test(arguments: ["", "Bob", "é", "ñandú 3 birds", "\u{0600}3", "ক্ষ", "🐙🏳️‍🌈", "a\u{200B}b", "\u{FFFF}\u{10000}\u{10FFFF}", "\t \u{3000}"])
    func unitsMatchTheUTF16View(_ s: String) {
        var units: [UInt16] = []
        UTF16Units.forEach(in: s) { units.append(UInt16($0)) }
        #expect(units == Array(s.utf16))
    }
}
