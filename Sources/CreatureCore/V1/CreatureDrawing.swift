#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creature mode (ENGINE.md §5.5): head, face, features, horn, antlers, appendages, mirror,
/// asymmetry and shape mask, in that order.
enum CreatureDrawing {
    static func draw(_ c: Configuration, _ s: SegmentHash) -> Grid {
        let bg: Int8 = c.opaqueBackground ? 0 : -1
        let fill: Int8 = c.opaqueBackground ? 1 : 0
        var canvas = Canvas(fill: bg)
        if c.tier <= 2 {
            let r = c.tier == 1 ? 10 : 9 + 4 * s.h("size")
            for y in 0..<32 {
                for x in 0..<32 where Geometry.inCircle(Double(x), Double(y), 15.5, 15.5, r) {
                    canvas.grid[x, y] = fill
                }
            }
            return canvas.grid
        }
        let R: Double = c.creatureType == .alien ? 13 : 11
        let headCy: Double = c.body ? 12 : 16
        cellPass(c, &canvas.grid, bg: bg, fill: fill, R: R, headCy: headCy)
        if c.horn || c.antlers { hornAndAntlers(c, &canvas, fill: fill, R: R, headCy: headCy) }
        if c.appendages { appendages(c, s, &canvas, fill: fill, R: R, headCy: headCy) }
        if c.symmetric {
            mirror(&canvas.grid, axis: c.axis)
            if s.roll("asym_enable", 0.25) {
                for i in 0..<s.pick("asym_count", 5) {
                    let x = 16 + s.pick("asym_x_", i, 16), y = s.pick("asym_y_", i, 32)
                    canvas.grid[x, y] = Int8(min(s.pick("asym_c_", i, c.palette.count), 5))
                }
            }
        }
        applyMask(c, &canvas.grid)
        return canvas.grid
    }

    /// The value of one cell from its mirrored coordinates, for tiers 3–5.
    private static func cellPass(_ c: Configuration, _ grid: inout Grid, bg: Int8, fill: Int8, R: Double, headCy: Double) {
        let accent1: Int8 = 2
        let featureColor: Int8 = c.palette.count > 2 ? 3 : accent1
        let head = ShapeTest(mask: c.shapeMask == .rect ? .shape(.circle) : c.shapeMask,
                             cx: 15.5, cy: headCy - 0.5, r: R, aspectX: c.aspectX, aspectY: c.aspectY)
        let face = c.tier >= 4
        let leftEye = EyeTest(shape: c.eyeShape, cx: 12, cy: headCy - 3)
        let rightEye = EyeTest(shape: c.eyeShape, cx: 20, cy: headCy - 3)
        let paletteCount = Int8(c.palette.count)
        let mirrorX = c.axis == .vertical && c.symmetric
        let mirrorY = c.axis == .horizontal && c.symmetric
        for y in 0..<32 {
            for x in 0..<32 {
                let mx = Double(mirrorX && x >= 16 ? 31 - x : x)
                let my = Double(mirrorY && y >= 16 ? 31 - y : y)
                var v = bg
                if head.contains(mx, my) {
                    v = fill
                    if face {
                        if c.eyes && (leftEye.contains(mx, my) || rightEye.contains(mx, my)) { v = accent1 }
                        if c.mouth && headCy + 2 <= my && my <= headCy + 5 && abs(mx - 16) <= 3 { v = featureColor }
                        if c.nose && headCy - 1 <= my && my <= headCy + 2 && abs(mx - 16) <= 2 { v = accent1 }
                        if c.eyebrows && headCy - 6 <= my && my <= headCy - 4
                            && ((11 <= mx && mx <= 14) || (18 <= mx && mx <= 21)) { v = featureColor }
                        if c.beard && headCy + 5 <= my && my <= headCy + 10 && abs(mx - 16) <= 5 { v = featureColor }
                    }
                }
                if face {
                    if c.ears && Geometry.inCircle(mx, my, 16 - R - 1.5, headCy - 2, 2.5) { v = fill }
                    if c.body && my > 22 && abs(mx - 16) <= 8 { v = fill }
                    if c.hair && my < headCy - R + 2 && abs(mx - 16) <= 6 { v = featureColor }
                }
                if v != -1 && v >= paletteCount { v = fill }
                grid[x, y] = v
            }
        }
    }

    private static func hornAndAntlers(_ c: Configuration, _ canvas: inout Canvas, fill: Int8, R: Double, headCy: Double) {
        let top = c.upsideDown ? (31 - headCy) + R : headCy - R
        let dir: Double = c.upsideDown ? 1 : -1
        if c.horn {
            for i in 0...4 {
                let row = (top + dir * Double(i)).rounded()
                if row >= 0 && row < 32 {
                    for x in 15...17 { canvas.grid[x, Int(row)] = fill }
                }
            }
        }
        if c.antlers {
            for i in 0...5 {
                let row = (top + dir * Double(i)).rounded()
                if row >= 0 && row < 32 { canvas.grid[16, Int(row)] = fill }
            }
            let angles: [Double] = c.upsideDown ? [135, 45] : [225, 315]
            for a in angles {
                canvas.thickLine(x0: 16, y0: top + 5 * dir, angle: a * Double.pi / 180, length: 6,
                                 th0: 1, taper: 1, value: fill)
            }
        }
    }

    private static func appendages(_ c: Configuration, _ s: SegmentHash, _ canvas: inout Canvas, fill: Int8, R: Double, headCy: Double) {
        let base = 6 + 6 * s.h("append_len")
        let thick0 = c.appendageStyle == .tentacle ? 1 : 2
        let k = c.appendageCount / 2
        let cx = 15.5
        let cy = (c.upsideDown ? 31 - headCy : headCy) - 0.5
        let taper = s.roll("append_taper", 0.4) ? 0.4 : 1
        for i in 0..<k {
            let ai = c.appendageRadial
                ? 90 + 180 * Double(i + 1) / Double(k + 1)
                : 120 + 120 * Double(i) / Double(max(1, k - 1))
            var a = ai + (s.h("leg_angle_", i) - 0.5) * 36
            if c.upsideDown { a = 360 - a }
            let len = base + 4 * s.h("append_", i)
            let th = max(1, thick0 + s.pick("leg_thick_", i, 3) - 1)
            let rad = a * Double.pi / 180
            canvas.thickLine(x0: cx + (R + 1.5) * cos(rad), y0: cy + (R + 1.5) * sin(rad), angle: rad,
                             length: len, th0: Double(th), taper: taper, value: fill)
        }
    }

    /// Copies the first half onto the second: columns 16…31 from 15…0 (vertical axis) or rows.
    static func mirror(_ grid: inout Grid, axis: Configuration.Axis) {
        for a in 0..<32 {
            for b in 16..<32 {
                if axis == .vertical { grid[b, a] = grid[31 - b, a] } else { grid[a, b] = grid[a, 31 - b] }
            }
        }
    }

    private static func applyMask(_ c: Configuration, _ grid: inout Grid) {
        guard c.shapeMask != .rect else { return }
        let mask = ShapeTest(mask: c.shapeMask, cx: 15.5, cy: 15.5, r: 15.5, aspectX: c.aspectX, aspectY: c.aspectY)
        for y in 0..<32 {
            for x in 0..<32 where !mask.contains(Double(x), Double(y)) { grid[x, y] = -1 }
        }
    }
}
