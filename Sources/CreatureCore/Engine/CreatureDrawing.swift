#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creature mode (docs/engine.md §5.5): head, face, features, horn, antlers, appendages, mirror,
/// asymmetry and shape mask, in that order.
enum CreatureDrawing {
    static func draw(_ c: Configuration, _ s: some SegmentHashing) -> Grid {
        let bg: Int8 = c.opaqueBackground ? 0 : -1
        let fill: Int8 = c.opaqueBackground ? 1 : 0
        var grid = Grid(filledWith: bg)
        grid.withCells { draw(c, s, Canvas($0), fill: fill) }
        return grid
    }

    /// `draw` into `grid`, every cell of which it sets: for drawing many creatures into one grid
    /// (a search), without a new grid each.
    static func draw(_ c: Configuration, _ s: some SegmentHashing, into grid: inout Grid) {
        let bg: Int8 = c.opaqueBackground ? 0 : -1
        let fill: Int8 = c.opaqueBackground ? 1 : 0
        grid.withCells { cells in
            cells.base.update(repeating: bg, count: 1024)
            draw(c, s, Canvas(cells), fill: fill)
        }
    }

    /// `draw`, noting which feature painted each cell last (for the alt text).
    static func drawLogged(_ c: Configuration, _ s: some SegmentHashing) -> (grid: Grid, log: PaintLog) {
        let bg: Int8 = c.opaqueBackground ? 0 : -1
        let fill: Int8 = c.opaqueBackground ? 1 : 0
        var grid = Grid(filledWith: bg), log = PaintLog()
        grid.withCells { cells in
            log.withCells { draw(c, s, Canvas(cells, log: $0), fill: fill) }
        }
        return (grid, log)
    }

    private static func draw(_ c: Configuration, _ s: some SegmentHashing, _ canvas: Canvas, fill: Int8) {
        if c.tier <= 2 {
            let r = c.tier == 1 ? 10 : 9 + 4 * s.h("size")
            // The cells of a row inside the circle are a run symmetric about 15.5 (|x − 15.5| is
            // 0.5, 1.5, …), and rows y and 31 − y are alike. A square root estimates how many
            // |x − 15.5| pass the §5 test; the test itself, with the same arithmetic, settles it.
            let rr = r * r
            for y in 0..<16 {
                let dy = Double(y) - 15.5, dy2 = dy * dy
                var half = dy2 <= rr ? min(16, Int((rr - dy2).squareRoot() + 0.5)) : 0
                while half < 16 && (0.5 + Double(half)) * (0.5 + Double(half)) + dy2 <= rr { half &+= 1 }
                while half > 0 && !((Double(half) - 0.5) * (Double(half) - 0.5) + dy2 <= rr) { half &-= 1 }
                let run = UInt32(truncatingIfNeeded: ((UInt64(1) << UInt64(2 &* half)) &- 1) << UInt64(16 &- half))
                canvas.grid.paint(row: y, run, fill)
                canvas.grid.paint(row: 31 &- y, run, fill)
            }
            return
        }
        let R: Double = c.creatureType == .alien ? 13 : 11
        let headCy: Double = c.body ? 12 : 16
        cellPass(c, canvas, fill: fill, R: R, headCy: headCy)
        if c.horn || c.antlers { hornAndAntlers(c, canvas, fill: fill, R: R, headCy: headCy) }
        if c.appendages { appendages(c, s, canvas, fill: fill, R: R, headCy: headCy) }
        if c.symmetric {
            mirror(canvas, axis: c.axis)
            if s.roll("asym_enable", 0.25) {
                for i in 0..<s.pick("asym_count", 5) {
                    let x = 16 + s.pick("asym_x_", i, 16), y = s.pick("asym_y_", i, 32)
                    canvas.grid[x, y] = Int8(min(s.pick("asym_c_", i, c.colorCount), 5))
                    canvas.log?.clear(y &* 32 &+ x)
                }
            }
        }
        applyMask(c, canvas)
    }

    /// The cell pass for tiers 3–5. Every value depends only on the mirrored coordinates
    /// `(mx, my)`, so with symmetry only one half is computed (then mirrored). The spec's per-cell
    /// "later wins" order is kept by painting the regions in that order; all regions but the head,
    /// eyes and ears are integer rectangles, so they are painted as ranges.
    private static func cellPass(_ c: Configuration, _ canvas: Canvas, fill: Int8, R: Double, headCy: Double) {
        let cells = canvas.grid
        // A colour the palette lacks is drawn as fill (the spec's final step, applied up front).
        let paletteCount = Int8(c.colorCount)
        let accent1: Int8 = 2 < paletteCount ? 2 : fill
        let featureColor: Int8 = c.colorCount > 2 ? (3 < paletteCount ? 3 : fill) : accent1
        let head = ShapeTables.head(c, r: R, headCy: headCy)
        let eyes = ShapeTables.eyes(c.eyeShape, headCy: headCy)
        let mirrorX = c.axis == .vertical && c.symmetric
        let mirrorY = c.axis == .horizontal && c.symmetric
        let width = mirrorX ? 16 : 32, height = mirrorY ? 16 : 32
        let cy = Int(headCy), r = Int(R)
        pass: do {
            /// Paints `v` for `feature` over rows `y0...y1` and columns `x0...x1` clipped to the
            /// computed part; with `inHead`, only over head cells.
            func paint(_ feature: DrawnParts.Feature, _ y0: Int, _ y1: Int, _ x0: Int, _ x1: Int, _ v: Int8, inHead: Bool) {
                let ys = max(0, y0), ye = min(height - 1, y1), xs = max(0, x0), xe = min(width - 1, x1)
                guard ys <= ye, xs <= xe else { return }
                let columns: UInt32 = (xe == 31 ? ~0 : (1 << UInt32(xe + 1)) - 1) & ~((1 << UInt32(xs)) - 1)
                for y in ys...ye {
                    let cells = (inHead ? head[y] : ~0) & columns
                    if let log = canvas.log {
                        Self.forEachBit(cells) { log.note(y &* 32 &+ $0, feature.rawValue, old: canvas.grid[y &* 32 &+ $0]) }
                    }
                    canvas.grid.paint(row: y, cells, v)
                }
            }
            let face = c.tier >= 4 && c.eyes
            let columns: UInt32 = width == 32 ? ~0 : 0xFFFF
            for y in 0..<height {
                // The grid starts as background, so only painted cells are written.
                let inHead = head[y] & columns, inEye = face ? inHead & eyes[y] : 0
                cells.paint(row: y, inHead & ~inEye, fill, inEye, accent1)
                // Without eyes these cells would be head fill.
                if let log = canvas.log { Self.forEachBit(inEye) { log.note(y &* 32 &+ $0, DrawnParts.Feature.eyes.rawValue, old: fill) } }
            }
            guard c.tier >= 4 else { break pass }
            if c.mouth { paint(.mouth, cy + 2, cy + 5, 13, 19, featureColor, inHead: true) }
            if c.nose { paint(.nose, cy - 1, cy + 2, 14, 18, accent1, inHead: true) }
            if c.eyebrows {
                paint(.eyebrows, cy - 6, cy - 4, 11, 14, featureColor, inHead: true)
                paint(.eyebrows, cy - 6, cy - 4, 18, 21, featureColor, inHead: true)
            }
            if c.beard { paint(.beard, cy + 5, cy + 10, 11, 21, featureColor, inHead: true) }
            if c.ears {
                let ears = canvas.painting(.ears)
                for y in 0..<height {
                    Self.forEachBit(Geometry.circleRow(y, 16 - R - 1.5, headCy - 2, 2.5) & columns) { ears.set($0, y, fill) }
                }
            }
            if c.body { paint(.body, 23, 31, 8, 24, fill, inHead: false) }
            if c.hair { paint(.hair, 0, cy - r + 1, 10, 22, featureColor, inHead: false) }
        }
        if mirrorX || mirrorY { mirror(canvas, axis: c.axis) }
    }

    private static func hornAndAntlers(_ c: Configuration, _ canvas: Canvas, fill: Int8, R: Double, headCy: Double) {
        let top = c.upsideDown ? (31 - headCy) + R : headCy - R
        let dir: Double = c.upsideDown ? 1 : -1
        if c.horn {
            let horn = canvas.painting(.horn)
            for i in 0...4 {
                let row = Canvas.round(top + dir * Double(i))
                if row >= 0 && row < 32 {
                    for x in 15...17 { horn.set(x, Int(row), fill) }
                }
            }
        }
        if c.antlers {
            let canvas = canvas.painting(.antlers)
            for i in 0...5 {
                let row = Canvas.round(top + dir * Double(i))
                if row >= 0 && row < 32 { canvas.set(16, Int(row), fill) }
            }
            let angles: [Double] = c.upsideDown ? [135, 45] : [225, 315]
            for a in angles {
                let rad = a * Double.pi / 180
                canvas.thickLine(x0: 16, y0: top + 5 * dir, dx: cos(rad), dy: sin(rad), length: 6,
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
        let canvas = canvas.painting(.appendages)
        for i in 0..<k {
            let ai = c.appendageRadial
                ? 90 + 180 * Double(i + 1) / Double(k + 1)
                : 120 + 120 * Double(i) / Double(max(1, k - 1))
            var a = ai + (s.h("leg_angle_", i) - 0.5) * 36
            if c.upsideDown { a = 360 - a }
            let len = base + 4 * s.h("append_", i)
            let th = max(1, thick0 + s.pick("leg_thick_", i, 3) - 1)
            let rad = a * Double.pi / 180
            let dx = cos(rad), dy = sin(rad)
            canvas.thickLine(x0: cx + (R + 1.5) * dx, y0: cy + (R + 1.5) * dy, dx: dx, dy: dy,
                             length: len, th0: Double(th), taper: taper, value: fill)
        }
    }

    /// Calls `body` with the index of every set bit of `bits`, lowest first.
    @inline(__always) private static func forEachBit(_ bits: UInt32, _ body: (Int) -> Void) {
        var rest = bits
        while rest != 0 {
            body(rest.trailingZeroBitCount)
            rest &= rest &- 1
        }
    }

    /// `mirror` of the cells and, when there is one, of the paint log.
    private static func mirror(_ canvas: Canvas, axis: Configuration.Axis) {
        mirror(canvas.grid, axis: axis)
        if let log = canvas.log {
            mirror(log.owners, axis: axis)
            mirror(log.under, axis: axis)
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

    private static func applyMask(_ c: Configuration, _ canvas: Canvas) {
        guard let keep = ShapeTables.mask(c) else { return }
        if let clear = ShapeTables.maskClearWords(c) {
            let cells = UnsafeMutableRawPointer(canvas.grid.base)
            clear.withUnsafeBufferPointer { clear in
                for i in 0..<128 {
                    let word = cells.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self)
                    cells.storeBytes(of: word | clear[i], toByteOffset: i &* 8, as: UInt64.self)
                }
            }
        } else {
            for y in 0..<32 { canvas.grid.paint(row: y, ~keep[y], -1) }
        }
        if let log = canvas.log { for y in 0..<32 { log.owners.paint(row: y, ~keep[y], 0) } }
    }
}
