// libFuzzer target: reading creature images back (Sources/CreatureCore/Images/PictureReader.swift),
// which the scripted tour uses on the server's answers. Built by scripts/fuzz.sh against CreatureCore.
//
// Each input is read as a PNG and as SVG text. Checks, besides "never crashes, never hangs,
// never inflates past the limit": whatever reads gives exactly 1,024 cells; a creature drawn
// from the input as a seed, written as PNG and SVG on its sky, reads back as the same cells; and
// with the input as its title the SVG keeps the title inside <title> and still reads back alike.
import CreatureCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let cells = try? PictureReader.cells(png: bytes), cells.count != 1024 { fatalError("\(cells.count) cells from a PNG") }
    let text = String(decoding: bytes, as: UTF8.self)
    if let cells = try? PictureReader.cells(svg: text), cells.count != 1024 { fatalError("\(cells.count) cells from an SVG") }

    let seed = String(decoding: bytes.prefix(32), as: UTF8.self)
    let creature = Creature(seed: seed, engine: bytes.first.map { $0 & 1 == 0 ? .v1 : .v2 } ?? .v1)
    do {
        let size = try ImageSize(pixels: 32)
        let png = try Renderer.still(creature, format: .png, size: size, background: .sky).bytes
        let svg = try Renderer.still(creature, format: .svg, size: size, background: .sky).bytes
        guard try PictureReader.cells(png: png) == PictureReader.cells(svg: String(decoding: svg, as: UTF8.self)) else {
            fatalError("the PNG and SVG of \(Array(seed.unicodeScalars)) on its sky read back differently")
        }
        // The input as an SVG's title: escaped byte by byte, it stays inside <title> and reads back alike.
        let document = SVGEncoder.encode(creature.sprite, title: text, size: 32, backdrop: Background.sky.backdrop(seed: seed, engine: creature.engine))
        let titled = String(decoding: document, as: UTF8.self)
        // Found as bytes: a title starting with a combining mark joins `>` into one Character.
        guard Array(titled.utf8) == document, let open = firstIndex(of: "<title>", in: document),
              let close = firstIndex(of: "</title>", in: document), open + 7 <= close,
              !document[(open + 7)..<close].contains(UInt8(ascii: "<")),
              try PictureReader.cells(svg: titled) == PictureReader.cells(png: png) else {
            fatalError("the title \(Array(text.unicodeScalars)) broke the SVG")
        }
    } catch {
        fatalError("rendering or reading back failed: \(error)")
    }
    return 0
}

/// Where the UTF-8 of `needle` first starts in `bytes`.
func firstIndex(of needle: String, in bytes: [UInt8]) -> Int? {
    let pattern = Array(needle.utf8)
    guard bytes.count >= pattern.count else { return nil }
    return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
}
