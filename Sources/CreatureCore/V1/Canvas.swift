#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Painting primitives of ENGINE.md §5 over a grid's cells: `setPixel` and the thick line.
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

    /// Sets cells `(x, y0...y1)` (all inside the grid), noting them in the log; the log is
    /// tested once per run rather than per cell (the discs of every limb come through here).
    func setColumn(_ x: Int, _ y0: Int, _ y1: Int, _ v: Int8) {
        if let log {
            for y in y0...y1 {
                log.note(y &* 32 &+ x, feature, old: grid[x, y])
                grid[x, y] = v
            }
        } else {
            for y in y0...y1 { grid[x, y] = v }
        }
    }

    /// Sets cell `(round(x), round(y))` when it is inside the grid.
    func setPixel(_ x: Double, _ y: Double, _ v: Int8) {
        let rx = Canvas.round(x), ry = Canvas.round(y)
        guard rx >= 0, rx < 32, ry >= 0, ry < 32 else { return }
        set(Int(rx), Int(ry), v)
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
    static func round(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x.rounded() }
        let t = Double(Int64(x))
        let d = x - t
        return d >= 0.5 ? t + 1 : d <= -0.5 ? t - 1 : t
    }

    /// The thick line: from `(x0, y0)` at `angle` radians, `length` long, `th0` thick, tapering to
    /// `taper`·th0 at its end (no taper when `taper ≥ 1`).
    func thickLine(x0: Double, y0: Double, angle: Double, length: Double,
                   th0: Double, taper: Double, value v: Int8) {
        let dx = cos(angle), dy = sin(angle)
        let steps = max(2, Int(length.rounded(.up)))
        for s in 0...steps {
            let t = Double(s) / Double(steps)
            let th = taper >= 1 ? th0 : th0 * (1 - t * (1 - taper))
            let px = x0 + dx * length * t
            let py = y0 + dy * length * t
            let n = Int(Canvas.round(th))
            if n <= 1 {
                setPixel(px, py, v)
            } else {
                disc(px, py, n, v)
            }
        }
    }

    /// Paints `(round(px + ox), round(py + oy))` for every disc offset of radius `n`.
    ///
    /// Away from ties, `round(p + o) == round(p) + o` for integer `o` (rounding to nearest does
    /// not depend on the sign, and the sum's rounding error, below 2^-30 here, cannot reach a
    /// tie), so the disc is painted as column runs around `(round(px), round(py))`. A coordinate
    /// within 10^-6 of a half keeps the exact per-offset arithmetic.
    func disc(_ px: Double, _ py: Double, _ n: Int, _ v: Int8) {
        guard Canvas.awayFromTies(px), Canvas.awayFromTies(py) else { return exactDisc(px, py, n, v) }
        let cx = Int(Canvas.round(px)), cy = Int(Canvas.round(py))
        let halfWidths = Canvas.discHalfWidths(n)
        for i in 0...(2 &* n) {
            let x = cx &+ i &- n
            guard x >= 0 && x < 32 else { continue }
            let w = halfWidths[i]
            let y0 = max(0, cy &- w), y1 = min(31, cy &+ w)
            guard y0 <= y1 else { continue }
            setColumn(x, y0, y1, v)
        }
    }

    /// Whether `x` is small and its fraction is not within 10^-6 of ±0.5.
    static func awayFromTies(_ x: Double) -> Bool {
        guard abs(x) < 1_000_000 else { return false }
        let fraction = abs(x - Double(Int64(x)))
        return abs(fraction - 0.5) > 1e-6
    }

    /// `disc` with every column and row rounded on its own (the same arithmetic as `setPixel`).
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
