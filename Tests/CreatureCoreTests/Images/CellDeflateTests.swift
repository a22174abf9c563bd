import CZlib
import Testing
import TestSupport
@testable import CreatureCore

/// The deflater's cell path (PNG rows whose pixels fill whole bytes, parsed from one byte per
/// cell) against rows built the plain way and zlib's own inflate and Adler-32.
@Suite(.offTheCooperativeThreads) struct CellDeflateTests {
    /// The PNG rows of a grid of cell bytes the plain way: filter byte 0, then each cell byte
    /// `cellBytes` times; every row `repeats` times.
    private func expandedRows(_ cells: [UInt8], cellBytes: Int, repeats: Int) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<32 {
            var row: [UInt8] = [0]
            for x in 0..<32 { row += [UInt8](repeating: cells[y * 32 + x], count: cellBytes) }
            for _ in 0..<repeats { out += row }
        }
        return out
    }

    /// zlib's `uncompress` (which also checks the Adler-32) of `stream`, or nil when zlib refuses it.
    private func inflate(_ stream: [UInt8], count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count + 16)
        var length = uLong(out.count)
        guard uncompress(&out, &length, stream, uLong(stream.count)) == Z_OK else { return nil }
        return Array(out[0..<Int(length)])
    }

    /// Cells in runs of a few values, some rows copies of the one above (like a sprite).
    private func pixelArtCells(_ rng: inout SeededGenerator, values: Int) -> [UInt8] {
        var cells: [UInt8] = []
        for y in 0..<32 {
            if y > 0 && rng.next() % 3 == 0 {
                cells += cells[(cells.count - 32)...]
                continue
            }
            var row: [UInt8] = []
            while row.count < 32 {
                let value = UInt8(truncatingIfNeeded: rng.next() % UInt64(values))
                row += [UInt8](repeating: value, count: min(Int(rng.next() % 9) + 1, 32 - row.count))
            }
            // Now and then, patch in the row above so that matches with it start mid-row.
            if y > 0 && rng.next() % 2 == 0 {
                let from = Int(rng.next() % 32), to = min(32, from + Int(rng.next() % 12))
                for x in from..<to { row[x] = cells[(y - 1) * 32 + x] }
            }
            cells += row
        }
        return cells
    }

    @Test func nonZeroBytesFlagsEveryPattern() {
        var rng = SeededGenerator(seed: 21)
        for pattern in 0..<256 {
            for fill in [1, 0x7F, 0x80, 0xFF, Int(rng.next() % 255) + 1] {
                var word: UInt64 = 0
                for j in 0..<8 where pattern >> j & 1 == 1 { word |= UInt64(fill) << (8 * j) }
                #expect(ScanlineDeflater.nonZeroBytes(word) == UInt32(pattern), "pattern \(pattern), byte \(fill)")
            }
        }
    }

    @Test func masksFlagDifferingCells() {
        var rng = SeededGenerator(seed: 8)
        for _ in 0..<200 {
            let a = (0..<32).map { _ in UInt8(rng.next() % 3) }, b = (0..<32).map { _ in UInt8(rng.next() % 3) }
            var expectedAbove: UInt32 = 0, expectedLeft: UInt32 = 0
            for c in 0..<32 {
                if a[c] != b[c] { expectedAbove |= 1 << c }
                if a[c] != (c == 0 ? 0 : a[c - 1]) { expectedLeft |= 1 << c }
            }
            a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in
                    #expect(ScanlineDeflater.differingBytes(a.baseAddress!, b.baseAddress!) == expectedAbove)
                    #expect(ScanlineDeflater.differingFromLeft(a.baseAddress!) == expectedLeft)
                }
            }
        }
    }

    @Test func adlerOfCellRowsMatchesZlibOverTheExpandedRows() {
        var rng = SeededGenerator(seed: 4)
        for case_ in 0..<60 {
            let cellBytes = [1, 2, 3, 4, 8, 64, Int(rng.next() % 64) + 1][case_ % 7]
            let repeats = [1, 2, 5, 64][case_ % 4]
            let cells = (0..<1024).map { _ in UInt8(truncatingIfNeeded: rng.next() | 0xF0) }  // large bytes: sums wrap the modulus
            let expanded = expandedRows(cells, cellBytes: cellBytes, repeats: repeats)
            let expected = expanded.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
            var ours = ScanlineDeflater.Adler32()
            cells.withUnsafeBytes { cells in
                for y in 0..<32 { ours.append(cellRow: cells.baseAddress! + 32 * y, cellBytes: cellBytes, repeats: repeats) }
            }
            #expect(ours.value == expected, "\(cellBytes) bytes per cell, \(repeats) repeats")
        }
    }

    @Test func cellStreamsInflateToExactlyTheExpandedRows() {
        var rng = SeededGenerator(seed: 30)
        var blockTypes = Set<UInt8>()
        for case_ in 0..<300 {
            let cellBytes = [1, 2, 3, 4, 5, 8, 16, 64, Int(rng.next() % 64) + 1][case_ % 9]
            // Up to 64 repeats, but no more than about 256 kB of rows (big cells, few repeats).
            let repeats = min([1, 2, 3, 8, 64, Int(rng.next() % 64) + 1][case_ % 6], max(1, 256 / cellBytes))
            let cells = case_ % 10 == 9
                ? (0..<1024).map { _ in UInt8(truncatingIfNeeded: rng.next()) }  // noise
                : pixelArtCells(&rng, values: [1, 2, 3, 7, 256][case_ % 5])
            var stream: [UInt8] = []
            cells.withUnsafeBufferPointer {
                ScanlineDeflater.append(ScanlineDeflater.Stream(cells: $0, cellBytes: cellBytes, repeats: repeats), to: &stream)
            }
            let expanded = expandedRows(cells, cellBytes: cellBytes, repeats: repeats)
            #expect(inflate(stream, count: expanded.count) == expanded, "case \(case_): \(cellBytes) bytes per cell, \(repeats) repeats")
            blockTypes.insert(stream[2] >> 1 & 3)
        }
        #expect(blockTypes == [1, 2], "both fixed and dynamic blocks are exercised")
    }

    /// The PNG rows of `sprite` at `scale` the plain way: each pixel's palette index, packed
    /// most significant bits first at the file's bit depth, after filter byte 0.
    private func plainRows(_ sprite: Sprite, scale: Int, palette: [RGBA], depth: Int) -> [UInt8] {
        let side = 32 * scale
        let cellIndex = sprite.grid.cells.map { cell in
            let color = sprite.color(of: cell)
            return palette.firstIndex { $0 == color || ($0.a == 0 && color.a == 0) }!
        }
        var out: [UInt8] = []
        out.reserveCapacity(side * (1 + (side * depth + 7) / 8))
        for y in 0..<side {
            out.append(0)
            var byte = 0, bits = 0
            for x in 0..<side {
                byte = byte << depth | cellIndex[y / scale * 32 + x / scale]
                bits += depth
                if bits == 8 { out.append(UInt8(byte)); byte = 0; bits = 0 }
            }
            if bits > 0 { out.append(UInt8(byte << (8 - bits))) }
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 12, 16, 32, 64])
    func goldenCreaturesInflateToThePlainRows(scale: Int) throws {
        let sprites = try ImageTestSprites.golden("engine-v1.json").map(\.sprite) + ImageTestSprites.golden("engine-v2.json").map(\.sprite)
        // Every other sprite at 256 px (the frames' size), fewer elsewhere: the plain rows take time.
        let step = scale == 8 ? 4 : scale < 8 ? 9 : scale < 32 ? 75 : 350
        for index in stride(from: 0, to: sprites.count, by: step) {
            let sprite = sprites[index]
            let decoded = try PNGTestDecoder(try PNGEncoder.encode(sprite, scale: scale))
            let plte = try #require(decoded.chunk("PLTE")?.data)
            let alphas = decoded.chunk("tRNS")?.data ?? []
            let palette = (0..<(plte.count / 3)).map {
                RGBA(r: plte[3 * $0], g: plte[3 * $0 + 1], b: plte[3 * $0 + 2], a: $0 < alphas.count ? alphas[$0] : 255)
            }
            let depth = try #require(decoded.header?.bitDepth)
            #expect(try decoded.rawImageData() == plainRows(sprite, scale: scale, palette: palette, depth: depth),
                    "sprite \(index) at scale \(scale)")
            if scale <= 4 {
                #expect(ImageTestSprites.samePixels(try decoded.pixels(), ImageTestSprites.expectedPixels(sprite, scale: scale)),
                        "sprite \(index) at scale \(scale)")
            }
        }
    }
}
