import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct PNGEncoderTests {
    @Test func signatureHeaderAndChunkOrder() throws {
        let png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 8)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNGTestDecoder(png)
        #expect(decoded.types == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        #expect(decoded.header == .init(width: 256, height: 256, bitDepth: 2, colorType: 3,
                                        compression: 0, filter: 0, interlace: 0))
        #expect(decoded.allCRCsValid)
        #expect(decoded.chunk("IEND")?.data.isEmpty == true)
    }

    @Test func paletteHoldsOnlyUsedColoursTransparentFirst() throws {
        let sprite = ImageTestSprites.disc
        let decoded = try PNGTestDecoder(try PNGEncoder.encode(sprite, scale: 1))
        let c2 = sprite.colors[2], c5 = sprite.colors[5]
        #expect(decoded.chunk("PLTE")?.data == [0, 0, 0, c2.r, c2.g, c2.b, c5.r, c5.g, c5.b])
        #expect(decoded.chunk("tRNS")?.data == [0])
    }

    @Test func opaqueSpriteHasNoTransparencyChunk() throws {
        let decoded = try PNGTestDecoder(try PNGEncoder.encode(ImageTestSprites.checkerboard, scale: 2))
        #expect(decoded.types == ["IHDR", "PLTE", "IDAT", "IEND"])
        #expect(decoded.header?.bitDepth == 1)
        #expect(decoded.chunk("PLTE")?.data.count == 6)
    }

    @Test(arguments: [
        (NamedSprite.transparent, 1), (NamedSprite.checkerboard, 1), (NamedSprite.disc, 2),
        (NamedSprite(name: "3 colours + clear", sprite: ImageTestSprites.random(seed: 1, colours: 3)), 2),
        (NamedSprite(name: "5 colours", sprite: ImageTestSprites.random(seed: 2, colours: 5, transparency: false)), 4),
        (NamedSprite.allColours, 4),
    ])
    func smallestBitDepth(sprite: NamedSprite, depth: Int) throws {
        let decoded = try PNGTestDecoder(try PNGEncoder.encode(sprite.sprite, scale: 3))
        #expect(decoded.header?.bitDepth == depth)
        #expect(decoded.header?.colorType == 3)
    }

    @Test func sharedColoursShareOnePaletteEntry() throws {
        var sprite = ImageTestSprites.checkerboard
        sprite.colors[1] = sprite.colors[0]
        let decoded = try PNGTestDecoder(try PNGEncoder.encode(sprite, scale: 1))
        #expect(decoded.chunk("PLTE")?.data.count == 3)
        #expect(try decoded.pixels().allSatisfy { $0 == sprite.colors[0] })
    }

    @Test(arguments: NamedSprite.all, [1, 3])
    func pixelsRoundTrip(named: NamedSprite, scale: Int) throws {
        try checkRoundTrip(named.sprite, scale: scale)
    }

    @Test(arguments: [NamedSprite.allColours, NamedSprite.disc])
    func pixelsRoundTripAtLargestScale(named: NamedSprite) throws {
        try checkRoundTrip(named.sprite, scale: 64)
    }

    private func checkRoundTrip(_ sprite: Sprite, scale: Int) throws {
        do {
            let decoded = try PNGTestDecoder(try PNGEncoder.encode(sprite, scale: scale))
            #expect(decoded.header?.width == 32 * scale)
            #expect(decoded.allCRCsValid)
            let pixels = try decoded.pixels()
            #expect(ImageTestSprites.samePixels(pixels, ImageTestSprites.expectedPixels(sprite, scale: scale)))
            // Transparent cells really are alpha 0, opaque ones alpha 255.
            #expect(pixels.allSatisfy { $0.a == 0 || $0.a == 255 })
        }
    }

    @Test func everyGoldenSpriteRoundTripsAtSeveralScales() throws {
        let golden = try ImageTestSprites.golden()
        #expect(golden.count > 300)
        for (index, record) in golden.enumerated() {
            let scale = [1, 2, 3, 5, 8][index % 5]
            let pixels = try PNGTestDecoder(try PNGEncoder.encode(record.sprite, scale: scale)).pixels()
            #expect(ImageTestSprites.samePixels(pixels, ImageTestSprites.expectedPixels(record.sprite, scale: scale)),
                    "record \(index) at scale \(scale)")
        }
    }

    @Test func median256PixelCreatureFitsTheBudget() throws {
        let sizes = try ImageTestSprites.golden().map { try PNGEncoder.encode($0.sprite, scale: 8).count }.sorted()
        let median = sizes[sizes.count / 2]
        #expect(median <= 400, "median 256-px PNG is \(median) bytes")
    }

    @Test func noTextChunksWithoutMetadata() throws {
        let decoded = try PNGTestDecoder(try PNGEncoder.encode(ImageTestSprites.disc, scale: 4))
        #expect(!decoded.types.contains("iTXt") && !decoded.types.contains("tEXt"))
    }

    @Test(arguments: [0, 65, -1, 1000])
    func rejectsScaleOutOfRange(scale: Int) {
        #expect(throws: ImageError.invalidScale(scale)) { try PNGEncoder.encode(ImageTestSprites.disc, scale: scale) }
    }

    @Test func outputIsDeterministic() throws {
        let a = try PNGEncoder.encode(ImageTestSprites.allColours, scale: 5)
        let b = try PNGEncoder.encode(ImageTestSprites.allColours, scale: 5)
        #expect(a == b)
    }
}
