#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The non-creature modes (docs/engine.md §5.1–5.4): cloud, flower, repeating and space.
enum PatternDrawing {
    /// Colours and bounds shared by the patterns.
    private struct Frame {
        let bg: Int8, fill: Int8, accent1: Int8, accent2: Int8, yMax: Int
        let c = 15.5
        init(_ config: Configuration) {
            bg = config.opaqueBackground ? 0 : -1
            fill = config.opaqueBackground ? 1 : 0
            accent1 = 2
            accent2 = config.colorCount > 3 ? 3 : 2
            yMax = config.axis == .horizontal ? 16 : 32
        }
    }

    static func draw(_ config: Configuration, _ s: some SegmentHashing) -> Grid {
        var grid = Grid(filledWith: Frame(config).bg)
        draw(config, s, into: &grid, filled: true)
        return grid
    }

    /// `draw` into `grid`, every cell of which it sets (`filled`: it holds the background already).
    static func draw(_ config: Configuration, _ s: some SegmentHashing, into grid: inout Grid, filled: Bool = false) {
        let f = Frame(config)
        grid.withCells { cells in
            if !filled { cells.base.update(repeating: f.bg, count: 1024) }
            switch config.mode {
            case .cloud: cloud(config, s, f, cells)
            case .flower: flower(s, f, cells)
            case .repeating: repeating(s, f, cells)
            case .space: space(s, f, cells)
            case .creature: preconditionFailure("creature mode is drawn by CreatureDrawing")
            }
            if config.axis == .horizontal {
                for x in 0..<32 {
                    for y in 16..<32 where 30 - y >= 0 { cells[x, y] = cells[x, 30 - y] }
                }
            }
        }
    }

    private static func cloud(_ config: Configuration, _ s: some SegmentHashing, _ f: Frame, _ grid: Cells) {
        let accent = config.colorCount > 2 ? 2 : f.fill
        let n = 4 + s.pick("cloud_n", 4)
        let blobs = (0..<n).map { i -> (x: Double, y: Double, r: Double, v: Int8) in
            let x: Double = s.h("cloud_x_", i), y: Double = s.h("cloud_y_", i), r: Double = s.h("cloud_r_", i)
            return (x: f.c + (x - 0.5) * 20, y: f.c + (y - 0.5) * 16, r: 5 + r * 6, v: i % 2 == 0 ? accent : f.fill)
        }
        // The first blob holding a cell wins: paint the last blob first so earlier ones overwrite.
        for b in blobs.reversed() {
            for y in 0..<f.yMax { grid.paint(row: y, Geometry.circleRow(y, b.x, b.y, b.r), b.v) }
        }
    }

    private static func flower(_ s: some SegmentHashing, _ f: Frame, _ grid: Cells) {
        let centerR = 3 + 2 * s.h("flower_center")
        let petals = 5 + s.pick("flower_petals", 5)
        let petalR = 4 + 3 * s.h("flower_pr")
        let centres = (0..<petals).map { i in
            let angle = 2 * Double.pi * Double(i) / Double(petals) + 0.5 * s.h("flower_a_", i)
            return (x: f.c + 8 * cos(angle), y: f.c + 8 * sin(angle), v: s.h("flower_c_", i) < 0.5 ? f.fill : f.accent2)
        }
        // Per row: the centre, then each petal over the cells no earlier circle holds.
        for y in 0..<f.yMax {
            let centre = Geometry.circleRow(y, f.c, f.c, centerR)
            grid.paint(row: y, centre, f.accent1)
            var free = ~centre
            for p in centres {
                let petal = Geometry.circleRow(y, p.x, p.y, petalR) & free
                grid.paint(row: y, petal, p.v)
                free &= ~petal
            }
        }
    }

    private static func repeating(_ s: some SegmentHashing, _ f: Frame, _ grid: Cells) {
        let tile = 4 + s.pick("tile_size", 2)
        for dy in 0..<tile {
            for dx in 0..<tile {
                let u = s.h("tile_", dy, dx), v = s.h("tile_c_", dy, dx)
                let value = u < 0.4 ? f.fill : v < 0.5 ? f.accent1 : f.accent2
                for ty in stride(from: 0, to: f.yMax, by: tile) where ty + dy < f.yMax {
                    for tx in stride(from: 0, to: 32, by: tile) where tx + dx < 32 {
                        grid[tx + dx, ty + dy] = value
                    }
                }
            }
        }
    }

    private static func space(_ s: some SegmentHashing, _ f: Frame, _ grid: Cells) {
        switch s.pick("space_kind", 4) {
        case 0: moon(s, f, grid)
        case 1: stars(s, f, grid)
        case 2: nebula(s, f, grid)
        default: galaxy(s, f, grid)
        }
    }

    private static func moon(_ s: some SegmentHashing, _ f: Frame, _ grid: Cells) {
        let r = 10 + 4 * s.h("moon_r")
        for y in 0..<f.yMax { grid.paint(row: y, Geometry.circleRow(y, f.c, f.c, r), f.fill) }
        for i in 0..<(2 + s.pick("moon_c", 3)) {
            let cx = f.c + (s.h("moon_cx_", i) - 0.5) * 12, cy = f.c + (s.h("moon_cy_", i) - 0.5) * 12
            let cr = 1.5 + 2 * s.h("moon_cr_", i)
            for y in 0..<f.yMax { grid.paint(row: y, Geometry.circleRow(y, cx, cy, cr), f.bg) }
        }
    }

    private static func stars(_ s: some SegmentHashing, _ f: Frame, _ grid: Cells) {
        for i in 0..<(15 + s.pick("stars_n", 25)) {
            let sx = s.pick("star_x_", i, 32), sy = s.pick("star_y_", i, f.yMax)
            let v = s.h("star_c_", i) < 0.3 ? f.accent1 : f.accent2
            grid[sx, sy] = v
            if sx > 0 { grid[sx - 1, sy] = v }
            if sy > 0 { grid[sx, sy - 1] = v }
        }
    }

    private static func nebula(_ s: some SegmentHashing, _ f: Frame, _ grid: Cells) {
        // Bit x of row y: the cell still holds the background (no colour painted here is `bg`).
        var background = [UInt32](repeating: ~0, count: 32)
        for i in 0..<(5 + s.pick("nebula_n", 6)) {
            let cx = f.c + (s.h("neb_x_", i) - 0.5) * 28, cy = f.c + (s.h("neb_y_", i) - 0.5) * 28
            let r = 4 + 8 * s.h("neb_r_", i)
            let v = i % 2 == 0 ? f.fill : s.h("neb_c_", i) < 0.5 ? f.accent1 : f.accent2
            for y in 0..<f.yMax {
                let cells = Geometry.ellipseRow(y, cx, cy, 1.2 * r, 0.8 * r) & background[y]
                grid.paint(row: y, cells, v)
                background[y] &= ~cells
            }
        }
    }

    private static func galaxy(_ s: some SegmentHashing, _ f: Frame, _ grid: Cells) {
        let arms = 2 + s.pick("galaxy_arms", 2)
        let R = 6 + 6 * s.h("galaxy_r")
        let armFill = (0..<arms).map { s.h("galaxy_c_", $0) < 0.5 ? f.fill : f.accent1 }
        let outer = R + 3 * Double(arms), half = R * 0.5
        let cells = galaxyCells
        // The ids are "galaxy_x_y" and "galaxy_d_x_y": per column, the hashes of the rows needed.
        // A cell farther than R/2 passes the spread test whatever its hash (h < 1, so
        // h·R·0.5 ≤ R·0.5), so spreads are worked out only within R/2 of the centre, and twists only
        // for rows that can be within `outer`.
        let spreadRows = max(0, Int(15.5 - half) &- 1)..<min(f.yMax, Int(15.5 + half) &+ 2)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { buffer in
            let spreads = buffer.baseAddress!, twists = buffer.baseAddress! + 32
            let spread = s.appending("galaxy_d_"), twist = s.appending("galaxy_")
            for x in 0..<32 {
                let dx = Double(x) - f.c
                guard abs(dx) < outer else { continue }
                let w = (outer * outer - dx * dx).squareRoot()
                let rows = max(0, Int(f.c - w) &- 1)..<min(f.yMax, Int(f.c + w) &+ 2)
                guard !rows.isEmpty else { continue }
                twist.appending(number: x).h(numbers: rows, into: twists)
                if abs(dx) <= half { spread.appending(number: x).h(numbers: spreadRows, into: spreads) }
                for y in rows {
                    let cell = cells[y &* 32 &+ x]
                    // Within R/2, |dx| and |dy| are at most R/2, so the spread was worked out.
                    guard cell.d < outer && (cell.d > half || cell.d > spreads[y] * R * 0.5) else { continue }
                    let arm = Int(cell.turn * Double(arms) + 0.2 * twists[y]) % arms
                    grid[x, y] = arm >= 0 ? armFill[arm] : (s.h("galaxy_c_", arm) < 0.5 ? f.fill : f.accent1)
                }
            }
        }
    }

    /// Cell `y·32 + x`: its distance `d` from the centre (15.5, 15.5) and its angle as a fraction of
    /// a turn, `atan2(dy, dx) / (2π)`, the same for every galaxy (§5.4), so worked out once.
    private static let galaxyCells: [(d: Double, turn: Double)] = (0..<1024).map { i in
        let dx = Double(i % 32) - 15.5, dy = Double(i / 32) - 15.5
        return ((dx * dx + dy * dy).squareRoot(), atan2(dy, dx) / (2 * Double.pi))
    }
}
