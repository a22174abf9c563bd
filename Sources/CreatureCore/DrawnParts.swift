/// What a reader can see in a creature's final grid: its colours by area, the background around
/// it, and the optional features that left cells in it. The alt text is built from this.
struct DrawnParts {
    /// Optional features of creature mode, in the order a description lists them; the raw value
    /// marks the cells a feature paints in a `PaintLog` (0 is none).
    enum Feature: Int8, CaseIterable, Sendable {
        case eyes = 1, eyebrows, nose, mouth, beard, hair, ears, horn, antlers, body, appendages
    }

    /// The background as the cells around the picture (the outer ring, corners included) show it.
    enum Background: Equatable, Sendable {
        /// At least half of the ring is see-through (a quarter when the background is).
        case transparent
        /// At least a quarter of the ring shows the painted background: its colour name.
        case colour(String)
        /// A painted background cut to the shape mask, the ring mostly see-through.
        case backdrop(String, CoreShape)
        /// The picture itself covers (nearly) all of the ring, as a repeating pattern does.
        case covered
    }

    /// Colour names of the picture (background cells left out), largest area first, with their
    /// cell counts; identical names are merged.
    let colours: [(name: String, cells: Int)]
    /// What surrounds the picture.
    let background: Background
    /// Features whose cells survive, with how many separate pieces they show (eyes, legs…).
    let features: [(feature: Feature, pieces: Int)]

    /// The parts of `creature` as drawn; `log` is the paint log of its drawing when it was drawn
    /// with one (else the creature is drawn again with a log to find its features).
    init(_ creature: Creature, log: PaintLog? = nil) {
        let grid = creature.grid, config = creature.configuration, names = creature.colourNames
        let bgIndex: Int8 = config.opaqueBackground ? 0 : -1
        background = DrawnParts.background(grid, names, config, bgIndex: bgIndex)
        var excluded: Int8? = nil
        switch background {
        case .colour, .backdrop: excluded = bgIndex
        case .transparent, .covered: break
        }
        colours = DrawnParts.colours(grid, names, excluding: excluded)
        features = DrawnParts.namesFeatures(config) ? DrawnParts.features(creature, log: log) : []
    }

    /// Whether the alt text names features: creatures of tier 3 and up, of either engine (only
    /// they are drawn with features the paint log can tell apart).
    static func namesFeatures(_ c: Configuration) -> Bool {
        c.mode == .creature && c.tier >= 3
    }

    // MARK: Colours and background

    private static func colours(_ grid: Grid, _ names: [String], excluding excluded: Int8?) -> [(name: String, cells: Int)] {
        var counts = cellCounts(grid)
        if let excluded, excluded >= 0 { counts[Int(excluded)] = 0 }
        var merged: [(name: String, cells: Int)] = []
        merged.reserveCapacity(6)
        for index in 0..<6 where counts[index] > 0 {
            let name = names[index]
            if let i = merged.firstIndex(where: { $0.name == name }) { merged[i].cells += counts[index] }
            else { merged.append((name, counts[index])) }
        }
        // Largest area first; stable (equal areas keep palette order): an insertion sort of six.
        for i in merged.indices.dropFirst() {
            let item = merged[i]
            var j = i
            while j > 0 && merged[j - 1].cells < item.cells { merged[j] = merged[j - 1]; j -= 1 }
            merged[j] = item
        }
        return merged
    }

    /// How many cells hold each palette index 0…5 (lanes 0–5; see-through cells are not counted):
    /// `Picture.valueCounts`, sixteen cells a step.
    static func cellCounts(_ grid: Grid) -> SIMD8<Int> {
        let c = Picture.valueCounts(grid)
        return SIMD8<Int>(Int(c[1]), Int(c[2]), Int(c[3]), Int(c[4]), Int(c[5]), Int(c[6]), 0, 0)
    }

    /// The 124 cells of the outer ring, corners included: what surrounds the picture.
    static let edge: [Int] = (0..<1024).filter { i in
        let x = i % 32, y = i / 32
        return x == 0 || x == 31 || y == 0 || y == 31
    }

    /// Read from the outer ring rather than the four corners alone, so that a limb reaching a
    /// corner does not hide a see-through background.
    private static func background(_ grid: Grid, _ names: [String], _ config: Configuration, bgIndex: Int8) -> Background {
        var clear = 0, painted = 0
        for i in edge {
            let v = grid.cells[i]
            if v < 0 { clear += 1 } else if v == bgIndex { painted += 1 }
        }
        if clear * 2 >= edge.count {
            if bgIndex >= 0, case .shape(let shape) = config.shapeMask, grid.cells.contains(bgIndex) {
                return .backdrop(names[Int(bgIndex)], shape)
            }
            return .transparent
        }
        // Limbs may cover much of the ring; a quarter still shows what lies behind them.
        if bgIndex < 0 && clear * 4 >= edge.count { return .transparent }
        if bgIndex >= 0 && painted * 4 >= edge.count { return .colour(names[Int(bgIndex)]) }
        return .covered
    }

    // MARK: Features

    /// The features the configuration turns on whose cells survive: the paint log of the drawing
    /// (drawn again with one, under the creature's engine, when none is given) tells per feature the cells that would change
    /// were it left out (the same cells as drawing it away again). The body moves the head, so it
    /// is found by its place.
    private static func features(_ creature: Creature, log given: PaintLog?) -> [(feature: Feature, pieces: Int)] {
        let c = creature.configuration
        let log: PaintLog
        if let given { log = given } else {
            switch creature.hash {
            case .v1(let s): log = CreatureDrawing.drawLogged(c, s).log
            case .v2(let s): log = CreatureDrawing.drawLogged(c, s).log
            }
        }
        let changedRows = log.changedRows(in: creature.grid)
        var found: [(feature: Feature, pieces: Int)] = []
        for feature in Feature.allCases where feature.isOn(in: c) {
            // Below tier 4 only the appendages of a configuration are drawn (§5.5).
            guard c.tier >= 4 || feature == .appendages else { continue }
            if feature == .body {
                if bodyShows(creature.grid, c) { found.append((.body, 1)) }
                continue
            }
            let first = Int(feature.rawValue) * 32
            let changed = changedRows[first..<(first + 32)]
            guard changed.contains(where: { $0 != 0 }) else { continue }
            found.append((feature, pieceCount(feature, changedRows: changed, c)))
        }
        return found
    }

    /// How many pieces of `feature` to name, from the rows its surviving cells change: counted
    /// pieces, at most as many as the configuration draws (eyes and eyebrows 2, or 4 mirrored
    /// across a horizontal axis; ears 1, or 2 mirrored vertically; the configured limbs).
    static func pieceCount(_ feature: Feature, changedRows: ArraySlice<UInt32>, _ c: Configuration) -> Int {
        let most: Int
        switch feature {
        case .eyes, .eyebrows: most = c.symmetric && c.axis == .horizontal ? 4 : 2
        case .ears: most = c.symmetric && c.axis == .vertical ? 2 : 1
        case .appendages: most = (c.appendageCount / 2) * (c.symmetric ? 2 : 1)
        default: most = 1
        }
        return most == 1 ? 1 : min(pieces(changedRows), most)
    }

    /// Whether a cell of the body (§5.5: `my > 22`, `|mx − 16| ≤ 8`, outside the head) still
    /// holds the fill colour. With symmetry only the left half is read (asymmetry never
    /// touches it).
    private static func bodyShows(_ grid: Grid, _ c: Configuration) -> Bool {
        let fill: Int8 = c.opaqueBackground ? 1 : 0
        let r: Double = c.creatureType == .alien ? 13 : 11
        let head = ShapeTest(mask: c.shapeMask == .rect ? .shape(.circle) : c.shapeMask,
                             cx: 15.5, cy: 12 - 0.5, r: r, aspectX: c.aspectX, aspectY: c.aspectY)
        let mirrorX = c.symmetric && c.axis == .vertical, mirrorY = c.symmetric && c.axis == .horizontal
        for y in 23..<32 {
            for x in 0..<(c.symmetric ? 16 : 32) where grid[x, y] == fill {
                let mx = mirrorX && x >= 16 ? 31 - x : x, my = mirrorY && y >= 16 ? 31 - y : y
                if my > 22, abs(mx - 16) <= 8, !head.contains(Double(mx), Double(my)) { return true }
            }
        }
        return false
    }

    /// The number of 8-connected pieces among the marked cells (bit `x` of `rows[y]`): runs of
    /// cells in a row are joined to the runs they touch in the row above.
    static func pieces(_ rows: some Collection<UInt32>) -> Int {
        // At most 16 runs in a row of 32 cells: fixed buffers, no allocation per row.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: rows.count &* 16 &+ 1) { parent in
            withUnsafeTemporaryAllocation(of: (lo: Int, hi: Int, id: Int).self, capacity: 32) { runs in
                func root(_ i: Int) -> Int {
                    var i = i
                    while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
                    return i
                }
                var ids = 0, count = 0
                // Runs of the row above at `above..<above + aboveCount`, this row's after them.
                var above = 0, aboveCount = 0
                for row in rows {
                    let here = above == 0 ? 16 : 0
                    var hereCount = 0
                    var bits = UInt64(row)
                    while bits != 0 {
                        let lo = bits.trailingZeroBitCount
                        let hi = lo + (~(bits >> UInt64(lo))).trailingZeroBitCount - 1
                        bits &= ~((1 << UInt64(hi + 1)) - 1)
                        let id = ids
                        parent[id] = id
                        ids += 1
                        count += 1
                        for k in above..<(above + aboveCount) where runs[k].lo <= hi + 1 && runs[k].hi >= lo - 1 {
                            let a = root(runs[k].id), b = root(id)
                            if a != b { parent[a] = b; count -= 1 }
                        }
                        runs[here + hereCount] = (lo, hi, id)
                        hereCount += 1
                    }
                    above = here
                    aboveCount = hereCount
                }
                return count
            }
        }
    }
}

extension DrawnParts.Feature {
    /// Whether the configuration asks for this feature.
    func isOn(in c: Configuration) -> Bool {
        switch self {
        case .eyes: c.eyes
        case .eyebrows: c.eyebrows
        case .nose: c.nose
        case .mouth: c.mouth
        case .beard: c.beard
        case .hair: c.hair
        case .ears: c.ears
        case .horn: c.horn
        case .antlers: c.antlers
        case .body: c.body
        case .appendages: c.appendages
        }
    }
}
