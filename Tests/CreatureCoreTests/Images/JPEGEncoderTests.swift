import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct JPEGEncoderTests {
    /// The width and height stored in the first SOF marker.
    static func frameSize(_ jpeg: [UInt8]) -> (width: Int, height: Int)? {
        var p = 2
        while p + 9 < jpeg.count {
            guard jpeg[p] == 0xFF else { return nil }
            let marker = jpeg[p + 1]
            let length = Int(jpeg[p + 2]) << 8 | Int(jpeg[p + 3])
            if (0xC0...0xC2).contains(marker) {
                return (Int(jpeg[p + 7]) << 8 | Int(jpeg[p + 8]), Int(jpeg[p + 5]) << 8 | Int(jpeg[p + 6]))
            }
            p += 2 + length
        }
        return nil
    }

    @Test(arguments: [1, 8, 64])
    func markersAndDimensions(scale: Int) throws {
        let jpeg = try JPEGEncoder.encode(ImageTestSprites.disc, scale: scale)
        #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
        let size = try #require(Self.frameSize(jpeg))
        #expect(size.width == 32 * scale && size.height == 32 * scale)
    }

    @Test func decodesToTheSpriteOnWhite() throws {
        let sprite = ImageTestSprites.disc
        let image = try JPEGTestDecoder.decode(try JPEGEncoder.encode(sprite, scale: 8))
        #expect(image.width == 256 && image.height == 256)
        // Centre of the big disc: colour 2 within a small tolerance.
        let c = sprite.colors[2]
        let (r, g, b) = image.pixel(16 * 8 + 4, 20 * 8 + 4)
        #expect(abs(r - Int(c.r)) <= 8 && abs(g - Int(c.g)) <= 8 && abs(b - Int(c.b)) <= 8)
        // Transparent corners are white.
        for (x, y) in [(2, 2), (250, 3), (5, 250), (252, 252)] {
            let (r, g, b) = image.pixel(x, y)
            #expect(r >= 250 && g >= 250 && b >= 250, "pixel \(x),\(y) is \(r),\(g),\(b)")
        }
        // Every cell centre is close to its colour (no chroma subsampling smears the eye).
        for y in 0..<32 {
            for x in 0..<32 {
                let cell = sprite.color(of: sprite.grid[x, y])
                let want = cell.a == 0 ? (255, 255, 255) : (Int(cell.r), Int(cell.g), Int(cell.b))
                let got = image.pixel(x * 8 + 4, y * 8 + 4)
                #expect(abs(got.0 - want.0) <= 24 && abs(got.1 - want.1) <= 24 && abs(got.2 - want.2) <= 24,
                        "cell \(x),\(y)")
            }
        }
    }

    @Test func fullyTransparentSpriteIsWhite() throws {
        let image = try JPEGTestDecoder.decode(try JPEGEncoder.encode(ImageTestSprites.transparent, scale: 2))
        #expect(image.rgb.allSatisfy { $0 >= 254 })
    }

    @Test func commentIsStoredAsCOMMarker() throws {
        let seed = "🐙 octopus\u{0}é"
        let jpeg = try JPEGEncoder.encode(ImageTestSprites.disc, scale: 1, comment: seed)
        let utf8 = Array(seed.utf8)
        let marker: [UInt8] = [0xFF, 0xFE, UInt8((utf8.count + 2) >> 8), UInt8((utf8.count + 2) & 0xFF)] + utf8
        #expect(jpeg.indices.contains { jpeg[$0...].starts(with: marker) })
        #expect(try JPEGTestDecoder.decode(jpeg).width == 32)
    }

    /// Cut short after the output outgrew libjpeg's first buffer (a long comment does that at
    /// once), the encoder frees the buffer libjpeg writes to, once (it freed the first one twice).
    @Test func aCancelledEncodeFreesItsBufferOnce() {
        var asked = 0
        #expect(throws: CancellationError.self) {
            try JPEGEncoder.encode(ImageTestSprites.disc, scale: 64, comment: String(repeating: "a long seed ", count: 2000),
                                   isCancelled: { asked += 1; return asked > 2 })
        }
        #expect(asked > 2)
    }

    @Test func overlongCommentIsCutOnACharacterBoundary() throws {
        let seed = String(repeating: "é", count: 40_000)  // 80 000 bytes of UTF-8
        let jpeg = try JPEGEncoder.encode(ImageTestSprites.disc, scale: 1, comment: seed)
        let start = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xFE })
        let length = Int(jpeg[start + 2]) << 8 | Int(jpeg[start + 3])
        #expect(length - 2 == 65_532)  // 32 766 whole "é"s
        #expect(String(validating: jpeg[(start + 4)..<(start + 2 + length)], as: UTF8.self) != nil)
    }

    @Test func qualityChangesSize() throws {
        let sprite = ImageTestSprites.random(seed: 3)
        let low = try JPEGEncoder.encode(sprite, scale: 4, quality: 20)
        let high = try JPEGEncoder.encode(sprite, scale: 4, quality: 100)
        #expect(low.count < high.count)
    }

    @Test func rejectsBadArguments() {
        #expect(throws: ImageError.invalidQuality(0)) { try JPEGEncoder.encode(ImageTestSprites.disc, scale: 1, quality: 0) }
        #expect(throws: ImageError.invalidQuality(101)) { try JPEGEncoder.encode(ImageTestSprites.disc, scale: 1, quality: 101) }
        #expect(throws: ImageError.invalidScale(65)) { try JPEGEncoder.encode(ImageTestSprites.disc, scale: 65) }
        #expect(throws: ImageError.invalidScale(0)) { try JPEGEncoder.encode(ImageTestSprites.disc, scale: 0) }
    }
}
