#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cell-geometry tests of docs/engine.md §5, evaluated in the order the spec writes them.
@usableFromInline enum Geometry {
    @inlinable static func inCircle(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ r: Double) -> Bool {
        let dx = x - cx, dy = y - cy
        return dx * dx + dy * dy <= r * r
    }

    @inlinable static func inEllipse(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> Bool {
        let dx = x - cx, dy = y - cy
        return dx * dx / (rx * rx) + dy * dy / (ry * ry) <= 1
    }
}

/// A regular polygon's vertices, computed once and tested many times (even–odd crossing rule).
@usableFromInline struct Polygon {
    @usableFromInline var xs: [Double]
    @usableFromInline var ys: [Double]

    /// Vertices `k = 0…n−1` at angle `2π·k/n − π/2` around `(cx, cy)` at radius `r`.
    @usableFromInline init(cx: Double, cy: Double, r: Double, sides n: Int) {
        xs = []; ys = []
        xs.reserveCapacity(n); ys.reserveCapacity(n)
        for k in 0..<n {
            let angle = 2 * Double.pi * Double(k) / Double(n) - Double.pi / 2
            xs.append(cx + r * cos(angle))
            ys.append(cy + r * sin(angle))
        }
    }

    /// Whether the point is inside by the even–odd rule, walking edges (i, j = previous vertex).
    @inlinable func contains(_ x: Double, _ y: Double) -> Bool {
        var inside = false
        let n = xs.count
        var j = n - 1
        for i in 0..<n {
            let xi = xs[i], yi = ys[i], xj = xs[j], yj = ys[j]
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                inside.toggle()
            }
            j = i
        }
        return inside
    }
}

/// `inShape` of §5 for one centre and radius: rect, circle, ellipse or a polygon.
@usableFromInline struct ShapeTest {
    @usableFromInline enum Kind { case rect, circle, ellipse, polygon(Polygon) }
    @usableFromInline let kind: Kind
    @usableFromInline let cx: Double, cy: Double, r: Double, rx: Double, ry: Double

    /// The test for `mask` centred at `(cx, cy)` with radius `r` and the creature's aspect.
    @usableFromInline init(mask: Configuration.Mask, cx: Double, cy: Double, r: Double, aspectX: Double, aspectY: Double) {
        self.cx = cx; self.cy = cy; self.r = r
        rx = r * aspectX; ry = r * aspectY
        switch mask {
        case .rect: kind = .rect
        case .shape(.circle): kind = .circle
        case .shape(.ellipse): kind = .ellipse
        case .shape(let shape): kind = .polygon(Polygon(cx: cx, cy: cy, r: r, sides: shape.sides!))
        }
    }

    @inlinable func contains(_ x: Double, _ y: Double) -> Bool {
        switch kind {
        case .rect: return true
        case .circle: return Geometry.inCircle(x, y, cx, cy, r)
        case .ellipse: return Geometry.inEllipse(x, y, cx, cy, rx, ry)
        case .polygon(let p): return p.contains(x, y)
        }
    }
}

/// An eye of §5.5: one of eight shapes of size 1.4 around a centre.
@usableFromInline struct EyeTest {
    @usableFromInline let shape: EyeShape
    @usableFromInline let cx: Double, cy: Double
    @usableFromInline let polygon: Polygon?

    @usableFromInline init(shape: EyeShape, cx: Double, cy: Double) {
        self.shape = shape; self.cx = cx; self.cy = cy
        polygon = shape.sides.map { Polygon(cx: cx, cy: cy, r: 1.4, sides: $0) }
    }

    @inlinable func contains(_ x: Double, _ y: Double) -> Bool {
        switch shape {
        case .square: return abs(x - cx) <= 1.4 && abs(y - cy) <= 1.4
        case .circle: return Geometry.inCircle(x, y, cx, cy, 1.4)
        case .ellipse: return Geometry.inEllipse(x, y, cx, cy, 1.4 * 1.2, 1.4 * 0.8)
        default: return polygon!.contains(x, y)
        }
    }
}

/// Row masks of circles and ellipses: bit `x` of the mask of row `y` is set exactly where the
/// per-cell test of `Geometry` holds for `(x, y)`, `x` in 0…31.
///
/// On a row, each test's left side falls and then rises with `x` (every step of it is a
/// correctly rounded, monotone operation), so its cells are one run. The run is estimated with a
/// square root (off by far less than a cell) and its ends are then found with the test itself.
extension Geometry {
    /// The cells of row `y` inside the circle of `inCircle`.
    @inlinable static func circleRow(_ y: Int, _ cx: Double, _ cy: Double, _ r: Double) -> UInt32 {
        let py = Double(y), dy = py - cy
        // dx² + dy² ≥ dy²: past r² no cell of the row can be inside.
        let rest = r * r - dy * dy
        guard rest >= 0 else { return 0 }
        let w = rest.squareRoot()
        return run(from: cx - w, to: cx + w) { inCircle(Double($0), py, cx, cy, r) }
    }

    /// The cells of row `y` inside the ellipse of `inEllipse`.
    @inlinable static func ellipseRow(_ y: Int, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> UInt32 {
        let py = Double(y), dy = py - cy
        let t = dy * dy / (ry * ry)
        guard t <= 1 else { return 0 }
        let w = rx * (1 - t).squareRoot()
        return run(from: cx - w, to: cx + w) { inEllipse(Double($0), py, cx, cy, rx, ry) }
    }

    /// The mask of the one run of columns where `inside` holds, given that the run lies within
    /// `lo…hi` widened by one cell on each side.
    ///
    /// Almost always the run is `⌈lo⌉…⌊hi⌋`: four tests confirm it without a branch on their
    /// results (so without mispredictions); otherwise the run is searched for cell by cell.
    @inlinable static func run(from lo: Double, to hi: Double, _ inside: (Int) -> Bool) -> UInt32 {
        guard lo < 40, hi > -8 else { return 0 }
        let first = Int(max(-8, lo)), last = Int(min(40, hi))
        let a0 = first &+ (Double(first) < lo ? 1 : 0), b0 = last &- (Double(last) > hi ? 1 : 0)
        let confirmed = (inside(a0) ? 1 : 0) & (inside(a0 &- 1) ? 0 : 1) & (inside(b0) ? 1 : 0) & (inside(b0 &+ 1) ? 0 : 1)
        if confirmed == 1 && a0 <= b0 {
            let a = max(0, a0), b = min(31, b0)
            guard a <= b else { return 0 }
            return UInt32(truncatingIfNeeded: (UInt64(2) << UInt64(b)) &- (UInt64(1) << UInt64(a)))
        }
        // The search starts from `lo` and `hi` truncated toward zero, which can only widen it.
        var a = max(0, first &- 1), b = min(31, last &+ 1)
        while a <= b && !inside(a) { a &+= 1 }
        while b > a && !inside(b) { b &-= 1 }
        guard a <= b else { return 0 }
        return UInt32(truncatingIfNeeded: (UInt64(2) << UInt64(b)) &- (UInt64(1) << UInt64(a)))
    }
}
