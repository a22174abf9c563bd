/// Reads this package's own PNG and SVG creature images back into their 32 × 32 cells (one colour
/// per cell, sampled at its centre), e.g. to show a server's answer on a terminal. Anything else —
/// another encoder's PNG, a malformed file — is refused with `ImageError`, within bounded work.
public enum PictureReader {
    /// The 1,024 cell colours (row-major) of an indexed-colour PNG of 32…2048 pixels a side
    /// whose rows use filter 0, as `PNGEncoder` writes them.
    public static func cells(png: [UInt8]) throws -> [RGBA] {
        func bad(_ reason: String) -> ImageError { .unreadable(reason) }
        guard png.count > 8, png.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw bad("not a PNG")
        }
        var side = 0, depth = 0
        var palette: [RGBA] = []
        var idat: [UInt8] = []
        var p = 8
        chunks: while p + 8 <= png.count {
            let length = Int(png[p]) << 24 | Int(png[p + 1]) << 16 | Int(png[p + 2]) << 8 | Int(png[p + 3])
            let type = String(decoding: png[(p + 4)..<(p + 8)], as: UTF8.self)
            let start = p + 8, end = start + length
            guard length >= 0, end + 4 <= png.count else { throw bad("a chunk runs past the end") }
            let body = png[start..<end]
            switch type {
            case "IHDR":
                guard length == 13 else { throw bad("IHDR is not 13 bytes") }
                let width = body.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                let height = body.dropFirst(4).prefix(4).reduce(0) { $0 << 8 | Int($1) }
                depth = Int(body[start + 8])
                guard width == height, ImageSize.pixelRange.contains(width), width % Grid.side == 0,
                      [1, 2, 4, 8].contains(depth), body[start + 9] == 3, body[start + 12] == 0 else {
                    throw bad("not a square indexed-colour creature image")
                }
                side = width
            case "PLTE":
                palette = stride(from: start, to: end - 2, by: 3).map { RGBA(r: png[$0], g: png[$0 + 1], b: png[$0 + 2]) }
            case "tRNS":
                for (i, alpha) in body.enumerated() where i < palette.count { palette[i].a = alpha }
            case "IDAT": idat.append(contentsOf: body)
            case "IEND": break chunks
            default: break
            }
            p = end + 4
        }
        guard side > 0, !palette.isEmpty else { throw bad("no header or palette") }
        let stride = side * depth / 8 + 1
        let rows = try Zlib.inflate(idat[...], limit: stride * side)
        guard rows.count == stride * side else { throw bad("the image data has the wrong length") }
        let scale = side / Grid.side
        var cells = [RGBA](repeating: .clear, count: Grid.side * Grid.side)
        for y in 0..<Grid.side {
            let row = (y * scale + scale / 2) * stride
            guard rows[row] == 0 else { throw bad("a row uses a filter other than none") }
            for x in 0..<Grid.side {
                let pixel = x * scale + scale / 2
                let bit = pixel * depth
                let byte = rows[row + 1 + bit / 8]
                let index = Int(byte >> UInt8(8 - depth - bit % 8)) & ((1 << depth) - 1)
                guard index < palette.count else { throw bad("a pixel is outside the palette") }
                cells[y * Grid.side + x] = palette[index]
            }
        }
        return cells
    }

    /// The 1,024 cell colours of an SVG as `SVGEncoder` writes it: `<rect>`s of whole cells on a
    /// 32 × 32 `viewBox`, each with its own `fill` (and `fill-opacity`) or its `<g>`'s, later
    /// rects over earlier ones; cells no rect covers are transparent.
    public static func cells(svg: String) throws -> [RGBA] {
        guard svg.hasPrefix("<svg"), svg.contains(#"viewBox="0 0 32 32""#) else {
            throw ImageError.unreadable("not a creature SVG")
        }
        var cells = [RGBA](repeating: .clear, count: Grid.side * Grid.side)
        var groupFill: Substring?, groupOpacity: Substring?
        for part in svg.split(separator: "<").dropFirst() {
            let tag = part.prefix { $0 != ">" }
            func attribute(_ name: String) -> Substring? {
                guard let r = tag.range(of: " \(name)=\"") else { return nil }
                return tag[r.upperBound...].prefix { $0 != "\"" }
            }
            if tag.hasPrefix("g ") || tag == "g" {
                groupFill = attribute("fill")
                groupOpacity = attribute("fill-opacity")
                continue
            }
            if tag.hasPrefix("/g") {
                groupFill = nil
                groupOpacity = nil
                continue
            }
            guard tag.hasPrefix("rect ") else { continue }
            guard let x = attribute("x").flatMap({ Int($0) }), let y = attribute("y").flatMap({ Int($0) }),
                  let w = attribute("width").flatMap({ Int($0) }), let h = attribute("height").flatMap({ Int($0) }),
                  let fill = attribute("fill") ?? groupFill, var color = RGBA(hex: String(fill)),
                  x >= 0, y >= 0, w >= 0, h >= 0, x + w <= Grid.side, y + h <= Grid.side else { continue }
            if let opacity = (attribute("fill-opacity") ?? groupOpacity).flatMap({ Double($0) }) {
                color.a = UInt8(max(0, min(255, (opacity * 255).rounded())))
            }
            for yy in y..<(y + h) { for xx in x..<(x + w) { cells[yy * Grid.side + xx] = color } }
        }
        return cells
    }
}
