import Foundation
@testable import CreatureCore

/// docs/engine.md §5 drawn as the spec words it, for differential tests of the fast drawing: every
/// cell through its own geometry test, every segment id hashed as a string, arithmetic in the
/// order written. No tables, row masks, mirrored halves or fallbacks — and slow for that.
struct ReferenceDrawing {
    let c: Configuration
    let bits53: (String) -> UInt64
    /// `grid[y][x]`.
    var grid = [[Int8]](repeating: [Int8](repeating: -1, count: 32), count: 32)

    /// The grid `engine` draws from the hash state of a render seed (the configuration is the
    /// engine's own, which the goldens check field by field).
    static func grid(_ hash: some SegmentHashing, _ engine: EngineVersion) -> [Int8] {
        var drawing = ReferenceDrawing(c: Configuration(hash: hash, engine: engine), bits53: { hash.bits53($0) })
        drawing.generate()
        return drawing.grid.flatMap { $0 }
    }

    // §2: the hash helpers.
    func h(_ id: String) -> Double { Double(bits53(id)) / 9_007_199_254_740_992 }
    func pick(_ id: String, _ n: Int) -> Int { n > 0 ? Int((h(id) * Double(n)).rounded(.down)) % n : 0 }
    func roll(_ id: String, _ p: Double) -> Bool { h(id) < p }

    // §5: the cell tests.
    static func inCircle(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ r: Double) -> Bool {
        (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }

    static func inEllipse(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> Bool {
        (x - cx) * (x - cx) / (rx * rx) + (y - cy) * (y - cy) / (ry * ry) <= 1
    }

    static func inPolygon(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ r: Double, _ n: Int) -> Bool {
        func vertex(_ k: Int) -> (Double, Double) {
            let angle = 2 * Double.pi * Double(k) / Double(n) - Double.pi / 2
            return (cx + r * cos(angle), cy + r * sin(angle))
        }
        var inside = false
        var j = n - 1
        for i in 0..<n {
            let (xi, yi) = vertex(i), (xj, yj) = vertex(j)
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }

    func inShape(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ r: Double) -> Bool {
        switch c.shapeMask {
        case .rect: return true
        case .shape(.circle): return Self.inCircle(x, y, cx, cy, r)
        case .shape(.ellipse): return Self.inEllipse(x, y, cx, cy, r * c.aspectX, r * c.aspectY)
        case .shape(let shape): return Self.inPolygon(x, y, cx, cy, r, shape.sides!)
        }
    }

    mutating func setPixel(_ x: Double, _ y: Double, _ v: Int8) {
        let rx = x.rounded(), ry = y.rounded()
        if rx >= 0 && rx < 32 && ry >= 0 && ry < 32 { grid[Int(ry)][Int(rx)] = v }
    }

    /// §5 Generate: the mode, then the horizontal copy of the non-creature modes.
    mutating func generate() {
        switch c.mode {
        case .creature: creature()
        case .cloud: cloud()
        case .flower: flower()
        case .repeating: repeating()
        case .space: space()
        }
        if c.mode != .creature && c.axis == .horizontal {
            for x in 0..<32 {
                for y in 16...31 where 30 - y >= 0 { grid[y][x] = grid[30 - y][x] }
            }
        }
    }

    // The non-creature modes' shared values.
    var bg: Int8 { c.opaqueBackground ? 0 : -1 }
    var fill: Int8 { c.opaqueBackground ? 1 : 0 }
    var accent2: Int8 { c.colorCount > 3 ? 3 : 2 }
    var yMax: Int { c.axis == .horizontal ? 16 : 32 }
    let centre = 15.5

    /// Sets every cell of rows `y < yMax` to `value(x, y)` where it is not nil.
    mutating func eachCell(_ value: (Int, Int) -> Int8?) {
        for y in 0..<yMax {
            for x in 0..<32 { if let v = value(x, y) { grid[y][x] = v } }
        }
    }

    mutating func fillBackground() {
        for y in 0..<32 { for x in 0..<32 { grid[y][x] = bg } }
    }

    mutating func cloud() {
        fillBackground()
        let accent: Int8 = c.colorCount > 2 ? 2 : fill
        let n = 4 + pick("cloud_n", 4)
        let blobs = (0..<n).map { i in
            (x: centre + (h("cloud_x_\(i)") - 0.5) * 20, y: centre + (h("cloud_y_\(i)") - 0.5) * 16,
             r: 5 + h("cloud_r_\(i)") * 6, v: i % 2 == 0 ? accent : fill)
        }
        eachCell { x, y in blobs.first { Self.inCircle(Double(x), Double(y), $0.x, $0.y, $0.r) }?.v }
    }

    mutating func flower() {
        fillBackground()
        let centreR = 3 + 2 * h("flower_center"), petals = 5 + pick("flower_petals", 5), petalR = 4 + 3 * h("flower_pr")
        let petalCentres = (0..<petals).map { i in
            let angle = 2 * Double.pi * Double(i) / Double(petals) + 0.5 * h("flower_a_\(i)")
            return (x: centre + 8 * cos(angle), y: centre + 8 * sin(angle), v: h("flower_c_\(i)") < 0.5 ? fill : accent2)
        }
        let c0 = centre
        eachCell { x, y in
            if Self.inCircle(Double(x), Double(y), c0, c0, centreR) { return 2 }
            return petalCentres.first { Self.inCircle(Double(x), Double(y), $0.x, $0.y, petalR) }?.v
        }
    }

    mutating func repeating() {
        fillBackground()
        let tile = 4 + pick("tile_size", 2)
        for dy in 0..<tile {
            for dx in 0..<tile {
                let u = h("tile_\(dy)_\(dx)"), v = h("tile_c_\(dy)_\(dx)")
                let value: Int8 = u < 0.4 ? fill : v < 0.5 ? 2 : accent2
                for ty in stride(from: 0, to: yMax, by: tile) {
                    for tx in stride(from: 0, to: 32, by: tile) where ty + dy < yMax && tx + dx < 32 {
                        grid[ty + dy][tx + dx] = value
                    }
                }
            }
        }
    }

    mutating func space() {
        fillBackground()
        let bg = bg, fill = fill, accent2 = accent2, centre = centre
        switch pick("space_kind", 4) {
        case 0:
            let r = 10 + 4 * h("moon_r")
            eachCell { x, y in Self.inCircle(Double(x), Double(y), centre, centre, r) ? fill : nil }
            for i in 0..<(2 + pick("moon_c", 3)) {
                let cx = centre + (h("moon_cx_\(i)") - 0.5) * 12, cy = centre + (h("moon_cy_\(i)") - 0.5) * 12
                let cr = 1.5 + 2 * h("moon_cr_\(i)")
                eachCell { x, y in Self.inCircle(Double(x), Double(y), cx, cy, cr) ? bg : nil }
            }
        case 1:
            for i in 0..<(15 + pick("stars_n", 25)) {
                let sx = pick("star_x_\(i)", 32), sy = pick("star_y_\(i)", yMax)
                let v: Int8 = h("star_c_\(i)") < 0.3 ? 2 : accent2
                grid[sy][sx] = v
                if sx > 0 { grid[sy][sx - 1] = v }
                if sy > 0 { grid[sy - 1][sx] = v }
            }
        case 2:
            for i in 0..<(5 + pick("nebula_n", 6)) {
                let cx = centre + (h("neb_x_\(i)") - 0.5) * 28, cy = centre + (h("neb_y_\(i)") - 0.5) * 28
                let r = 4 + 8 * h("neb_r_\(i)")
                let v: Int8 = i % 2 == 0 ? fill : h("neb_c_\(i)") < 0.5 ? 2 : accent2
                let before = grid
                eachCell { x, y in
                    before[y][x] == bg && Self.inEllipse(Double(x), Double(y), cx, cy, 1.2 * r, 0.8 * r) ? v : nil
                }
            }
        default:
            let arms = 2 + pick("galaxy_arms", 2), R = 6 + 6 * h("galaxy_r"), h = self.h
            eachCell { x, y in
                let dx = Double(x) - centre, dy = Double(y) - centre
                let d = (dx * dx + dy * dy).squareRoot(), a = atan2(dy, dx)
                let arm = Int(a / (2 * Double.pi) * Double(arms) + 0.2 * h("galaxy_\(x)_\(y)")) % arms
                guard d < R + 3 * Double(arms) && d > h("galaxy_d_\(x)_\(y)") * R * 0.5 else { return nil }
                return h("galaxy_c_\(arm)") < 0.5 ? fill : 2
            }
        }
    }

    /// §5.5, step by step.
    mutating func creature() {
        let bg = bg, fill = fill
        fillBackground()
        if c.tier <= 2 {
            let r = c.tier == 1 ? 10 : 9 + 4 * h("size")
            for y in 0..<32 {
                for x in 0..<32 where Self.inCircle(Double(x), Double(y), 15.5, 15.5, r) { grid[y][x] = fill }
            }
            return
        }
        let R: Double = c.creatureType == .alien ? 13 : 11
        let headCy: Double = c.body ? 12 : 16
        let featureColor: Int8 = c.colorCount > 2 ? 3 : 2
        for y in 0..<32 {
            for x in 0..<32 {
                let mx = Double(c.axis == .vertical && c.symmetric && x >= 16 ? 31 - x : x)
                let my = Double(c.axis == .horizontal && c.symmetric && y >= 16 ? 31 - y : y)
                var v = bg
                let inHead = c.shapeMask == .rect
                    ? Self.inCircle(mx, my, 15.5, headCy - 0.5, R) : inShape(mx, my, 15.5, headCy - 0.5, R)
                if inHead {
                    v = fill
                    if c.tier >= 4 {
                        if c.eyes && (inEye(mx, my, 12, headCy - 3) || inEye(mx, my, 20, headCy - 3)) { v = 2 }
                        if c.mouth && headCy + 2 <= my && my <= headCy + 5 && abs(mx - 16) <= 3 { v = featureColor }
                        if c.nose && headCy - 1 <= my && my <= headCy + 2 && abs(mx - 16) <= 2 { v = 2 }
                        if c.eyebrows && headCy - 6 <= my && my <= headCy - 4 && ((11 <= mx && mx <= 14) || (18 <= mx && mx <= 21)) {
                            v = featureColor
                        }
                        if c.beard && headCy + 5 <= my && my <= headCy + 10 && abs(mx - 16) <= 5 { v = featureColor }
                    }
                }
                if c.tier >= 4 {
                    if c.ears && Self.inCircle(mx, my, 16 - R - 1.5, headCy - 2, 2.5) { v = fill }
                    if c.body && my > 22 && abs(mx - 16) <= 8 { v = fill }
                    if c.hair && my < headCy - R + 2 && abs(mx - 16) <= 6 { v = featureColor }
                }
                if v != -1 && Int(v) >= c.colorCount { v = fill }
                grid[y][x] = v
            }
        }
        if c.horn || c.antlers {
            let top = c.upsideDown ? (31 - headCy) + R : headCy - R
            let dir: Double = c.upsideDown ? 1 : -1
            if c.horn {
                for i in 0...4 {
                    let row = (top + dir * Double(i)).rounded()
                    if row >= 0 && row < 32 { for x in 15...17 { grid[Int(row)][x] = fill } }
                }
            }
            if c.antlers {
                for i in 0...5 {
                    let row = (top + dir * Double(i)).rounded()
                    if row >= 0 && row < 32 { grid[Int(row)][16] = fill }
                }
                for angle in c.upsideDown ? [135.0, 45] : [225.0, 315] {
                    thickLine(16, top + 5 * dir, angle, 6, 1, 1, fill)
                }
            }
        }
        if c.appendages {
            let base = 6 + 6 * h("append_len")
            let thick0 = c.appendageStyle == .tentacle ? 1 : 2
            let k = c.appendageCount / 2
            let cx = 15.5, cy = (c.upsideDown ? 31 - headCy : headCy) - 0.5
            let taper = roll("append_taper", 0.4) ? 0.4 : 1
            for i in 0..<k {
                let ai = c.appendageRadial ? 90 + 180 * Double(i + 1) / Double(k + 1) : 120 + 120 * Double(i) / Double(max(1, k - 1))
                var a = ai + (h("leg_angle_\(i)") - 0.5) * 36
                if c.upsideDown { a = 360 - a }
                let len = base + 4 * h("append_\(i)")
                let th = max(1, thick0 + pick("leg_thick_\(i)", 3) - 1)
                let rad = a * Double.pi / 180
                thickLine(cx + (R + 1.5) * cos(rad), cy + (R + 1.5) * sin(rad), a, len, Double(th), taper, fill)
            }
        }
        if c.symmetric {
            for y in 0..<32 {
                for x in 0..<32 {
                    if c.axis == .vertical && x >= 16 { grid[y][x] = grid[y][31 - x] }
                    if c.axis == .horizontal && y >= 16 { grid[y][x] = grid[31 - y][x] }
                }
            }
            if roll("asym_enable", 0.25) {
                for i in 0..<pick("asym_count", 5) {
                    let x = 16 + pick("asym_x_\(i)", 16), y = pick("asym_y_\(i)", 32)
                    grid[y][x] = Int8(min(pick("asym_c_\(i)", c.colorCount), 5))
                }
            }
        }
        for y in 0..<32 {
            for x in 0..<32 where !inShape(Double(x), Double(y), 15.5, 15.5, 15.5) { grid[y][x] = -1 }
        }
    }

    /// An eye of size 1.4 centred at `(cx, cy)`.
    func inEye(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double) -> Bool {
        switch c.eyeShape {
        case .square: return abs(x - cx) <= 1.4 && abs(y - cy) <= 1.4
        case .circle: return Self.inCircle(x, y, cx, cy, 1.4)
        case .ellipse: return Self.inEllipse(x, y, cx, cy, 1.68, 1.12)
        default: return Self.inPolygon(x, y, cx, cy, 1.4, c.eyeShape.sides!)
        }
    }

    /// The thick line of §5.5, its angle in degrees.
    mutating func thickLine(_ x0: Double, _ y0: Double, _ angle: Double, _ length: Double, _ th0: Double, _ taper: Double, _ v: Int8) {
        let rad = angle * Double.pi / 180
        Self.thickLine(x0: x0, y0: y0, dx: cos(rad), dy: sin(rad), length: length, th0: th0, taper: taper) { setPixel($0, $1, v) }
    }

    /// The thick line of §5.5 along `(dx, dy)` = `(cos, sin)` of its angle: `setPixel` is called
    /// with every point it paints, in order.
    static func thickLine(x0: Double, y0: Double, dx: Double, dy: Double, length: Double, th0: Double, taper: Double,
                          _ setPixel: (Double, Double) -> Void) {
        let steps = max(2, Int(length.rounded(.up)))
        for s in 0...steps {
            let t = Double(s) / Double(steps)
            let th = taper >= 1 ? th0 : th0 * (1 - t * (1 - taper))
            let px = x0 + dx * length * t, py = y0 + dy * length * t
            let n = Int(th.rounded())
            if n <= 1 {
                setPixel(px, py)
            } else {
                for ox in -n...n {
                    for oy in -n...n where Double(ox * ox + oy * oy) <= Double(n * n) + 0.5 {
                        setPixel(px + Double(ox), py + Double(oy))
                    }
                }
            }
        }
    }
}
