import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import CreatureCore

/// Collects the root attributes, the title text and every rect of an SVG document.
final class SVGCollector: NSObject, XMLParserDelegate {
    var rootAttributes: [String: String] = [:]
    var title = ""
    var rects: [[String: String]] = []
    private var inTitle = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "svg": rootAttributes = attributes
        case "title": inTitle = true
        case "rect": rects.append(attributes)
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title" { inTitle = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { title += string }
    }

    /// Parses `svg`; nil when it is not well-formed XML.
    static func parse(_ svg: String) -> SVGCollector? {
        let collector = SVGCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }
}

@Suite(.offTheCooperativeThreads) struct SVGEncoderTests {
    /// Paints the rects onto a 32×32 grid of colours; nil if any rect overlaps another or leaves the grid.
    static func paint(_ rects: [[String: String]]) -> [String?]? {
        var cells = [String?](repeating: nil, count: 1024)
        for rect in rects {
            guard let x = Int(rect["x"] ?? ""), let y = Int(rect["y"] ?? ""),
                  let w = Int(rect["width"] ?? ""), let h = Int(rect["height"] ?? ""), let fill = rect["fill"],
                  x >= 0, y >= 0, w > 0, h > 0, x + w <= 32, y + h <= 32 else { return nil }
            for yy in y..<(y + h) {
                for xx in x..<(x + w) {
                    if cells[yy * 32 + xx] != nil { return nil }
                    cells[yy * 32 + xx] = fill
                }
            }
        }
        return cells
    }

    static func expectedCells(_ sprite: Sprite) -> [String?] {
        sprite.grid.cells.map { $0 < 0 ? nil : "#" + sprite.colors[Int($0)].hex }
    }

    @Test(arguments: NamedSprite.all)
    func rectsCoverExactlyTheOpaqueCells(named: NamedSprite) throws {
        let svg = SVGEncoder.encode(named.sprite, title: named.name)
        let parsed = try #require(SVGCollector.parse(svg))
        let painted = try #require(Self.paint(parsed.rects), "rects overlap or leave the grid")
        #expect(painted == Self.expectedCells(named.sprite))
    }

    @Test func goldenSpritesAreCoveredExactly() throws {
        for (index, record) in try ImageTestSprites.golden().enumerated() {
            let parsed = try #require(SVGCollector.parse(SVGEncoder.encode(record.sprite, title: record.seed)))
            #expect(Self.paint(parsed.rects) == Self.expectedCells(record.sprite), "record \(index)")
        }
    }

    @Test func rootElementAndAttributes() throws {
        let svg = SVGEncoder.encode(ImageTestSprites.disc, title: "disc", size: 256)
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg""#))
        let parsed = try #require(SVGCollector.parse(svg))
        #expect(parsed.rootAttributes["viewBox"] == "0 0 32 32")
        #expect(parsed.rootAttributes["width"] == "256" && parsed.rootAttributes["height"] == "256")
        #expect(parsed.rootAttributes["shape-rendering"] == "crispEdges")
        #expect(parsed.title == "disc")
        let noSize = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.disc, title: "disc")))
        #expect(noSize.rootAttributes["width"] == nil)
    }

    @Test func runsAreMergedAcrossAndDown() throws {
        // A solid 10×10 square of one colour is one rect; the checkerboard cannot merge at all.
        var grid = Grid()
        for y in 5..<15 { for x in 3..<13 { grid[x, y] = 4 } }
        let square = try #require(SVGCollector.parse(SVGEncoder.encode(Sprite(grid: grid, colors: ImageTestSprites.palette), title: "")))
        #expect(square.rects == [["x": "3", "y": "5", "width": "10", "height": "10", "fill": "#888888"]])
        let checker = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.checkerboard, title: "")))
        #expect(checker.rects.count == 1024)
        #expect(SVGEncoder.rects(ImageTestSprites.disc).count < 40)
    }

    @Test(arguments: ["Bob", "a < b & c > \"d\" 'e'", "🐙 octopus", "مرحبا", "line\nbreak", "</title><script>x</script>"])
    func titleIsEscapedAndReadBack(title: String) throws {
        let parsed = try #require(SVGCollector.parse(SVGEncoder.encode(ImageTestSprites.disc, title: title)))
        #expect(parsed.title == title)
        #expect(parsed.rects.count > 0)
    }

    @Test func charactersXMLForbidsAreReplaced() throws {
        let svg = SVGEncoder.encode(ImageTestSprites.disc, title: "\u{0}nul\u{1B}")
        let parsed = try #require(SVGCollector.parse(svg))
        #expect(parsed.title == "\u{FFFD}nul\u{FFFD}")
        #expect(SVGEncoder.escapeXML("a\rb") == "a&#13;b")
    }

    @Test func outputIsDeterministic() {
        let sprite = ImageTestSprites.random(seed: 5)
        #expect(SVGEncoder.encode(sprite, title: "x", size: 64) == SVGEncoder.encode(sprite, title: "x", size: 64))
    }
}
