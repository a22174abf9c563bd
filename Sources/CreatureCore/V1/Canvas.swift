#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Painting primitives of ENGINE.md §5 over a grid: `setPixel` and the thick line.
@usableFromInline struct Canvas {
    @usableFromInline var grid: Grid

    @usableFromInline init(fill: Int8) { grid = Grid(filledWith: fill) }

    /// Sets cell `(round(x), round(y))` when it is inside the grid.
    @inlinable mutating func setPixel(_ x: Double, _ y: Double, _ v: Int8) {
        let rx = x.rounded(), ry = y.rounded()
        guard rx >= 0, rx < 32, ry >= 0, ry < 32 else { return }
        grid[Int(rx), Int(ry)] = v
    }

    /// The thick line: from `(x0, y0)` at `angle` radians, `length` long, `th0` thick, tapering to
    /// `taper`·th0 at its end (no taper when `taper ≥ 1`).
    @usableFromInline mutating func thickLine(x0: Double, y0: Double, angle: Double, length: Double,
                                              th0: Double, taper: Double, value v: Int8) {
        let dx = cos(angle), dy = sin(angle)
        let steps = max(2, Int(length.rounded(.up)))
        for s in 0...steps {
            let t = Double(s) / Double(steps)
            let th = taper >= 1 ? th0 : th0 * (1 - t * (1 - taper))
            let px = x0 + dx * length * t
            let py = y0 + dy * length * t
            let n = Int(th.rounded())
            if n <= 1 {
                setPixel(px, py, v)
            } else {
                let limit = Double(n * n) + 0.5
                for ox in -n...n {
                    for oy in -n...n where Double(ox * ox + oy * oy) <= limit {
                        setPixel(px + Double(ox), py + Double(oy), v)
                    }
                }
            }
        }
    }
}
