/// Encodes sprites as small indexed-colour PNGs (colour type 3, PLTE and, when needed, tRNS).
public enum PNGEncoder {
    /// The PNG of `sprite` scaled by `scale` (1…64, nearest neighbour), with the seed and date
    /// in `iTXt` chunks when `metadata` is given. Throws `ImageError.invalidScale` for a bad scale.
    ///
    /// With a `backdrop`, transparent cells show its row colours and the image is opaque.
    ///
    /// Rows use filter type 0 (measured smallest for upscaled pixel art); `ScanlineDeflater`
    /// compresses them knowing each grid row stands for `scale` identical image rows.
    public static func encode(_ sprite: Sprite, scale: Int, metadata: PNGMetadata? = nil, backdrop: Backdrop? = nil) throws -> [UInt8] {
        try ImageSize.validate(scale: scale)
        let palette = backdrop == nil ? IndexedPalette(sprite) : IndexedPalette(sprite, backdrop: backdrop)
        let depth = palette.bitDepth
        let side = Grid.side * scale
        let stream = deflatedRows(sprite, palette: palette, scale: scale, depth: depth)
        let texts: [[UInt8]] = metadata?.textEntries.map { entry in
            var body: [UInt8] = []
            appendITXt(keyword: entry.keyword, text: entry.text, to: &body)
            return body
        } ?? []

        let entries = palette.entries, translucent = palette.translucentCount
        var total = PNGChunkWriter.signature.count + PNGChunkWriter.chunkSize(13) + PNGChunkWriter.chunkSize(3 * entries.count)
        if translucent > 0 { total += PNGChunkWriter.chunkSize(translucent) }
        for text in texts { total += PNGChunkWriter.chunkSize(text.count) }
        total += PNGChunkWriter.chunkSize(stream.byteCount) + PNGChunkWriter.chunkSize(0)
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
            var png = PNGChunkWriter(out: UnsafeMutableRawPointer(buffer.baseAddress!))
            png.chunk("IHDR", length: 13) { out in
                out.appendBigEndian(UInt32(side))
                out.appendBigEndian(UInt32(side))
                out.append(UInt8(depth))
                out.append(3)  // indexed colour
                out.append(0)  // deflate
                out.append(0)  // adaptive filtering
                out.append(0)  // no interlace
            }
            png.chunk("PLTE", length: 3 * entries.count) { out in
                for c in entries { out.append(c.r); out.append(c.g); out.append(c.b) }
            }
            if translucent > 0 {
                png.chunk("tRNS", length: translucent) { out in
                    for c in entries.prefix(translucent) { out.append(c.a) }
                }
            }
            for text in texts { png.chunk("iTXt", length: text.count) { $0.append(text) } }
            png.chunk("IDAT", length: stream.byteCount) { $0.append(length: stream.byteCount) { stream.write(to: $0) } }
            png.chunk("IEND", length: 0)
            precondition(png.count == total, "the PNG is as long as planned")
            count = total
        }
    }

    /// Appends an uncompressed `iTXt` body: keyword, NUL, flag 0, method 0, empty language tag
    /// and translated keyword (each NUL-terminated), then the UTF-8 text running to the chunk end.
    static func appendITXt(keyword: String, text: String, to out: inout [UInt8]) {
        out.append(contentsOf: keyword.utf8)
        out.append(contentsOf: [0, 0, 0, 0, 0])
        out.append(contentsOf: text.utf8)
    }

    /// The zlib stream of the image rows. When a cell's pixels fill whole bytes (every 256-px
    /// image, for one), the rows are never built: the deflater works from one byte per cell.
    static func deflatedRows(_ sprite: Sprite, palette: IndexedPalette, scale: Int, depth: Int) -> ScanlineDeflater.Stream {
        let cellBits = scale * depth
        guard cellBits % 8 == 0 else {
            let rows = sourceRows(sprite, palette: palette, scale: scale, depth: depth)
            return rows.withUnsafeBufferPointer { ScanlineDeflater.Stream(rows: $0, stride: rows.count / Grid.side, repeats: scale) }
        }
        // 1,024 bytes: on the stack.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Grid.side * Grid.side) { cells in
            fillCellBytes(sprite, palette: palette, depth: depth, into: cells)
            return ScanlineDeflater.Stream(cells: UnsafeBufferPointer(cells), cellBytes: cellBits / 8, repeats: scale)
        }
    }

    /// Writes to `out` (1,024 bytes) the byte each cell's pixels pack into when they fill whole
    /// bytes: its palette index repeated across the byte's `8 / depth` pixels.
    static func fillCellBytes(_ sprite: Sprite, palette: IndexedPalette, depth: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        // The byte per cell value −1…5.
        var fill = (UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0))
        withUnsafeMutableBytes(of: &fill) { fill in
            for v in 0..<7 {
                var byte = palette.lookup[v]
                var filled = depth
                while filled < 8 { byte |= byte << UInt8(filled); filled *= 2 }
                fill[v] = byte
            }
        }
        if let rowBackground = palette.rowBackground {
            // A backdrop that changes by row: the byte of a transparent cell is set per row.
            sprite.grid.cells.withUnsafeBufferPointer { cells in
                precondition(cells.count == out.count)
                for y in 0..<Grid.side {
                    var byte = rowBackground[y]
                    var filled = depth
                    while filled < 8 { byte |= byte << UInt8(filled); filled *= 2 }
                    withUnsafeMutableBytes(of: &fill) { $0[0] = byte }
                    withUnsafeBytes(of: &fill) { fill in
                        for i in (y &* 32)..<(y &* 32 &+ 32) { out[i] = fill[Int(cells[i]) &+ 1] }
                    }
                }
            }
            return
        }
        withUnsafeBytes(of: &fill) { fill in
            sprite.grid.cells.withUnsafeBufferPointer { cells in
                precondition(cells.count == out.count)
                for i in 0..<cells.count { out[i] = fill[Int(cells[i]) &+ 1] }
            }
        }
    }

    /// One filtered image row per grid row (filter byte 0, then `32 × scale × depth / 8` bytes);
    /// the image repeats each of them `scale` times. Used when a cell's pixels do not fill whole
    /// bytes (the other sizes go through `ScanlineDeflater.Stream(cells:cellBytes:repeats:)`).
    static func sourceRows(_ sprite: Sprite, palette: IndexedPalette, scale: Int, depth: Int) -> [UInt8] {
        let stride = Grid.side * scale * depth / 8 + 1
        return [UInt8](unsafeUninitializedCapacity: stride * Grid.side) { out, count in
            sprite.grid.cells.withUnsafeBufferPointer { cells in
                // The lookup on the stack: a backdrop changes its first entry (−1) row by row.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: palette.lookup.count) { lookup in
                    _ = lookup.initialize(from: palette.lookup)
                    let base = UnsafeMutableRawPointer(out.baseAddress!)
                    for y in 0..<Grid.side {
                        if let rowBackground = palette.rowBackground { lookup[0] = rowBackground[y] }
                        let first = y * stride
                        out[first] = 0
                        packRow(cells: UnsafeBufferPointer(rebasing: cells[(y * 32)..<(y * 32 + 32)]),
                                lookup: UnsafeBufferPointer(lookup), scale: scale, depth: depth, into: base + first + 1)
                    }
                }
            }
            count = stride * Grid.side
        }
    }

    /// Packs one source row of 32 cells, each repeated `scale` times, at `depth` bits per pixel,
    /// most significant bits first (32 cells always fill whole bytes).
    @inline(__always)
    static func packRow(cells: UnsafeBufferPointer<Int8>, lookup: UnsafeBufferPointer<UInt8>,
                        scale: Int, depth: Int, into row: UnsafeMutableRawPointer) {
        var acc: UInt32 = 0
        var bits = 0
        var i = 0
        for cell in cells {
            let index = UInt32(lookup[Int(cell) + 1])
            for _ in 0..<scale {
                acc = (acc << UInt32(depth)) | index
                bits += depth
                if bits == 8 {
                    row.storeBytes(of: UInt8(truncatingIfNeeded: acc), toByteOffset: i, as: UInt8.self)
                    i += 1
                    acc = 0
                    bits = 0
                }
            }
        }
    }
}
