#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creature mode (ENGINE.md §5.5): head, face, features, horn, antlers, appendages, mirror,
/// asymmetry and shape mask, in that order.
enum CreatureDrawing {
    static func draw(_ c: Configuration, _ s: some SegmentHashing) -> Grid {
        let bg: Int8 = c.opaqueBackground ? 0 : -1
        let fill: Int8 = c.opaqueBackground ? 1 : 0
        var grid = Grid(filledWith: bg)
        grid.withCells { draw(c, s, Canvas($0), bg: bg, fill: fill) }
        return grid
    }

    private static func draw(_ c: Configuration, _ s: some SegmentHashing, _ canvas: Canvas, bg: Int8, fill: Int8) {
        if c.tier <= 2 {
            let r = c.tier == 1 ? 10 : 9 + 4 * s.h("size")
            // The cells of a row inside the circle are a run symmetric about 15.5 (|x − 15.5| is
            // 0.5, 1.5, …): grow the run while the §5 test still holds, with the same arithmetic.
            for y in 0..<32 {
                let dy = Double(y) - 15.5
                var half = 0
                while half < 16 {
                    let dx = 0.5 + Double(half)
                    guard dx * dx + dy * dy <= r * r else { break }
                    half += 1
                }
                if half > 0 { (canvas.grid.base + (y &* 32 &+ 16 &- half)).update(repeating: fill, count: 2 &* half) }
            }
            return
        }
        let R: Double = c.creatureType == .alien ? 13 : 11
        let headCy: Double = c.body ? 12 : 16
        cellPass(c, canvas.grid, bg: bg, fill: fill, R: R, headCy: headCy)
        if c.horn || c.antlers { hornAndAntlers(c, canvas, fill: fill, R: R, headCy: headCy) }
        if c.appendages { appendages(c, s, canvas, fill: fill, R: R, headCy: headCy) }
        if c.symmetric {
            mirror(canvas.grid, axis: c.axis)
            if s.roll("asym_enable", 0.25) {
                for i in 0..<s.pick("asym_count", 5) {
                    let x = 16 + s.pick("asym_x_", i, 16), y = s.pick("asym_y_", i, 32)
                    canvas.grid[x, y] = Int8(min(s.pick("asym_c_", i, c.palette.count), 5))
                }
            }
        }
        applyMask(c, canvas.grid)
    }

    /// The cell pass for tiers 3–5. Every value depends only on the mirrored coordinates
    /// `(mx, my)`, so with symmetry only one half is computed (then mirrored). The spec's per-cell
    /// "later wins" order is kept by painting the regions in that order; all regions but the head,
    /// eyes and ears are integer rectangles, so they are painted as ranges.
    private static func cellPass(_ c: Configuration, _ cells: Cells, bg: Int8, fill: Int8, R: Double, headCy: Double) {
        // A colour the palette lacks is drawn as fill (the spec's final step, applied up front).
        let paletteCount = Int8(c.palette.count)
        let accent1: Int8 = 2 < paletteCount ? 2 : fill
        let featureColor: Int8 = c.palette.count > 2 ? (3 < paletteCount ? 3 : fill) : accent1
        let head = ShapeTables.head(c, r: R, headCy: headCy)
        let eyes = ShapeTables.eyes(c.eyeShape, headCy: headCy)
        let mirrorX = c.axis == .vertical && c.symmetric
        let mirrorY = c.axis == .horizontal && c.symmetric
        let width = mirrorX ? 16 : 32, height = mirrorY ? 16 : 32
        let cy = Int(headCy), r = Int(R)
        pass: do {
            /// Paints `v` over rows `y0...y1` and columns `x0...x1` clipped to the computed part;
            /// with `inHead`, only over head cells.
            func paint(_ y0: Int, _ y1: Int, _ x0: Int, _ x1: Int, _ v: Int8, inHead: Bool) {
                let ys = max(0, y0), ye = min(height - 1, y1), xs = max(0, x0), xe = min(width - 1, x1)
                guard ys <= ye, xs <= xe else { return }
                for y in ys...ye {
                    let row = inHead ? head[y] : ~0
                for x in xs...xe where row & (1 << x) != 0 { cells[x, y] = v }
                }
            }
            let face = c.tier >= 4 && c.eyes
            let columns: UInt32 = width == 32 ? ~0 : 0xFFFF
            for y in 0..<height {
                let inHead = head[y] & columns, inEye = face ? inHead & eyes[y] : 0
                (cells.base + y &* 32).update(repeating: bg, count: width)
                Self.paintBits(inHead & ~inEye, row: y, fill, cells)
                Self.paintBits(inEye, row: y, accent1, cells)
            }
            guard c.tier >= 4 else { break pass }
            if c.mouth { paint(cy + 2, cy + 5, 13, 19, featureColor, inHead: true) }
            if c.nose { paint(cy - 1, cy + 2, 14, 18, accent1, inHead: true) }
            if c.eyebrows {
                paint(cy - 6, cy - 4, 11, 14, featureColor, inHead: true)
                paint(cy - 6, cy - 4, 18, 21, featureColor, inHead: true)
            }
            if c.beard { paint(cy + 5, cy + 10, 11, 21, featureColor, inHead: true) }
            if c.ears {
                for y in 0..<height {
                    for x in 0..<width where Geometry.inCircle(Double(x), Double(y), 16 - R - 1.5, headCy - 2, 2.5) {
                        cells[y &* 32 &+ x] = fill
                    }
                }
            }
            if c.body { paint(23, 31, 8, 24, fill, inHead: false) }
            if c.hair { paint(0, cy - r + 1, 10, 22, featureColor, inHead: false) }
        }
        if mirrorX || mirrorY { mirror(cells, axis: c.axis) }
    }

    private static func hornAndAntlers(_ c: Configuration, _ canvas: Canvas, fill: Int8, R: Double, headCy: Double) {
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

    private static func appendages(_ c: Configuration, _ s: some SegmentHashing, _ canvas: Canvas, fill: Int8, R: Double, headCy: Double) {
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

    /// Sets `v` in row `y` at every column whose bit is set in `bits`.
    @inline(__always) private static func paintBits(_ bits: UInt32, row y: Int, _ v: Int8, _ cells: Cells) {
        var rest = bits
        while rest != 0 {
            cells[y &* 32 &+ rest.trailingZeroBitCount] = v
            rest &= rest &- 1
        }
    }

    /// Copies the first half onto the second: columns 16…31 from 15…0 (vertical axis) or rows
    /// 16…31 from 15…0. A half row is two 8-cell words, reversed by swapping their bytes.
    static func mirror(_ cells: Cells, axis: Configuration.Axis) {
        let base = UnsafeMutableRawPointer(cells.base)
        if axis == .vertical {
            for y in 0..<32 {
                let row = base + y &* 32
                let left = UInt64(littleEndian: row.loadUnaligned(as: UInt64.self))
                let middle = UInt64(littleEndian: row.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                row.storeBytes(of: middle.byteSwapped.littleEndian, toByteOffset: 16, as: UInt64.self)
                row.storeBytes(of: left.byteSwapped.littleEndian, toByteOffset: 24, as: UInt64.self)
            }
        } else {
            for y in 16..<32 { (base + y &* 32).copyMemory(from: base + (31 &- y) &* 32, byteCount: 32) }
        }
    }

    private static func applyMask(_ c: Configuration, _ cells: Cells) {
        guard let keep = ShapeTables.mask(c) else { return }
        for y in 0..<32 { paintBits(~keep[y], row: y, -1, cells) }
    }
}
