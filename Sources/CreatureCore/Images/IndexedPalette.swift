/// The colours a sprite actually uses, as a compact palette for indexed formats (PNG, GIF).
///
/// Order: the fully transparent entry first (when any cell is transparent), then translucent
/// colours, then opaque ones in colour-index order. Identical colours share one entry.
struct IndexedPalette: Equatable, Sendable {
    /// The palette entries.
    var entries: [RGBA]
    /// Palette index for each cell value, at `lookup[value + 1]` (value −1…5).
    var lookup: [UInt8]
    /// How many leading entries are not fully opaque (the length of a PNG `tRNS` chunk).
    var translucentCount: Int
    /// Whether entry 0 is the fully transparent colour.
    var hasTransparent: Bool
    /// With a backdrop, the palette index of a transparent (−1) cell in each of the 32 rows (the
    /// row's backdrop colour); nil without one, when `lookup[0]` serves every row.
    var rowBackground: [UInt8]? = nil

    /// The palette of `sprite`. With `binaryAlpha`, alpha < 128 counts as transparent and the
    /// rest as opaque (for GIF); otherwise partial alpha is kept (for PNG). With `withTransparent`,
    /// entry 0 is the transparent colour even when no cell uses it.
    init(_ sprite: Sprite, binaryAlpha: Bool = false, withTransparent: Bool = false) {
        var used: UInt8 = 0
        sprite.grid.cells.withUnsafeBufferPointer { cells in
            for v in cells { used |= 1 &<< UInt8(truncatingIfNeeded: v &+ 1) }
        }
        // The colour of each cell value −1…5 (clear when unused), in a fixed-size tuple: this
        // runs for every PNG, and arrays here cost more than the rest of it.
        var valueColor: (RGBA, RGBA, RGBA, RGBA, RGBA, RGBA, RGBA) = (.clear, .clear, .clear, .clear, .clear, .clear, .clear)
        var entries: [RGBA] = []
        entries.reserveCapacity(8)
        var lookup = [UInt8](repeating: 0, count: 7)
        var translucentCount = 0
        withUnsafeMutableBytes(of: &valueColor) { raw in
            let valueColor = raw.bindMemory(to: RGBA.self)
            for value in 0..<7 where used & (1 << value) != 0 {
                var c = value == 0 ? RGBA.clear : sprite.colors[value - 1]
                if binaryAlpha { c.a = c.a < 128 ? 0 : 255 }
                if c.a == 0 { c = .clear }
                valueColor[value] = c
            }
            // Transparent, then translucent, then opaque, each in value order, without repeats.
            if withTransparent || (0..<7).contains(where: { used & (1 << $0) != 0 && valueColor[$0].a == 0 }) {
                entries.append(.clear)
            }
            for pass in 0..<2 {  // translucent, then opaque
                for value in 0..<7 where used & (1 << value) != 0 {
                    let c = valueColor[value]
                    if c.a != 0 && (c.a == 255) == (pass == 1) && !entries.contains(c) { entries.append(c) }
                }
                if pass == 0 { translucentCount = entries.count }
            }
            for value in 0..<7 { lookup[value] = UInt8(entries.firstIndex(of: valueColor[value]) ?? 0) }
        }
        hasTransparent = entries.first == .clear
        self.translucentCount = translucentCount
        self.entries = entries
        self.lookup = lookup
    }

    /// The palette of `sprite` standing on `backdrop`: transparent cells take their row's
    /// backdrop colour, appended after the sprite's own colours (only rows that show it count).
    /// Without a backdrop, the palette above.
    init(_ sprite: Sprite, backdrop: Backdrop?, binaryAlpha: Bool = false) {
        guard let backdrop else {
            self.init(sprite, binaryAlpha: binaryAlpha)
            return
        }
        var showing = [Bool](repeating: false, count: Grid.side)
        sprite.grid.cells.withUnsafeBufferPointer { cells in
            for i in cells.indices where cells[i] < 0 { showing[i >> 5] = true }
        }
        // The sprite's own colours: its palette with the transparent cells painted over by a
        // colour it already uses (creature colours are opaque, so nothing else changes).
        var grid = sprite.grid
        let visible = grid.cells.first { $0 >= 0 }
        if let visible { for i in grid.cells.indices where grid.cells[i] < 0 { grid.cells[i] = visible } }
        self.init(Sprite(grid: grid, colors: sprite.colors), binaryAlpha: binaryAlpha)
        if visible == nil { (entries, translucentCount, hasTransparent) = ([], 0, false) }
        guard showing.contains(true) else { return }
        var rows = [UInt8](repeating: 0, count: Grid.side)
        for y in 0..<Grid.side where showing[y] {
            let c = backdrop.rows[y]
            if let i = entries.firstIndex(of: c) {
                rows[y] = UInt8(i)
            } else {
                rows[y] = UInt8(entries.count)
                entries.append(c)
            }
        }
        lookup[0] = rows[showing.firstIndex(of: true)!]
        // One colour behind every row (a plain colour) needs no per-row lookup.
        let shown = zip(rows, showing).filter(\.1).map(\.0)
        rowBackground = shown.allSatisfy { $0 == lookup[0] } ? nil : rows
    }

    /// The smallest number of bits (1, 2, 4 or 8) that can index every entry.
    var bitDepth: Int {
        switch entries.count {
        case ...2: 1
        case ...4: 2
        case ...16: 4
        default: 8
        }
    }

    /// The smallest exponent `n` ≥ 1 with `2^n` ≥ the entry count (GIF colour-table size).
    var tableBits: Int {
        var n = 1
        while (1 << n) < entries.count { n += 1 }
        return n
    }
}
