#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Painting primitives of docs/engine.md §5 over a grid's cells: cells, discs and the thick line.
struct Canvas {
    let grid: Cells
    /// When set, every cell painted is noted as painted by `feature` (for the alt text).
    let log: PaintLog.Cells?
    /// The `DrawnParts.Feature.rawValue` painting through this canvas; 0 for none.
    let feature: Int8

    init(_ cells: Cells, log: PaintLog.Cells? = nil, feature: Int8 = 0) {
        grid = cells
        self.log = log
        self.feature = feature
    }

    /// The same canvas painting for `feature`.
    func painting(_ feature: DrawnParts.Feature) -> Canvas { Canvas(grid, log: log, feature: feature.rawValue) }

    /// Sets cell `(x, y)` (both 0…31; not checked), noting it in the log.
    @inline(__always) func set(_ x: Int, _ y: Int, _ v: Int8) {
        let i = y &* 32 &+ x
        if let log { log.note(i, feature, old: grid[i]) }
        grid[i] = v
    }

    /// For the disc of radius `n`: for each `ox = i − n`, the largest `|oy|` with
    /// `ox² + oy² ≤ n² + 0.5` (for integers, `≤ n²`).
    static func discHalfWidths(_ n: Int) -> [Int] {
        n < halfWidthTable.count ? halfWidthTable[n] : halfWidths(n)
    }

    private static let halfWidthTable: [[Int]] = (0..<8).map(halfWidths)

    private static func halfWidths(_ n: Int) -> [Int] {
        (-n...n).map { ox in (0...n).last { oy in Double(ox * ox + oy * oy) <= Double(n * n) + 0.5 }! }
    }

    /// `x.rounded()` (half away from zero) without a libm call: exact for |x| < 2^52, which every
    /// coordinate here is; anything else goes through `rounded()`.
    @inline(__always) static func round(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x.rounded() }
        let t = Double(Int64(x))
        let d = x - t
        return t + (d >= 0.5 ? 1 : 0) - (d <= -0.5 ? 1 : 0)
    }

    /// The thick line: from `(x0, y0)` in the direction `(cos a, sin a)` = `(dx, dy)` of its angle,
    /// `length` long, `th0` thick, tapering to `taper`·th0 at its end (no taper when `taper ≥ 1`).
    ///
    /// Every cell of a line gets the same value for the same feature, so the order its cells are
    /// painted in does not matter: they are gathered as row masks and painted once. A step whose
    /// radius is at most 3 (every step of a creature's lines) is marked without a branch on its
    /// position, into rows padded by six on either side: a lone cell, or seven rows from `discRuns`.
    func thickLine(x0: Double, y0: Double, dx: Double, dy: Double, length: Double,
                   th0: Double, taper: Double, value v: Int8) {
        let whole = Int(length), steps = max(2, Double(whole) < length ? whole &+ 1 : whole)
        // `x0 + dx·length·t` is `x0 + (dx·length)·t`, so the products are hoisted exactly.
        let stepX = dx * length, stepY = dy * length, shrink = 1 - taper
        // Without a taper every step has the same radius.
        let tapered = taper < 1, fixedN = tapered ? 0 : Int(Canvas.round(th0))
        let fractionsAt = steps < Canvas.fractionTableSteps ? steps &* (steps &+ 1) / 2 : -1
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 44) { padded in
            padded.initialize(repeating: 0)
            // Row y (−6…37) is at padded[y + 6]; the rows marked are top…bottom.
            let rows = padded.baseAddress! + 6
            var top = 38, bottom = -7
            Canvas.stepFractions.withUnsafeBufferPointer { fractions in
                Canvas.discRuns.withUnsafeBufferPointer { runs in
                    for s in 0...steps {
                        let t = fractionsAt >= 0 ? fractions[fractionsAt &+ s] : Double(s) / Double(steps)
                        let px = x0 + stepX * t, py = y0 + stepY * t
                        let n = tapered ? Int(Canvas.round(th0 * (1 - t * shrink))) : fixedN
                        guard abs(px) < 1_000_000 && abs(py) < 1_000_000 && n <= 3 else {
                            wideStep(px, py, n, v, UnsafeMutableBufferPointer(start: rows, count: 32), &top, &bottom)
                            continue
                        }
                        let (rx, xTie) = Canvas.nearest(px), (ry, yTie) = Canvas.nearest(py)
                        // A disc centred at a tie rounds each offset on its own (a lone cell does not).
                        if n > 1 && (xTie || yTie) {
                            exactDisc(px, py, n, v)
                            continue
                        }
                        // Radius ≤ 3: a centre more than 3 cells off the grid marks nothing.
                        guard rx >= -3 && rx <= 34 && ry >= -3 && ry <= 34 else { continue }
                        let shift = UInt64(truncatingIfNeeded: rx &+ 8)
                        let row = rows + (ry &- 3)
                        if n <= 1 {
                            row[3] |= UInt32(truncatingIfNeeded: (UInt64(0x100) << shift) >> 16)
                        } else {
                            let run = runs.baseAddress! + (n &- 2) &* 7
                            for i in 0..<7 { row[i] |= UInt32(truncatingIfNeeded: (run[i] << shift) >> 16) }
                        }
                        top = min(top, ry &- 3)
                        bottom = max(bottom, ry &+ 3)
                    }
                }
            }
            let first = max(0, top), end = min(31, bottom)
            guard first <= end else { return }
            for y in first...end where rows[y] != 0 {
                if let log {
                    var rest = rows[y]
                    while rest != 0 {
                        let i = y &* 32 &+ rest.trailingZeroBitCount
                        log.note(i, feature, old: grid[i])
                        rest &= rest &- 1
                    }
                }
                grid.paint(row: y, rows[y], v)
            }
        }
    }

    /// Lines of up to this many steps take their `t = s / steps` from `stepFractions`.
    static let fractionTableSteps = 33

    /// `t = s / steps` for `s = 0…steps` at `steps·(steps + 1)/2 + s`, for `steps` below
    /// `fractionTableSteps`: the same divisions, done once.
    static let stepFractions: [Double] = (0..<fractionTableSteps).flatMap { steps in
        (0...steps).map { Double($0) / Double(steps) }
    }

    /// `discRuns[(n − 2)·7 + 3 + oy]`: row `oy` (−3…3) of the disc of radius `n` = 2 or 3, as a
    /// run centred on bit 8: `(run << (x + 8)) >> 16` puts the centre at column `x` of a row mask.
    static let discRuns: [UInt64] = (2...3).flatMap { n in
        (-3...3).map { oy -> UInt64 in
            guard abs(oy) <= n else { return 0 }
            let w = UInt64(discHalfWidths(n)[oy + n])
            return ((1 << (2 * w + 1)) - 1) << (8 - w)
        }
    }

    /// A step with a radius above 3 or a centre a million cells or more away (never on a
    /// creature's lines): a lone cell rounded with `round`, the disc's rows, or the exact disc.
    private func wideStep(_ px: Double, _ py: Double, _ n: Int, _ v: Int8, _ rows: UnsafeMutableBufferPointer<UInt32>,
                          _ top: inout Int, _ bottom: inout Int) {
        if n <= 1 {
            let rx = Canvas.round(px), ry = Canvas.round(py)
            guard rx >= 0, rx < 32, ry >= 0, ry < 32 else { return }
            rows[Int(ry)] |= 1 << UInt32(Int(rx))
            top = min(top, Int(ry))
            bottom = max(bottom, Int(ry))
        } else if let cx = Canvas.roundedAwayFromTies(px), let cy = Canvas.roundedAwayFromTies(py) {
            Canvas.discRows(cx, cy, n, rows)
            top = min(top, max(0, cy &- n))
            bottom = max(bottom, min(31, cy &+ n))
        } else {
            exactDisc(px, py, n, v)
        }
    }

    /// `round(x)` (half away from zero) for `|x| < 10^6`, and whether `x` is within 10^-6 of a
    /// tie (where a disc needs `exactDisc`). The steps are chosen to compile without branches.
    @inline(__always) static func nearest(_ x: Double) -> (Int, tie: Bool) {
        let t = Int(x)
        let d = x - Double(t)
        return (t &+ (d >= 0.5 ? 1 : 0) &- (d <= -0.5 ? 1 : 0), abs(abs(d) - 0.5) <= 1e-6)
    }

    /// Marks in `rows` the disc of radius `n` around `(cx, cy)`, clipped to the grid: the disc is
    /// symmetric in its two axes, so row `cy + oy` spans `halfWidths[oy + n]` either side of `cx`.
    static func discRows(_ cx: Int, _ cy: Int, _ n: Int, _ rows: UnsafeMutableBufferPointer<UInt32>) {
        guard let packed = packedHalfWidths(n) else {
            let halfWidths = discHalfWidths(n)
            for i in 0...(2 &* n) { markRun(row: cy &+ i &- n, cx &- halfWidths[i], cx &+ halfWidths[i], rows) }
            return
        }
        // A run of at most 15 columns centred on -7…38 (any other centre misses the grid) sits
        // in bits 2…61 of a word whose bit 16 is column 0, so clipping is a shift.
        guard cx > -8 && cx < 39 else { return }
        let y0 = max(0, cy &- n), y1 = min(31, cy &+ n)
        guard y0 <= y1 else { return }
        for y in y0...y1 {
            let w = (packed >> UInt64(truncatingIfNeeded: 3 &* (y &- cy &+ n))) & 7
            let run: UInt64 = (1 << (2 &* w &+ 1)) &- 1
            rows[y] |= UInt32(truncatingIfNeeded: (run << UInt64(truncatingIfNeeded: cx &- Int(w) &+ 16)) >> 16)
        }
    }

    /// Marks columns `x0...x1` (clipped to the grid) of row `y` when the row is in the grid.
    @inline(__always) static func markRun(row y: Int, _ x0: Int, _ x1: Int, _ rows: UnsafeMutableBufferPointer<UInt32>) {
        guard y >= 0 && y < 32 else { return }
        let a = max(0, x0), b = min(31, x1)
        guard a <= b else { return }
        rows[y] |= (b == 31 ? ~0 : (1 << UInt32(b &+ 1)) &- 1) & ~((1 << UInt32(a)) &- 1)
    }

    /// `discHalfWidths(n)` for `n` ≤ 7, three bits per entry (entry `i` at bits `3i…3i+2`); nil
    /// for larger discs.
    static func packedHalfWidths(_ n: Int) -> UInt64? {
        switch n {
        case 0: 0x0
        case 1: 0x8
        case 2: 0x288
        case 3: 0x12690
        case 4: 0x4D_C6D0
        case 5: 0x1C92_C918
        case 6: 0x7_2DBA_DB18
        case 7: 0x1CB_B6FB_6B18
        default: nil
        }
    }

    /// Paints `(round(px + ox), round(py + oy))` for every disc offset of radius `n`.
    ///
    /// Away from ties, `round(p + o) == round(p) + o` for integer `o` (rounding to nearest does
    /// not depend on the sign, and the sum's rounding error, below 2^-30 here, cannot reach a
    /// tie), so the disc is painted as column runs around `(round(px), round(py))`. A coordinate
    /// within 10^-6 of a half keeps the exact per-offset arithmetic.
    func disc(_ px: Double, _ py: Double, _ n: Int, _ v: Int8) {
        guard let cx = Canvas.roundedAwayFromTies(px), let cy = Canvas.roundedAwayFromTies(py) else { return exactDisc(px, py, n, v) }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { rows in
            rows.initialize(repeating: 0)
            Canvas.discRows(cx, cy, n, rows)
            for y in 0..<32 {
                var rest = rows[y]
                while rest != 0 {
                    set(rest.trailingZeroBitCount, y, v)
                    rest &= rest &- 1
                }
            }
        }
    }

    /// `Int(round(x))` when `|x| < 10^6` and its fraction is not within 10^-6 of ±0.5, else nil
    /// (one truncation for both).
    @inline(__always) static func roundedAwayFromTies(_ x: Double) -> Int? {
        guard abs(x) < 1_000_000 else { return nil }
        let (r, tie) = nearest(x)
        return tie ? nil : r
    }

    /// `disc` with every column and row rounded on its own (each rounded as a lone pixel is).
    func exactDisc(_ px: Double, _ py: Double, _ n: Int, _ v: Int8) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (2 * n + 1)) { buf in
            let side = 2 * n + 1
            for k in 0..<side {
                let rx = Canvas.round(px + Double(k - n)), ry = Canvas.round(py + Double(k - n))
                buf[k] = rx >= 0 && rx < 32 ? Int(rx) : -1
                buf[side + k] = ry >= 0 && ry < 32 ? Int(ry) : -1
            }
            let halfWidths = Canvas.discHalfWidths(n)
            for i in 0..<side {
                let x = buf[i]
                guard x >= 0 else { continue }
                let w = halfWidths[i]
                for j in (n - w)...(n + w) {
                    let y = buf[side + j]
                    if y >= 0 { set(x, y, v) }
                }
            }
        }
    }
}
