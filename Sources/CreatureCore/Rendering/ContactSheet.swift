import CZlib

/// A contact sheet: creatures on their skies in rounded tiles on a grid, on a transparent page,
/// as one RGBA PNG (the README's picture, `fonsters-rpc sheet`).
public struct ContactSheet: Sendable {
    /// One tile: a seed and the engine that draws it.
    public struct Tile: Sendable {
        /// The seed drawn (as given; the render-seed rule applies).
        public var seed: String
        /// The engine that draws it.
        public var engine: EngineVersion
        /// A tile of `seed` drawn by `engine`.
        public init(seed: String, engine: EngineVersion) { self.seed = seed; self.engine = engine }
    }

    /// Tiles in reading order.
    public var tiles: [Tile]
    /// Tiles per row.
    public var columns: Int
    /// Image pixels per cell (a tile is `32 × scale` pixels a side).
    public var scale: Int

    /// A sheet of `tiles`, `columns` to a row, each cell `scale` pixels.
    public init(tiles: [Tile], columns: Int, scale: Int) {
        self.tiles = tiles
        self.columns = columns
        self.scale = scale
    }

    /// The sheet as a PNG (colour type 6, 8 bits): tiles `scale × 4` pixels apart and from the
    /// edges, corners rounded with a radius of `scale × 3` pixels.
    public func png() throws -> [UInt8] {
        try ImageSize.validate(scale: scale)
        guard !tiles.isEmpty, (1...64).contains(columns), tiles.count <= 1024 else { throw ImageError.noFrames }
        let tile = Grid.side * scale, gap = 4 * scale, radius = 3 * scale
        let rows = (tiles.count + columns - 1) / columns
        let width = min(columns, tiles.count) * (tile + gap) + gap, height = rows * (tile + gap) + gap
        var pixels = [RGBA](repeating: .clear, count: width * height)
        for (n, t) in tiles.enumerated() {
            let creature = Creature(seed: t.seed, engine: t.engine)
            let backdrop = Background.sky.backdrop(seed: t.seed, engine: t.engine)!
            let left = gap + (n % columns) * (tile + gap), top = gap + (n / columns) * (tile + gap)
            for y in 0..<tile {
                for x in 0..<tile where Self.insideRoundedSquare(x, y, side: tile, radius: radius) {
                    let v = creature.grid[x / scale, y / scale]
                    pixels[(top + y) * width + left + x] = v < 0 ? backdrop.rows[y / scale] : creature.colors[Int(v)]
                }
            }
        }
        return try Self.encodeRGBA(pixels, width: width, height: height)
    }

    /// Whether pixel (x, y) of a square of `side` pixels lies inside it once its corners are
    /// rounded with `radius` (measured at the pixel's centre).
    static func insideRoundedSquare(_ x: Int, _ y: Int, side: Int, radius: Int) -> Bool {
        let cx = min(max(Double(x) + 0.5, Double(radius)), Double(side - radius))
        let cy = min(max(Double(y) + 0.5, Double(radius)), Double(side - radius))
        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
        return dx * dx + dy * dy <= Double(radius * radius)
    }

    /// A plain RGBA PNG of `pixels` (row-major), rows unfiltered, compressed by zlib at level 9.
    static func encodeRGBA(_ pixels: [RGBA], width: Int, height: Int) throws -> [UInt8] {
        var raw = [UInt8]()
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(0)
            for c in pixels[(y * width)..<((y + 1) * width)] { raw.append(contentsOf: [c.r, c.g, c.b, c.a]) }
        }
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(uLong(raw.count))))
        var length = uLong(compressed.count)
        let status = compress2(&compressed, &length, raw, uLong(raw.count), 9)
        guard status == Z_OK else { throw ImageError.zlib(operation: "compress", code: status) }
        compressed.removeLast(compressed.count - Int(length))
        var header: [UInt8] = []
        for v in [UInt32(width), UInt32(height)] { header += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        header += [8, 6, 0, 0, 0]
        var png = PNGChunkWriter.signature
        for (type, data) in [("IHDR", header), ("IDAT", compressed), ("IEND", [])] {
            let body = Array(type.utf8) + data
            let n = UInt32(data.count)
            png += [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] + body
            let crc = body.withUnsafeBytes { Zlib.crc32($0) }
            png += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        }
        return png
    }
}
