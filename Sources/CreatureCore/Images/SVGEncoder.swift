/// Draws sprites as SVG: one `<rect>` per block of same-coloured cells, crisp at any size.
///
/// The document is written straight to bytes: the rects are found first, then one pass counts
/// the document's bytes and a second writes them into an array of exactly that size (both
/// passes run the same `write`, so they cannot disagree).
public enum SVGEncoder {
    /// The UTF-8 SVG of `sprite` on a 32×32 `viewBox`, with `title` (XML-escaped) as its
    /// accessible name and, when `size` is given, `width` and `height` of that many pixels.
    /// Horizontal runs of one colour become one rect, and identical runs on consecutive rows are
    /// stacked into one taller rect; the rects of a colour share one `<g>` that gives their fill.
    /// Transparent cells are left empty, or show `backdrop`: full-width bands of its row colours
    /// (one rect per run of equal rows) under the cells. The output is deterministic.
    public static func encode(_ sprite: Sprite, title: String, size: Int? = nil, backdrop: Backdrop? = nil) -> [UInt8] {
        precondition((size ?? 0) >= 0, "an SVG's size is not negative")
        var title = title
        return title.withUTF8 { title in
            withUnsafeTemporaryAllocation(of: Rect.self, capacity: rectsCapacity) { storage in
                let rects = UnsafeBufferPointer(rebasing: storage[..<findRects(sprite, into: storage)])
                var counter = ByteCounter()
                write(to: &counter, title: title, size: size, backdrop: backdrop, rects: rects, colors: sprite.colors)
                return [UInt8](unsafeUninitializedCapacity: counter.count) { buffer, written in
                    var writer = ByteWriter(buffer)
                    write(to: &writer, title: title, size: size, backdrop: backdrop, rects: rects, colors: sprite.colors)
                    written = writer.count
                }
            }
        }
    }

    /// `text` safe inside XML character data or an attribute: markup characters escaped,
    /// carriage returns kept as `&#13;`, and characters XML 1.0 forbids (NUL and other
    /// C0 controls besides tab and newline, U+FFFE, U+FFFF) replaced by U+FFFD.
    public static func escapeXML(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var counter = ByteCounter()
            escape(bytes, to: &counter)
            return String(unsafeUninitializedCapacity: counter.count) { buffer in
                var writer = ByteWriter(buffer)
                escape(bytes, to: &writer)
                return writer.count
            }
        }
    }

    /// A rectangle of cells of colour index `color` (the first index of its colour).
    struct Rect: Equatable {
        var x, y, width, height, color: UInt8

        /// This run, stacked from row `y`, ending above row `bottom`.
        @inline(__always) func closed(at bottom: Int) -> Rect {
            Rect(x: x, y: y, width: width, height: UInt8(truncatingIfNeeded: bottom) &- y, color: color)
        }
    }

    /// Room `findRects` needs: one rect per cell at most, and two rows of runs.
    static let rectsCapacity = Grid.side * Grid.side + 2 * Grid.side

    /// Writes the merged rectangles covering exactly the visible cells to the start of `out`
    /// (room for `rectsCapacity`; its end serves as scratch) and returns how many: the runs of
    /// each row, a run stacked onto the one above it when that has the same columns and colour.
    /// Rects come in the order they end (by bottom row, then left edge); they never overlap.
    static func findRects(_ sprite: Sprite, into out: UnsafeMutableBufferPointer<Rect>) -> Int {
        // Byte `value + 1` of `canonical`: the first colour index with the cell value's colour,
        // or -1 (0xFF) when invisible.
        var canonical = UInt64.max
        for index in 0..<6 where sprite.colors[index].a > 0 {
            let first = UInt64(sprite.colors.firstIndex(of: sprite.colors[index])!), shift = UInt64(8 * (index + 1))
            canonical = canonical & ~(0xFF << shift) | first << shift
        }
        return sprite.grid.cells.withUnsafeBufferPointer { findRects(cells: $0.baseAddress!, canonical: canonical, into: out) }
    }

    /// `findRects` over 1,024 cells holding colour indices (-1 where nothing is drawn), each
    /// read as the colour index byte `value + 1` of `canonical` names: the cells' runs are found
    /// eight at a time, and only a run's first cell is looked up.
    private static func findRects(cells: UnsafePointer<Int8>, canonical: UInt64, into out: UnsafeMutableBufferPointer<Rect>) -> Int {
        precondition(out.count >= rectsCapacity)
        let rects = out.baseAddress!
        var count = 0
        // The visible runs of the row above (from `open`) and of this row (from `current`), each
        // with the top row of the stack it ends; a row has at most 32 runs.
        var open = rects + Grid.side * Grid.side, current = open + Grid.side
        var openCount = 0
        @inline(__always) func colour(_ cell: Int8) -> Int8 {
            Int8(truncatingIfNeeded: canonical >> (UInt64(truncatingIfNeeded: Int(cell) &+ 1) &* 8))
        }
        for y in 0..<Grid.side {
            let row = cells + y &* Grid.side
            var currentCount = 0, next = 0  // `next`: the first open run not yet continued or closed
            // Bit x set where the cell value changes (cell 0 always), and a stop past the row:
            // a run is from one change of colour to the next.
            var changes = UInt64(ScanlineDeflater.differingFromLeft(UnsafeRawPointer(row)) | 1) | 1 << UInt64(Grid.side)
            var x = 0, color = colour(row[0])
            changes &= changes &- 1
            while changes != 0 {
                let end = changes.trailingZeroBitCount
                changes &= changes &- 1
                let following = end < Grid.side ? colour(row[end]) : -2
                if following == color { continue }  // two indices of one colour: one run
                if color >= 0 {
                    var run = Rect(x: UInt8(x), y: UInt8(y), width: UInt8(end &- x), height: 0, color: UInt8(color))
                    while next < openCount && Int(open[next].x) < x {
                        rects[count] = open[next].closed(at: y)
                        count &+= 1
                        next &+= 1
                    }
                    if next < openCount && open[next].x == run.x && open[next].width == run.width && open[next].color == run.color {
                        run.y = open[next].y
                        next &+= 1
                    }
                    current[currentCount] = run
                    currentCount &+= 1
                }
                (x, color) = (end, following)
            }
            while next < openCount {
                rects[count] = open[next].closed(at: y)
                count &+= 1
                next &+= 1
            }
            swap(&open, &current)
            openCount = currentCount
        }
        for k in 0..<openCount {
            rects[count] = open[k].closed(at: Grid.side)
            count &+= 1
        }
        return count
    }

    /// The whole document: root element, title, backdrop bands, then the rects in one group
    /// per colour (`<g fill="#rrggbb">`, with `fill-opacity` when translucent), by colour index.
    private static func write<Sink: ByteSink>(to sink: inout Sink, title: UnsafeBufferPointer<UInt8>, size: Int?,
                                              backdrop: Backdrop?, rects: UnsafeBufferPointer<Rect>, colors: [RGBA]) {
        sink.put(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32""#)
        if let size {
            sink.put(#" width=""#)
            sink.put(number: size)
            sink.put(#"" height=""#)
            sink.put(number: size)
            sink.put(#"""#)
        }
        sink.put(#" shape-rendering="crispEdges" role="img"><title>"#)
        escape(title, to: &sink)
        sink.put("</title>")
        if let backdrop {
            var top = 0
            for y in 1...Grid.side where y == Grid.side || backdrop.rows[y] != backdrop.rows[top] {
                sink.put(#"<rect x="0" y=""#)
                sink.put(number: top)
                sink.put(#"" width="32" height=""#)
                sink.put(number: y - top)
                sink.put(##"" fill="#"##)
                sink.put(hex: backdrop.rows[top])
                sink.put(#""/>"#)
                top = y
            }
        }
        var used: UInt8 = 0
        for rect in rects { used |= 1 << rect.color }
        for index in 0..<6 where used & 1 << index != 0 {
            let color = colors[index]
            sink.put(##"<g fill="#"##)
            sink.put(hex: color)
            if color.a < 255 {
                sink.put(#"" fill-opacity="0."#)
                putOpacityDigits(color.a, to: &sink)
            }
            sink.put(#"">"#)
            for rect in rects where rect.color == index {
                sink.put(#"<rect x=""#)
                sink.put(number: Int(rect.x))
                sink.put(#"" y=""#)
                sink.put(number: Int(rect.y))
                sink.put(#"" width=""#)
                sink.put(number: Int(rect.width))
                sink.put(#"" height=""#)
                sink.put(number: Int(rect.height))
                sink.put(#""/>"#)
            }
            sink.put("</g>")
        }
        sink.put("</svg>")
    }

    /// The digits after `0.` of `alpha / 255` rounded to three decimals, trailing zeros
    /// dropped (`128` → `502`); alpha is 1…254, so there is at least one digit.
    private static func putOpacityDigits<Sink: ByteSink>(_ alpha: UInt8, to sink: inout Sink) {
        var thousandths = (Int(alpha) * 1000 + 127) / 255
        var digits = 3
        while thousandths % 10 == 0 && digits > 1 { thousandths /= 10; digits -= 1 }
        if digits == 3 { sink.put(UInt8(ascii: "0") + UInt8(thousandths / 100)) }
        if digits >= 2 { sink.put(UInt8(ascii: "0") + UInt8(thousandths / 10 % 10)) }
        sink.put(UInt8(ascii: "0") + UInt8(thousandths % 10))
    }

    /// Writes UTF-8 `text` escaped as `escapeXML` says, copying the runs between special bytes whole.
    private static func escape<Sink: ByteSink>(_ text: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
        var plain = 0  // start of the bytes not yet written
        var i = 0
        while i < text.count {
            let byte = text[i]
            let replacement: StaticString
            var length = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&apos;"
            case UInt8(ascii: "\r"): replacement = "&#13;"
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"): i += 1; continue
            case 0..<0x20: replacement = "\u{FFFD}"
            case 0xEF where i + 2 < text.count && text[i + 1] == 0xBF && text[i + 2] >= 0xBE:  // U+FFFE, U+FFFF
                replacement = "\u{FFFD}"
                length = 3
            default: i += 1; continue
            }
            sink.put(UnsafeBufferPointer(rebasing: text[plain..<i]))
            sink.put(replacement)
            i += length
            plain = i
        }
        sink.put(UnsafeBufferPointer(rebasing: text[plain...]))
    }
}

/// Where `SVGEncoder` puts a document's bytes: a counter, then a writer.
private protocol ByteSink {
    /// A literal, e.g. `"</title>"`.
    mutating func put(_ text: StaticString)
    /// One byte.
    mutating func put(_ byte: UInt8)
    /// Bytes as they are.
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>)
    /// The decimal digits of `number` (≥ 0).
    mutating func put(number: Int)
    /// `rrggbb` in lowercase hex.
    mutating func put(hex color: RGBA)
}

/// Counts the bytes a document will take.
private struct ByteCounter: ByteSink {
    var count = 0
    mutating func put(_ text: StaticString) { count += text.utf8CodeUnitCount }
    mutating func put(_ byte: UInt8) { count += 1 }
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
    mutating func put(number: Int) {
        var n = number
        repeat { count += 1; n /= 10 } while n > 0
    }
    mutating func put(hex color: RGBA) { count += 6 }
}

/// Writes a document into a buffer the counter has sized.
private struct ByteWriter: ByteSink {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func put(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        assert(count + n <= buffer.count)
        (buffer.baseAddress! + count).update(from: text.utf8Start, count: n)
        count += n
    }

    mutating func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        assert(count + bytes.count <= buffer.count)
        (buffer.baseAddress! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always) mutating func put(number: Int) {
        if number < 10 { return put(UInt8(ascii: "0") &+ UInt8(number)) }
        if number < 100 {
            put(UInt8(ascii: "0") &+ UInt8(number / 10))
            return put(UInt8(ascii: "0") &+ UInt8(number % 10))
        }
        var digits = 1, n = number / 10
        while n > 0 { digits += 1; n /= 10 }
        n = number
        for k in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[k] = UInt8(ascii: "0") &+ UInt8(n % 10)
            n /= 10
        }
        count += digits
    }

    @inline(__always) mutating func put(hex color: RGBA) {
        put(hexByte: color.r)
        put(hexByte: color.g)
        put(hexByte: color.b)
    }

    @inline(__always) private mutating func put(hexByte v: UInt8) {
        put(Self.hexDigit(v >> 4))
        put(Self.hexDigit(v & 15))
    }

    @inline(__always) private static func hexDigit(_ v: UInt8) -> UInt8 {
        v < 10 ? UInt8(ascii: "0") &+ v : UInt8(ascii: "a") &+ (v &- 10)
    }
}
