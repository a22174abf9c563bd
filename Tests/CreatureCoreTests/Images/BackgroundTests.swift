import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// Backgrounds (transparent, a colour, the seed's sky) behind every format, read back with our own
/// decoders: transparent cells show exactly the backdrop's row colour, other cells are unchanged.
@Suite(.offTheCooperativeThreads) struct BackgroundTests {
    /// What every pixel of `sprite` at `scale` should be on `backdrop`, row-major.
    static func expected(_ sprite: Sprite, scale: Int, backdrop: Backdrop) -> [RGBA] {
        let side = 32 * scale
        return (0..<(side * side)).map { i in
            let (x, y) = (i % side / scale, i / side / scale)
            let v = sprite.grid[x, y]
            return v < 0 ? backdrop.rows[y] : sprite.colors[Int(v)]
        }
    }

    static let seeds = ["hello", "grace", "3 clouds", "", "linus"]

    @Test func parsesEverySpellingAndRefusesTheRest() throws {
        #expect(try Background(parsing: "transparent") == .transparent)
        #expect(try Background(parsing: "SKY") == .sky)
        #expect(try Background(parsing: "#1E1e1e") == .color(RGBA(r: 30, g: 30, b: 30)))
        #expect(try Background(parsing: "ffd700") == .color(RGBA(r: 255, g: 215, b: 0)))
        for bad in ["", "#12345", "#1234567", "#gggggg", "blue", "#+12345", "１２３４５６", "#-12345"] {
            #expect(throws: BackgroundError.self) { try Background(parsing: bad) }
        }
        let error = try #require(throws: BackgroundError.self) { try Background(parsing: "blue") }
        #expect(error.description.contains("#rrggbb") && error.description.contains("'blue'"))
        for b in [Background.transparent, .sky, .color(RGBA(r: 1, g: 2, b: 3))] {
            #expect(try Background(parsing: b.description) == b)
        }
    }

    /// The sky backdrop is §8.1's gradient sampled at each row's centre, rounded to 8 bits, and
    /// differs between engines as their hashes do.
    @Test(arguments: seeds)
    func skyBackdropFollowsTheScene(_ seed: String) throws {
        for engine in EngineVersion.allCases {
            let scene = Scene(seed: seed, engine: engine)
            let backdrop = try #require(Background.sky.backdrop(seed: seed, engine: engine))
            #expect(backdrop.rows.count == 32)
            for (y, c) in backdrop.rows.enumerated() {
                let level = scene.skyLevel(at: (Double(y) + 0.5) / 32)
                #expect(c.r == c.g && c.g == c.b && c.a == 255)
                #expect(abs(Double(c.r) - level * 255) <= 0.5, "row \(y)")
            }
            #expect(backdrop.rows[0].r > backdrop.rows[31].r, "the sky darkens downwards")
        }
        #expect(Background.transparent.backdrop(seed: seed, engine: .v1) == nil)
    }

    @Test(arguments: seeds, [1, 3, 8])
    func pngAndGIFShowTheBackdropExactly(_ seed: String, scale: Int) throws {
        for engine in EngineVersion.allCases {
            let creature = Creature(seed: seed, engine: engine)
            let size = try ImageSize(scale: scale)
            for background in [Background.sky, .color(RGBA(r: 30, g: 30, b: 30))] {
                let backdrop = try #require(background.backdrop(seed: seed, engine: engine))
                let want = Self.expected(creature.sprite, scale: scale, backdrop: backdrop)
                let png = try Renderer.still(creature, format: .png, size: size, background: background)
                let decoded = try PNGTestDecoder(png.bytes)
                #expect(decoded.allCRCsValid && decoded.chunk("tRNS") == nil, "an opaque PNG has no tRNS")
                #expect(try decoded.pixels() == want, "PNG of \(seed.debugDescription) on \(background)")
                let gif = try GIFTestDecoder(try Renderer.still(creature, format: .gif, size: size, background: background).bytes)
                #expect(gif.frames.count == 1 && gif.frames[0].transparentIndex == nil)
                #expect(gif.frames[0].pixels == want, "GIF of \(seed.debugDescription) on \(background)")
            }
        }
    }

    @Test func transparentStaysTheDefaultAndUnchanged() throws {
        let creature = Creature(seed: "hello", engine: .v1)
        let size = try ImageSize(pixels: 256)
        for format in ImageFormat.allCases where format != .jpeg {
            let plain = try Renderer.still(creature, format: format, size: size)
            #expect(try Renderer.still(creature, format: format, size: size, background: .transparent).bytes == plain.bytes)
            #expect(try Renderer.still(creature, format: format, size: size, background: .sky).bytes != plain.bytes)
        }
        #expect(try PNGTestDecoder(Renderer.still(creature, format: .png, size: size).bytes).pixels()
                == ImageTestSprites.expectedPixels(creature.sprite, scale: 8))
    }

    @Test(arguments: seeds)
    func jpegStandsOnTheBackdropAndDefaultsToWhite(_ seed: String) throws {
        let creature = Creature(seed: seed, engine: .v1)
        let size = try ImageSize(pixels: 256)
        let sky = try #require(Background.sky.backdrop(seed: seed, engine: .v1))
        for (background, rows) in [(Background.transparent, [RGBA](repeating: RGBA(r: 255, g: 255, b: 255), count: 32)),
                                   (.sky, sky.rows)] {
            let image = try JPEGTestDecoder.decode(try Renderer.still(creature, format: .jpeg, size: size, background: background).bytes)
            for y in 0..<32 {
                for x in 0..<32 {
                    let v = creature.grid[x, y]
                    let want = v < 0 ? rows[y] : creature.colors[Int(v)]
                    let got = image.pixel(x * 8 + 4, y * 8 + 4)
                    #expect(max(abs(got.0 - Int(want.r)), abs(got.1 - Int(want.g)), abs(got.2 - Int(want.b))) <= 12,
                            "cell (\(x), \(y)) of \(seed.debugDescription) on \(background)")
                }
            }
        }
    }

    /// The SVG lays full-width bands of the backdrop under the cells; read back, it is the PNG.
    @Test(arguments: seeds)
    func svgReadsBackAsThePNG(_ seed: String) throws {
        for engine in EngineVersion.allCases {
            let creature = Creature(seed: seed, engine: engine)
            let size = try ImageSize(pixels: 32)
            for background in [Background.transparent, .sky, .color(RGBA(r: 255, g: 215, b: 0))] {
                let svg = String(decoding: try Renderer.still(creature, format: .svg, size: size, background: background).bytes, as: UTF8.self)
                let png = try Renderer.still(creature, format: .png, size: size, background: background).bytes
                let fromSVG = try PictureReader.cells(svg: svg), fromPNG = try PictureReader.cells(png: png)
                #expect(ImageTestSprites.samePixels(fromSVG, fromPNG), "\(seed.debugDescription) on \(background)")
                #expect(try PNGTestDecoder(png).pixels() == fromPNG || background == .transparent)
            }
            let solid = String(decoding: try Renderer.still(creature, format: .svg, size: size, background: .color(RGBA(r: 1, g: 2, b: 3))).bytes, as: UTF8.self)
            #expect(solid.contains(##"<rect x="0" y="0" width="32" height="32" fill="#010203"/>"##), "one rect for a plain colour")
        }
    }

    /// An evolution stands on the whole seed's sky in every frame.
    @Test func evolutionFramesShareTheSeedsSky() throws {
        let seed = "hello world"
        let gif = try GIFTestDecoder(try Renderer.evolutionGIF(seed: seed, size: ImageSize(scale: 2), engine: .v2, background: .sky).bytes)
        let sky = try #require(Background.sky.backdrop(seed: seed, engine: .v2))
        let prefixes = Evolution.prefixes(of: seed)
        #expect(gif.frames.count == prefixes.count)
        for (frame, prefix) in zip(gif.frames, prefixes) {
            #expect(frame.transparentIndex == nil)
            #expect(frame.pixels == Self.expected(Creature(seed: prefix, engine: .v2).sprite, scale: 2, backdrop: sky), "frame \(prefix)")
        }
    }

    /// PictureReader reads our PNGs back at every bit depth and refuses what it cannot read.
    @Test func pictureReaderReadsOurPNGs() throws {
        for seed in Self.seeds {
            let creature = Creature(seed: seed, engine: .v1)
            for pixels in [32, 96, 256] {
                let png = try Renderer.still(creature, format: .png, size: ImageSize(pixels: pixels)).bytes
                #expect(ImageTestSprites.samePixels(try PictureReader.cells(png: png), ImageTestSprites.expectedPixels(creature.sprite, scale: 1)))
            }
        }
        #expect(throws: ImageError.self) { try PictureReader.cells(png: [0x89, 0x50]) }
        let png = try Renderer.still(Creature(seed: "x", engine: .v1), format: .png, size: ImageSize(pixels: 32)).bytes
        #expect(throws: ImageError.self) { try PictureReader.cells(png: Array(png.prefix(png.count - 20))) }
        #expect(throws: ImageError.self) { try PictureReader.cells(svg: "<html/>") }
    }
}
