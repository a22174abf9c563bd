/// Draws sprites as SVG: one `<rect>` per block of same-coloured cells, crisp at any size.
public enum SVGEncoder {
    /// The SVG of `sprite` on a 32×32 `viewBox`, with `title` (XML-escaped) as its accessible
    /// name and, when `size` is given, `width` and `height` of that many pixels. Horizontal runs
    /// of one colour become one rect, and identical runs on consecutive rows are stacked into
    /// one taller rect. Transparent cells are left empty, or show `backdrop`: full-width bands of
    /// its row colours (one rect per run of equal rows) under the cells. The output is deterministic.
    public static func encode(_ sprite: Sprite, title: String, size: Int? = nil, backdrop: Backdrop? = nil) -> String {
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32""#
        if let size { svg += #" width="\#(size)" height="\#(size)""# }
        svg += #" shape-rendering="crispEdges" role="img"><title>"#
        svg += escapeXML(title)
        svg += "</title>"
        if let backdrop {
            var top = 0
            for y in 1...Grid.side where y == Grid.side || backdrop.rows[y] != backdrop.rows[top] {
                svg += ##"<rect x="0" y="\##(top)" width="32" height="\##(y - top)" fill="#\##(backdrop.rows[top].hex)"/>"##
                top = y
            }
        }
        for rect in rects(sprite) {
            svg += ##"<rect x="\##(rect.x)" y="\##(rect.y)" width="\##(rect.width)" height="\##(rect.height)" fill="#\##(rect.color.hex)""##
            if rect.color.a < 255 { svg += #" fill-opacity="\#(opacity(rect.color.a))""# }
            svg += "/>"
        }
        svg += "</svg>"
        return svg
    }

    /// A rectangle of cells of one colour.
    struct Rect: Equatable {
        var x, y, width, height: Int
        var color: RGBA
    }

    /// The merged rectangles covering exactly the visible cells, ordered by top edge, then left.
    static func rects(_ sprite: Sprite) -> [Rect] {
        var done: [Rect] = []
        var open: [Rect] = []  // rects that reach the previous row
        for y in 0..<Grid.side {
            var runs: [Rect] = []
            var x = 0
            while x < Grid.side {
                let color = sprite.color(of: sprite.grid[x, y])
                var end = x + 1
                while end < Grid.side && sprite.color(of: sprite.grid[end, y]) == color { end += 1 }
                if color.a > 0 { runs.append(Rect(x: x, y: y, width: end - x, height: 1, color: color)) }
                x = end
            }
            var stillOpen: [Rect] = []
            for run in runs {
                if let k = open.firstIndex(where: { $0.x == run.x && $0.width == run.width && $0.color == run.color }) {
                    var grown = open.remove(at: k)
                    grown.height += 1
                    stillOpen.append(grown)
                } else {
                    stillOpen.append(run)
                }
            }
            done.append(contentsOf: open)
            open = stillOpen
        }
        done.append(contentsOf: open)
        return done.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// `alpha / 255` with up to three decimals, e.g. `0.502`.
    private static func opacity(_ alpha: UInt8) -> String {
        let thousandths = (Int(alpha) * 1000 + 127) / 255
        var digits = String(thousandths)
        digits = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits.isEmpty ? "0" : "0." + digits
    }

    /// `text` safe inside XML character data or an attribute: markup characters escaped,
    /// carriage returns kept as `&#13;`, and characters XML 1.0 forbids (NUL and other
    /// C0 controls besides tab and newline, U+FFFE, U+FFFF) replaced by U+FFFD.
    public static func escapeXML(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
