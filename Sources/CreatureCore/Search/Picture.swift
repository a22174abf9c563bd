#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a creature looks like and nothing else: the colour of each of its 1,024 cells, or none.
/// Two creatures draw the same picture exactly when their `Picture`s are equal, whatever their
/// seeds, engines or palettes (palette entries no cell uses do not count). Each colour any engine
/// can draw has one small number (0 is transparent), so a picture is 1,024 such bytes, hashed once.
public struct Picture: Hashable, Sendable {
    /// Row-major cells, `cells[y * 32 + x]`: 0 for transparent, else the colour's number
    /// (`Picture.colour(number:)`).
    public let cells: [UInt8]
    /// A 64-bit hash of `cells`, worked out once.
    public let fingerprint: UInt64

    /// The picture `creature` draws.
    public init(_ creature: Creature) {
        self.init(creature.grid, Picture.table(creature.engine, creature.configuration))
    }

    /// The picture of `grid` whose cell values −1…5 show the colours numbered `table` (`table(_:_:)`).
    init(_ grid: Grid, _ table: [UInt8]) {
        cells = [UInt8](unsafeUninitializedCapacity: 1024) { out, count in
            Picture.number(grid, table, into: out.baseAddress!)
            count = 1024
        }
        fingerprint = Picture.hash(cells)
    }

    /// Writes the 1,024 cells of `grid` as the colour numbers `table` gives its values to `out`.
    static func number(_ grid: Grid, _ table: [UInt8], into out: UnsafeMutablePointer<UInt8>) {
        table.withUnsafeBufferPointer { numbers in
            grid.cells.withUnsafeBufferPointer { grid in
                for i in 0..<1024 { out[i] = numbers[Int(grid[i]) &+ 1] }
            }
        }
    }

    /// How many colours `creature` shows and its dominant one (the colour covering the most
    /// cells, ties to the one met first row by row); nil when every cell is transparent. From the
    /// grid's seven cell values, without building the picture: it runs for every candidate of a
    /// search for colours.
    public static func shownColours(_ creature: Creature) -> (count: Int, dominant: RGBA?) {
        shownColours(creature.grid, table(creature.engine, creature.configuration))
    }

    /// `shownColours` of `grid` whose cell values −1…5 show the colours numbered `table`.
    static func shownColours(_ grid: Grid, _ table: [UInt8]) -> (count: Int, dominant: RGBA?) {
        let counts = Picture.valueCounts(grid)
        // Cell values showing the same colour are merged into the first of them (no list: this
        // runs for every candidate); then the largest, ties to the colour met first.
        var merged = SIMD8<Int32>(), shown = 0
        for value in 0..<6 where counts[value + 1] > 0 {
            var first = value
            for earlier in 0..<value where counts[earlier + 1] > 0 && table[earlier + 1] == table[value + 1] {
                first = earlier
                break
            }
            if first == value { shown += 1 }
            merged[first] &+= counts[value + 1]
        }
        var best = -1
        for value in 0..<6 where merged[value] > 0 {
            if best < 0 || merged[value] > merged[best]
                || merged[value] == merged[best] && firstCell(of: table[value + 1], table, grid) < firstCell(of: table[best + 1], table, grid) {
                best = value
            }
        }
        return best < 0 ? (0, nil) : (shown, palette[Int(table[best + 1])])
    }

    /// How many cells hold each value v = 0…5, in lane v + 1 (lane 0, transparent, is not
    /// counted). Sixteen cells a step, each value's matches added in byte lanes (at most 64 a
    /// lane): a scalar histogram stalls on its own stores when neighbouring cells match.
    static func valueCounts(_ grid: Grid) -> SIMD8<Int32> {
        grid.cells.withUnsafeBytes { raw in
            // Vector against vector, blended: a comparison with a scalar, or a mask cast to
            // bytes, is built lane by lane.
            let one = SIMD16<UInt8>(repeating: 1), zero = SIMD16<UInt8>()
            let k0 = zero, k1 = one, k2 = SIMD16<UInt8>(repeating: 2), k3 = SIMD16<UInt8>(repeating: 3)
            let k4 = SIMD16<UInt8>(repeating: 4), k5 = SIMD16<UInt8>(repeating: 5)
            var c0 = zero, c1 = zero, c2 = zero, c3 = zero, c4 = zero, c5 = zero
            for offset in stride(from: 0, to: 1024, by: 16) {
                let v = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                c0 &+= zero.replacing(with: one, where: v .== k0)
                c1 &+= zero.replacing(with: one, where: v .== k1)
                c2 &+= zero.replacing(with: one, where: v .== k2)
                c3 &+= zero.replacing(with: one, where: v .== k3)
                c4 &+= zero.replacing(with: one, where: v .== k4)
                c5 &+= zero.replacing(with: one, where: v .== k5)
            }
            func total(_ c: SIMD16<UInt8>) -> Int32 { Int32(SIMD16<UInt16>(truncatingIfNeeded: c).wrappedSum()) }
            return SIMD8<Int32>(0, total(c0), total(c1), total(c2), total(c3), total(c4), total(c5), 0)
        }
    }

    /// The colours (as numbers, distinct, none transparent) that a creature of `configuration`
    /// drawn by `engine` can show at most: those of the cell values its drawing can write. Creature
    /// mode writes the background, fill, accent and feature colours (tier 1–2: background and fill
    /// only) and, when symmetric, asymmetry cells of any palette value; pattern modes may write
    /// every value. A search rules colour wants out with it before drawing.
    static func possibleColours(_ engine: EngineVersion, _ configuration: Configuration) -> (numbers: SIMD8<UInt8>, count: Int) {
        let table = Picture.table(engine, configuration)
        // Cell value v (−1…5) as bit v + 1; pattern modes may write any.
        var values: UInt8 = 0x7F
        if configuration.mode == .creature {
            // As CreatureDrawing paints them.
            let fill = configuration.opaqueBackground ? 1 : 0, background = fill - 1, palette = configuration.colorCount
            values = 1 << (background + 1) | 1 << (fill + 1)
            if configuration.tier >= 3 {
                let accent = 2 < palette ? 2 : fill, feature = palette > 2 ? (3 < palette ? 3 : fill) : accent
                values |= 1 << (accent + 1) | 1 << (feature + 1)
                // Asymmetry cells: values 0…min(palette − 1, 5).
                if configuration.symmetric { values |= UInt8(truncatingIfNeeded: (1 << (min(palette, 6) + 1)) - 2) }
            }
        }
        var numbers = SIMD8<UInt8>(), count = 0
        for v in 0..<7 where values & (1 << v) != 0 {
            let n = table[v]
            if n != 0 && !(0..<count).contains(where: { numbers[$0] == n }) {
                numbers[count] = n
                count += 1
            }
        }
        return (numbers, count)
    }

    /// The first cell (row by row) showing colour `number`.
    private static func firstCell(of number: UInt8, _ table: [UInt8], _ grid: Grid) -> Int {
        grid.cells.firstIndex { table[Int($0) &+ 1] == number } ?? 1024
    }

    /// The colour numbers of cell values −1…5 for a creature of `configuration` drawn by `engine`.
    static func table(_ engine: EngineVersion, _ configuration: Configuration) -> [UInt8] {
        tables[engine == .v1 ? 0 : 1][configuration.paletteIndex &* 7 &+ configuration.colorCount]
    }

    /// The picture of `seed` drawn by `engine`.
    public init(seed: String, engine: EngineVersion) { self.init(Creature(seed: seed, engine: engine)) }

    /// Equal fingerprints, then the cells compared as bytes (`Array.==` goes element by element).
    public static func == (a: Picture, b: Picture) -> Bool {
        a.fingerprint == b.fingerprint && a.cells.withUnsafeBytes { x in b.cells.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, 1024) == 0 } }
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

    /// Whether the 1,024 cells at `a` and at `b` are the same.
    @inline(__always)
    public static func sameCells(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>) -> Bool { memcmp(a, b, 1024) == 0 }

    /// Every cell transparent: a stand-in for a picture still to be drawn.
    public static let transparent: Picture = [UInt8](repeating: 0, count: 1024).withUnsafeBufferPointer {
        Picture(cells: $0.baseAddress!, fingerprint: hash(UnsafeRawPointer($0.baseAddress!)))
    }

    /// The picture whose 1,024 cells are at `cells`, with their fingerprint.
    init(cells: UnsafePointer<UInt8>, fingerprint: UInt64) {
        self.cells = Array(UnsafeBufferPointer(start: cells, count: 1024))
        self.fingerprint = fingerprint
    }

    /// The colour of number `number` (1… as in `cells`); transparent for 0.
    public static func colour(number: UInt8) -> RGBA { palette[Int(number)] }

    /// Every colour an engine can draw (palette colours, and the fallback a tier 1–3 accent
    /// shows), boosted for v2.
    public static func drawableColours(_ engine: EngineVersion) -> [RGBA] {
        let (own, fallback) = engine == .v1 ? (V1Constants.paletteColors, V1Constants.fallbackRGBA)
                                            : (V2Colors.paletteColors, V2Colors.fallbackRGBA)
        // Of the fallbacks only index 2's is ever drawn, as the accent of a two-colour pattern
        // (docs/engine.md §5: other cell values past the palette become the fill).
        var list: [RGBA] = []
        for c in own.joined() + [fallback[2]] where !list.contains(c) { list.append(c) }
        return list
    }

    // MARK: Colour numbers

    /// Colour 0 is transparent; then every palette colour and fallback of both engines, once.
    private static let palette: [RGBA] = {
        var list: [RGBA] = [.clear]
        for c in V1Constants.paletteColors.joined() + V1Constants.fallbackRGBA + V2Colors.paletteColors.joined() + V2Colors.fallbackRGBA
        where !list.contains(c) { list.append(c) }
        return list
    }()

    private static let numbers: [RGBA: UInt8] = Dictionary(uniqueKeysWithValues: palette.enumerated().map { ($1, UInt8($0)) })

    /// `tables[e][p·7 + n]`: for engine `e` the colour numbers of cell values −1…5 for palette
    /// `p` using its first `n` colours (as `Creature.colors` makes them).
    private static let tables: [[[UInt8]]] = [(V1Constants.paletteColors, V1Constants.fallbackRGBA),
                                              (V2Colors.paletteColors, V2Colors.fallbackRGBA)].map { own, fallback in
        own.flatMap { colours in
            (0...6).map { n in [0] + (0..<6).map { numbers[$0 < n ? colours[$0] : fallback[$0]]! } }
        }
    }

    /// Four interleaved multiply–xor lanes over the 128 words, then mixed.
    private static func hash(_ cells: [UInt8]) -> UInt64 {
        cells.withUnsafeBytes { hash(UnsafeRawPointer($0.baseAddress!)) }
    }

    /// The hash of the 1,024 cells at `raw`.
    static func hash(_ raw: UnsafeRawPointer) -> UInt64 {
        var lanes = SIMD4<UInt64>(0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)
        for w in stride(from: 0, to: 1024, by: 32) {
            let v = raw.loadUnaligned(fromByteOffset: w, as: SIMD4<UInt64>.self)
            lanes = (lanes ^ v) &* 0x0000_0100_0000_01B3
            lanes ^= lanes &>> 29
        }
        var h = lanes[0] ^ (lanes[1] &* 31) ^ (lanes[2] &* 961) ^ (lanes[3] &* 29_791)
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        return h
    }
}
