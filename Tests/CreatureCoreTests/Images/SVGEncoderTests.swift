import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import CreatureCore

/// Collects the root attributes, the title text and every rect of an SVG document, each rect
/// with the attributes it inherits from its `<g>` (its own win).
final class SVGCollector: NSObject, XMLParserDelegate {
    var rootAttributes: [String: String] = [:]
    var title = ""
    var rects: [[String: String]] = []
    /// The attributes of each `<g>`, in order.
    var groups: [[String: String]] = []
    /// Whether each rect sits in a `<g>`.
    var grouped: [Bool] = []
    private var inTitle = false, inGroup = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "svg": rootAttributes = attributes
        case "title": inTitle = true
        case "g":
            groups.append(attributes)
            inGroup = true
        case "rect":
            rects.append(inGroup ? groups.last!.merging(attributes) { _, own in own } : attributes)
            grouped.append(inGroup)
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title" { inTitle = false }
        if name == "g" { inGroup = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { title += string }
    }

    /// Parses `svg`; nil when it is not well-formed XML.
    static func parse(_ svg: [UInt8]) -> SVGCollector? {
        let collector = SVGCollector()
        let parser = XMLParser(data: Data(svg))
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }
}

@Suite(.offTheCooperativeThreads) struct SVGEncoderTests {
    /// Paints the rects onto a 32×32 grid of colours (`#rrggbb`, with `/0.502` for a
    /// `fill-opacity`); nil if any rect overlaps another or leaves the grid.
    static func paint(_ rects: some Collection<[String: String]>) -> [String?]? {
        var cells = [String?](repeating: nil, count: 1024)
        for rect in rects {
            guard let x = Int(rect["x"] ?? ""), let y = Int(rect["y"] ?? ""),
                  let w = Int(rect["width"] ?? ""), let h = Int(rect["height"] ?? ""), let fill = rect["fill"],
                  x >= 0, y >= 0, w > 0, h > 0, x + w <= 32, y + h <= 32 else { return nil }
            for yy in y..<(y + h) {
                for xx in x..<(x + w) {
                    if cells[yy * 32 + xx] != nil { return nil }
                    cells[yy * 32 + xx] = fill + (rect["fill-opacity"].map { "/" + $0 } ?? "")
                }
            }
        }
        return cells
    }

    /// The colour each cell should show, spelt as `paint` spells it; nil where nothing is drawn.
    static func expectedCells(_ sprite: Sprite) -> [String?] {
        sprite.grid.cells.map { value in
            let color = sprite.color(of: value)
            guard color.a > 0 else { return nil }
            guard color.a < 255 else { return "#" + color.hex }
            var opacity = String(format: "%.3f", Double(color.a) / 255)
            while opacity.hasSuffix("0") { opacity.removeLast() }
            return "#" + color.hex + "/" + opacity
        }
    }

    /// Whether every rect is a whole horizontal run: the cells just left and right of it, on
    /// each of its rows, show another colour (or nothing).
    static func runsAreWhole(_ rects: [[String: String]], _ cells: [String?]) -> Bool {
        rects.allSatisfy { rect in
            let x = Int(rect["x"]!)!, y = Int(rect["y"]!)!, w = Int(rect["width"]!)!, h = Int(rect["height"]!)!
            return (y..<(y + h)).allSatisfy { row in
                (x == 0 || cells[row * 32 + x - 1] != cells[row * 32 + x])
                    && (x + w == 32 || cells[row * 32 + x + w] != cells[row * 32 + x])
            }
        }
    }

    /// Six colours with two equal pairs, one of them translucent, and one invisible colour.
    static let translucentPalette: [RGBA] = [
        RGBA(r: 0x10, g: 0x20, b: 0x30, a: 128), RGBA(r: 0x88, g: 0x88, b: 0x88), RGBA(r: 0, g: 0, b: 0, a: 0),
        RGBA(r: 0xff, g: 0x00, b: 0x7f, a: 1), RGBA(r: 0x88, g: 0x88, b: 0x88), RGBA(r: 0x10, g: 0x20, b: 0x30, a: 128),
    ]

    /// The hand-built sprites, a random one, and random ones on the translucent palette.
    static let sprites: [NamedSprite] = NamedSprite.all + (1...3).map {
        NamedSprite(name: "translucent \($0)", sprite: Sprite(grid: ImageTestSprites.random(seed: UInt64($0)).grid, colors: translucentPalette))
    }

    @Test(arguments: sprites)
    func rectsCoverExactlyTheVisibleCells(named: NamedSprite) throws {
        let parsed = try #require(SVGCollector.parse(SVGEncoder.encode(named.sprite, title: named.name)))
        let painted = try #require(Self.paint(parsed.rects), "rects overlap or leave the grid")
        #expect(painted == Self.expectedCells(named.sprite))
        #expect(Self.runsAreWhole(parsed.rects, painted))
        // One group per colour shown, giving the fill; the rects carry only their geometry.
        #expect(parsed.grouped.allSatisfy { $0 })
        let fills = parsed.groups.map { $0["fill"]! + ($0["fill-opacity"] ?? "") }
        #expect(Set(fills).count == fills.count && Set(painted.compactMap { $0 }).count == fills.count)
    }

    @Test(arguments: ["engine-v1.json", "engine-v2.json"])
    func goldenSpritesAreCoveredExactly(file: String) throws {
        for (index, record) in try ImageTestSprites.golden(file).enumerated() {
            let parsed = try #require(SVGCollector.parse(SVGEncoder.encode(record.sprite, title: record.seed)))
            let painted = Self.paint(parsed.rects)
            #expect(painted == Self.expectedCells(record.sprite), "record \(index)")
            #expect(Self.runsAreWhole(parsed.rects, Self.expectedCells(record.sprite)), "record \(index)")
        }
    }

    /// A backdrop is full-width bands covering every cell once, one per run of equal rows,
    /// before the cells' rects, which then cover exactly the visible cells.
    @Test func backdropBandsComeFirstAndCoverEveryCell() throws {
        let grey = RGBA(r: 9, g: 9, b: 9), gold = RGBA(r: 255, g: 215, b: 0)
        let rows = (0..<32).map { $0 < 10 ? grey : $0 < 11 ? gold : RGBA(r: UInt8($0), g: 0, b: 0) }
        for named in Self.sprites {
            let parsed = try #require(SVGCollector.parse(SVGEncoder.encode(named.sprite, title: "", backdrop: Backdrop(rows: rows))))
            let bands = parsed.rects.prefix(23)
            #expect(bands.allSatisfy { $0["x"] == "0" && $0["width"] == "32" && $0["fill-opacity"] == nil })
            #expect(parsed.grouped == Array(repeating: false, count: 23) + Array(repeating: true, count: parsed.rects.count - 23))
            let painted = try #require(Self.paint(bands))
            #expect(painted == (0..<1024).map { "#" + rows[$0 / 32].hex })
            #expect(Self.paint(parsed.rects.dropFirst(23)) == Self.expectedCells(named.sprite), "\(named.name)")
        }
    }

    @Test func rootElementAndAttributes() throws {
        let svg = SVGEncoder.encode(ImageTestSprites.disc, title: "disc", size: 256)
        #expect(svg.starts(with: #"<svg xmlns="http://www.w3.org/2000/svg""#.utf8))
        let parsed = try #require(SVGCollector.parse(svg))
        #expect(parsed.rootAttributes["viewBox"] == "0 0 32 32")
        #expect(parsed.rootAttributes["width"] == "256" && parsed.rootAttributes["height"] == "256")
        #expect(parsed.rootAttributes["shape-rendering"] == "crispEdges")
        #expect(parsed.rootAttributes["role"] == "img")
        #expect(parsed.title == "disc")
        let noSize = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.disc, title: "disc")))
        #expect(noSize.rootAttributes["width"] == nil)
        for size in [1, 9, 10, 99, 100, 2048, 123_456] {
            let sized = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.disc, title: "", size: size)))
            #expect(sized.rootAttributes["width"] == "\(size)" && sized.rootAttributes["height"] == "\(size)")
        }
    }

    @Test func runsAreMergedAcrossAndDown() throws {
        // A solid 10×10 square of one colour is one rect; the checkerboard cannot merge at all.
        var grid = Grid()
        for y in 5..<15 { for x in 3..<13 { grid[x, y] = 4 } }
        let square = try #require(SVGCollector.parse(SVGEncoder.encode(Sprite(grid: grid, colors: ImageTestSprites.palette), title: "")))
        #expect(square.rects == [["x": "3", "y": "5", "width": "10", "height": "10", "fill": "#888888"]])
        let checker = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.checkerboard, title: "")))
        #expect(checker.rects.count == 1024)
        let disc = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.disc, title: "")))
        #expect(disc.rects.count < 40)
        // Two indices of one colour are one run; a colour with alpha 0 draws nothing.
        var stripes = Grid()
        for x in 0..<32 { stripes[x, 0] = x % 2 == 0 ? 1 : 4; stripes[x, 1] = 2 }
        let merged = try #require(SVGCollector.parse(SVGEncoder.encode(Sprite(grid: stripes, colors: Self.translucentPalette), title: "")))
        #expect(merged.rects == [["x": "0", "y": "0", "width": "32", "height": "1", "fill": "#888888"]])
    }

    @Test(arguments: ["Bob", "a < b & c > \"d\" 'e'", "🐙 octopus", "مرحبا", "line\nbreak\ttab", "</title><script>x</script>",
                      "\u{FFFC}\u{FFFD}\u{FF21}\u{EFFF}", String(repeating: "long & ", count: 400)])
    func titleIsEscapedAndReadBack(title: String) throws {
        let parsed = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.disc, title: title)))
        #expect(parsed.title == title)
        #expect(parsed.rects.count > 0)
    }

    /// Every markup character and every character XML 1.0 forbids, alone and between others.
    @Test func everySpecialCharacterIsEscaped() throws {
        let escapes: [(Unicode.Scalar, String)] = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&apos;"),
                                                   ("\r", "&#13;"), ("\t", "\t"), ("\n", "\n"), ("\u{FFFE}", "\u{FFFD}"), ("\u{FFFF}", "\u{FFFD}")]
            + (0..<0x20).filter { ![0x9, 0xA, 0xD].contains($0) }.map { (Unicode.Scalar($0)!, "\u{FFFD}") }
        for (scalar, escaped) in escapes {
            let text = String(scalar)
            #expect(SVGEncoder.escapeXML(text) == escaped, "U+\(String(scalar.value, radix: 16))")
            #expect(SVGEncoder.escapeXML("é" + text + "x" + text) == "é" + escaped + "x" + escaped)
            let expected = escaped.hasPrefix("&") ? text : escaped  // a parser reads the entity back
            let parsed = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.disc, title: "a" + text + "b")),
                                      "U+\(String(scalar.value, radix: 16))")
            #expect(parsed.title == "a" + expected + "b")
        }
        #expect(SVGEncoder.escapeXML("") == "")
        #expect(SVGEncoder.escapeXML("\u{FFFD}\u{FFFC}\u{EFBF}") == "\u{FFFD}\u{FFFC}\u{EFBF}")
    }

    @Test func translucentColoursKeepTheirAlpha() throws {
        let sprite = Sprite(grid: ImageTestSprites.random(seed: 9).grid, colors: Self.translucentPalette)
        let svg = String(decoding: SVGEncoder.encode(sprite, title: ""), as: UTF8.self)
        #expect(svg.contains(#"fill-opacity="0.502""#) && svg.contains(#"fill-opacity="0.004""#))
        #expect(try PictureReader.cells(svg: svg) == sprite.grid.cells.map { sprite.color(of: $0) })
    }

    @Test func outputIsDeterministic() {
        let sprite = ImageTestSprites.random(seed: 5)
        #expect(SVGEncoder.encode(sprite, title: "x", size: 64) == SVGEncoder.encode(sprite, title: "x", size: 64))
    }
}
