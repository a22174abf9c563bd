/// Encodes sprites as small indexed-colour PNGs (colour type 3, PLTE and, when needed, tRNS).
public enum PNGEncoder {
    /// The PNG of `sprite` scaled by `scale` (1…64, nearest neighbour), with the seed and date
    /// in `iTXt` chunks when `metadata` is given. Throws `ImageError.invalidScale` for a bad scale.
    ///
    /// Rows use filter type 0 (measured smallest for upscaled pixel art) and are deflated by zlib.
    public static func encode(_ sprite: Sprite, scale: Int, metadata: PNGMetadata? = nil) throws -> [UInt8] {
        try ImageSize.validate(scale: scale)
        let palette = IndexedPalette(sprite)
        let depth = palette.bitDepth
        let side = Grid.side * scale
        let rows = imageRows(sprite, palette: palette, scale: scale, depth: depth)
        let idat = try rows.withUnsafeBufferPointer { try Zlib.deflate($0) }

        var png = PNGChunkWriter(capacity: idat.count + 128)
        png.chunk("IHDR") { out in
            out.appendBigEndian(UInt32(side))
            out.appendBigEndian(UInt32(side))
            out.append(contentsOf: [UInt8(depth), 3, 0, 0, 0])  // depth, indexed, deflate, adaptive, no interlace
        }
        png.chunk("PLTE") { out in
            for c in palette.entries { out.append(contentsOf: [c.r, c.g, c.b]) }
        }
        if palette.translucentCount > 0 {
            png.chunk("tRNS") { out in
                for c in palette.entries.prefix(palette.translucentCount) { out.append(c.a) }
            }
        }
        if let metadata {
            for entry in metadata.textEntries {
                png.chunk("iTXt") { out in PNGEncoder.appendITXt(keyword: entry.keyword, text: entry.text, to: &out) }
            }
        }
        png.chunk("IDAT") { $0.append(contentsOf: idat) }
        png.chunk("IEND")
        return png.bytes
    }

    /// Appends an uncompressed `iTXt` body: keyword, NUL, flag 0, method 0, empty language tag
    /// and translated keyword (each NUL-terminated), then the UTF-8 text running to the chunk end.
    static func appendITXt(keyword: String, text: String, to out: inout [UInt8]) {
        out.append(contentsOf: keyword.utf8)
        out.append(contentsOf: [0, 0, 0, 0, 0])
        out.append(contentsOf: text.utf8)
    }

    /// Every filtered image row (filter byte 0, then `32 × scale × depth / 8` bytes): each grid
    /// row is packed once and copied to the `scale` image rows it covers.
    static func imageRows(_ sprite: Sprite, palette: IndexedPalette, scale: Int, depth: Int) -> [UInt8] {
        let stride = Grid.side * scale * depth / 8 + 1
        let side = Grid.side * scale
        return [UInt8](unsafeUninitializedCapacity: stride * side) { out, count in
            sprite.grid.cells.withUnsafeBufferPointer { cells in
                palette.lookup.withUnsafeBufferPointer { lookup in
                    for y in 0..<Grid.side {
                        let first = y * scale * stride
                        out[first] = 0
                        packRow(cells: UnsafeBufferPointer(rebasing: cells[(y * 32)..<(y * 32 + 32)]),
                                lookup: lookup, scale: scale, depth: depth,
                                into: UnsafeMutableBufferPointer(rebasing: out[(first + 1)..<(first + stride)]))
                        for copy in 1..<scale {
                            (out.baseAddress! + first + copy * stride).update(from: out.baseAddress! + first, count: stride)
                        }
                    }
                }
            }
            count = stride * side
        }
    }

    /// Packs one source row of 32 cells, each repeated `scale` times, at `depth` bits per pixel.
    /// When a cell spans whole bytes, it is written as a run of one repeated byte.
    @inline(__always)
    static func packRow(cells: UnsafeBufferPointer<Int8>, lookup: UnsafeBufferPointer<UInt8>,
                        scale: Int, depth: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
        let cellBits = scale * depth
        if cellBits % 8 == 0 {
            let cellBytes = cellBits / 8
            var i = 0
            // Each palette index repeated across a whole byte, per cell value −1…5.
            var fill = (0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &fill) { fill in
                for v in 0..<7 {
                    var byte = lookup[v]
                    var filled = depth
                    while filled < 8 { byte |= byte << UInt8(filled); filled *= 2 }
                    fill.storeBytes(of: byte, toByteOffset: v * MemoryLayout<Int>.stride, as: UInt8.self)
                }
            }
            guard let base = row.baseAddress else { return }
            withUnsafeBytes(of: &fill) { fill in
                for cell in cells {
                    let byte = fill.load(fromByteOffset: (Int(cell) &+ 1) &* MemoryLayout<Int>.stride, as: UInt8.self)
                    if cellBytes >= 32 {
                        (base + i).initialize(repeating: byte, count: cellBytes)
                        i &+= cellBytes
                    } else {
                        for _ in 0..<cellBytes { base[i] = byte; i &+= 1 }
                    }
                }
            }
            return
        }
        var acc: UInt32 = 0
        var bits = 0
        var i = 0
        for cell in cells {
            let index = UInt32(lookup[Int(cell) + 1])
            for _ in 0..<scale {
                acc = (acc << UInt32(depth)) | index
                bits += depth
                if bits == 8 {
                    row[i] = UInt8(truncatingIfNeeded: acc)
                    i += 1
                    acc = 0
                    bits = 0
                }
            }
        }
    }
}
