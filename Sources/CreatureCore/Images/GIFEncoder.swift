/// Encodes sprites as GIF89a: a still from one frame, a looping animation from several.
public enum GIFEncoder {
    /// A GIF of `frames` scaled by `scale` (1…64, nearest neighbour), each shown for `delayMs`
    /// milliseconds (rounded to GIF's hundredths of a second). Several frames loop forever when
    /// `loop` is true; one frame gives a still. Each frame clears to transparent before the next
    /// (disposal 2), and carries its own colour table unless all frames share one; when any frame
    /// has transparency, every frame gets a transparent index so each clears to transparent.
    /// Throws `ImageError` for a bad scale or delay, or no frames; `ImageError.tooLarge` as soon
    /// as the file passes `maxBytes`; `CancellationError` once `isCancelled` says so (checked every
    /// few grid rows, so at most a few milliseconds pass between checks even at 2,048 px).
    /// With a `backdrop`, every frame's transparent cells show its row colours (no transparency).
    public static func encode(frames: [Sprite], scale: Int, delayMs: Int, loop: Bool = true, backdrop: Backdrop? = nil,
                              maxBytes: Int = .max, isCancelled: () -> Bool = { false }) throws -> [UInt8] {
        try ImageSize.validate(scale: scale)
        guard !frames.isEmpty else { throw ImageError.noFrames }
        guard (0...655_350).contains(delayMs) else { throw ImageError.invalidDelay(delayMs) }
        let side = Grid.side * scale
        var palettes = frames.map { IndexedPalette($0, backdrop: backdrop, binaryAlpha: true) }
        if frames.count > 1 && palettes.contains(where: \.hasTransparent) {
            // Decoders that dispose a frame without a transparent index to an opaque background
            // colour (Pillow does) would show it through the next frame's transparent cells.
            palettes = frames.map { IndexedPalette($0, binaryAlpha: true, withTransparent: true) }
        }
        let shared = palettes.allSatisfy { $0.entries == palettes[0].entries }

        var out: [UInt8] = Array("GIF89a".utf8)
        out.reserveCapacity(1024)
        // Logical screen descriptor: size, global-table flag, 8-bit colour resolution, table size.
        out.appendLittleEndian(UInt16(side))
        out.appendLittleEndian(UInt16(side))
        out.append(shared ? 0xF0 | UInt8(palettes[0].tableBits - 1) : 0x70)
        out.append(0)  // background colour index
        out.append(0)  // square pixels
        if shared { appendColorTable(palettes[0], to: &out) }

        if frames.count > 1 && loop {
            // NETSCAPE2.0 application extension: loop count 0 = forever.
            out.append(contentsOf: [0x21, 0xFF, 0x0B])
            out.append(contentsOf: Array("NETSCAPE2.0".utf8))
            out.append(contentsOf: [0x03, 0x01, 0x00, 0x00, 0x00])
        }

        let delay = UInt16((delayMs + 5) / 10)
        for (sprite, palette) in zip(frames, palettes) {
            // Graphic control extension: disposal 2 (restore to background), transparency flag.
            out.append(contentsOf: [0x21, 0xF9, 0x04, palette.hasTransparent ? 0x09 : 0x08])
            out.appendLittleEndian(delay)
            out.append(0)  // transparent colour index (palette entry 0 when used)
            out.append(0)
            // Image descriptor: whole screen, local table unless shared, not interlaced.
            out.append(0x2C)
            out.append(contentsOf: [0, 0, 0, 0])
            out.appendLittleEndian(UInt16(side))
            out.appendLittleEndian(UInt16(side))
            if shared {
                out.append(0)
            } else {
                out.append(0x80 | UInt8(palette.tableBits - 1))
                appendColorTable(palette, to: &out)
            }
            try appendImageData(sprite, palette: palette, scale: scale, to: &out, isCancelled: isCancelled)
            if out.count > maxBytes { throw ImageError.tooLarge(limit: maxBytes) }
        }
        out.append(0x3B)  // trailer
        return out
    }

    /// Appends the palette padded with black to `2^tableBits` RGB entries.
    private static func appendColorTable(_ palette: IndexedPalette, to out: inout [UInt8]) {
        for c in palette.entries { out.append(contentsOf: [c.r, c.g, c.b]) }
        let padding = (1 << palette.tableBits) - palette.entries.count
        out.append(contentsOf: repeatElement(0, count: 3 * padding))
    }

    /// Appends the LZW minimum code size and the compressed pixels in sub-blocks of ≤ 255 bytes.
    /// Each grid row is expanded once and fed to the compressor `scale` times.
    private static func appendImageData(_ sprite: Sprite, palette: IndexedPalette, scale: Int,
                                        to out: inout [UInt8], isCancelled: () -> Bool) throws {
        let codeSize = max(2, palette.tableBits)
        var lzw = LZWEncoder(minimumCodeSize: codeSize)
        var row = [UInt8](repeating: 0, count: Grid.side * scale)
        var lookup = palette.lookup
        try row.withUnsafeMutableBufferPointer { row in
            for y in 0..<Grid.side {
                if scale > 8 || y % 8 == 0, isCancelled() { throw CancellationError() }
                if let rowBackground = palette.rowBackground { lookup[0] = rowBackground[y] }
                var i = 0
                for x in 0..<Grid.side {
                    let index = lookup[Int(sprite.grid[x, y]) + 1]
                    for _ in 0..<scale { row[i] = index; i += 1 }
                }
                for _ in 0..<scale { lzw.add(UnsafeBufferPointer(row)) }
            }
        }
        let data = lzw.finish()
        out.append(UInt8(codeSize))
        var start = 0
        while start < data.count {
            let end = min(start + 255, data.count)
            out.append(UInt8(end - start))
            out.append(contentsOf: data[start..<end])
            start = end
        }
        out.append(0)  // block terminator
    }
}
