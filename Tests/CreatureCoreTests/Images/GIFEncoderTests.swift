import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct GIFEncoderTests {
    @Test func stillHasHeaderScreenAndOneFrame() throws {
        let gif = try GIFEncoder.encode(frames: [ImageTestSprites.disc], scale: 4, delayMs: 300)
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8))
        #expect(gif.last == 0x3B)
        let decoded = try GIFTestDecoder(gif)
        #expect(decoded.version == "GIF89a")
        #expect(decoded.width == 128 && decoded.height == 128)
        #expect(decoded.trailerFound)
        #expect(decoded.loopCount == nil)  // a still does not loop
        #expect(decoded.frames.count == 1)
        let frame = try #require(decoded.frames.first)
        #expect(frame.disposal == 2)
        #expect(frame.transparentIndex == 0)
        #expect(frame.left == 0 && frame.top == 0 && frame.width == 128 && frame.height == 128)
        #expect(ImageTestSprites.samePixels(frame.pixels, ImageTestSprites.expectedPixels(ImageTestSprites.disc, scale: 4)))
    }

    @Test func opaqueFrameHasNoTransparentIndex() throws {
        let decoded = try GIFTestDecoder(try GIFEncoder.encode(frames: [ImageTestSprites.checkerboard], scale: 1, delayMs: 0))
        #expect(decoded.frames.first?.transparentIndex == nil)
        #expect(decoded.frames.first?.disposal == 2)
        #expect(decoded.globalTable?.count == 2)
    }

    @Test(arguments: NamedSprite.all, [1, 3, 8])
    func framePixelsRoundTrip(named: NamedSprite, scale: Int) throws {
        let decoded = try GIFTestDecoder(try GIFEncoder.encode(frames: [named.sprite], scale: scale, delayMs: 100))
        let frame = try #require(decoded.frames.first)
        #expect(ImageTestSprites.samePixels(frame.pixels, ImageTestSprites.expectedPixels(named.sprite, scale: scale)))
    }

    @Test func largestScaleExercisesCodeTableResets() throws {
        // 2048×2048 random pixel art fills the 4096-entry LZW table many times over.
        let sprite = ImageTestSprites.random(seed: 99)
        let gif = try GIFEncoder.encode(frames: [sprite], scale: 64, delayMs: 100)
        let frame = try #require(try GIFTestDecoder(gif).frames.first)
        #expect(ImageTestSprites.samePixels(frame.pixels, ImageTestSprites.expectedPixels(sprite, scale: 64)))
    }

    @Test func animationLoopsForeverWithPerFrameTables() throws {
        let frames = [ImageTestSprites.disc, ImageTestSprites.checkerboard, ImageTestSprites.allColours, ImageTestSprites.transparent]
        let gif = try GIFEncoder.encode(frames: frames, scale: 2, delayMs: 300)
        let decoded = try GIFTestDecoder(gif)
        #expect(decoded.loopCount == 0)
        #expect(decoded.globalTable == nil)
        #expect(decoded.frames.count == frames.count)
        for (frame, sprite) in zip(decoded.frames, frames) {
            #expect(frame.hasLocalTable)
            #expect(frame.disposal == 2)
            #expect(frame.delayCentiseconds == 30)
            // Some frames have transparency, so every frame (the opaque checkerboard too) gets a
            // transparent index and disposal clears to transparent in every decoder.
            #expect(frame.transparentIndex == 0)
            #expect(frame.colorTable[0] == RGBA(r: 0, g: 0, b: 0))
            #expect(ImageTestSprites.samePixels(frame.pixels, ImageTestSprites.expectedPixels(sprite, scale: 2)))
        }
    }

    @Test func opaqueAnimationHasNoTransparentIndex() throws {
        let frames = [ImageTestSprites.checkerboard, ImageTestSprites.random(seed: 4, transparency: false)]
        let decoded = try GIFTestDecoder(try GIFEncoder.encode(frames: frames, scale: 1, delayMs: 300))
        #expect(decoded.frames.allSatisfy { $0.transparentIndex == nil })
        for (frame, sprite) in zip(decoded.frames, frames) {
            #expect(frame.pixels == ImageTestSprites.expectedPixels(sprite, scale: 1))
        }
    }

    @Test func framesWithOnePaletteShareAGlobalTable() throws {
        let a = ImageTestSprites.disc
        var b = a
        b.grid[16, 16] = 5
        let decoded = try GIFTestDecoder(try GIFEncoder.encode(frames: [a, b, a], scale: 1, delayMs: 50))
        #expect(decoded.globalTable?.count == 4)
        #expect(decoded.frames.allSatisfy { !$0.hasLocalTable })
        #expect(decoded.frames.map(\.delayCentiseconds) == [5, 5, 5])
        #expect(ImageTestSprites.samePixels(decoded.frames[1].pixels, ImageTestSprites.expectedPixels(b, scale: 1)))
    }

    @Test func noLoopExtensionWhenLoopIsOff() throws {
        let gif = try GIFEncoder.encode(frames: [ImageTestSprites.disc, ImageTestSprites.checkerboard], scale: 1, delayMs: 300, loop: false)
        #expect(try GIFTestDecoder(gif).loopCount == nil)
    }

    @Test(arguments: [(0, 0), (4, 0), (5, 1), (14, 1), (15, 2), (300, 30), (1234, 123), (655_350, 65_535)])
    func delayRoundsToCentiseconds(ms: Int, centiseconds: Int) throws {
        let gif = try GIFEncoder.encode(frames: [ImageTestSprites.disc, ImageTestSprites.disc], scale: 1, delayMs: ms)
        #expect(try GIFTestDecoder(gif).frames.first?.delayCentiseconds == centiseconds)
    }

    @Test func rejectsBadArguments() {
        #expect(throws: ImageError.noFrames) { try GIFEncoder.encode(frames: [], scale: 1, delayMs: 300) }
        #expect(throws: ImageError.invalidScale(0)) { try GIFEncoder.encode(frames: [ImageTestSprites.disc], scale: 0, delayMs: 300) }
        #expect(throws: ImageError.invalidScale(65)) { try GIFEncoder.encode(frames: [ImageTestSprites.disc], scale: 65, delayMs: 300) }
        #expect(throws: ImageError.invalidDelay(-1)) { try GIFEncoder.encode(frames: [ImageTestSprites.disc], scale: 1, delayMs: -1) }
        #expect(throws: ImageError.invalidDelay(655_351)) {
            try GIFEncoder.encode(frames: [ImageTestSprites.disc], scale: 1, delayMs: 655_351)
        }
    }

    @Test func goldenSpritesRoundTrip() throws {
        for (index, record) in try ImageTestSprites.golden().enumerated() where index % 7 == 0 {
            let decoded = try GIFTestDecoder(try GIFEncoder.encode(frames: [record.sprite], scale: 2, delayMs: 300))
            #expect(ImageTestSprites.samePixels(decoded.frames[0].pixels, ImageTestSprites.expectedPixels(record.sprite, scale: 2)),
                    "record \(index)")
        }
    }
}

@Suite(.offTheCooperativeThreads) struct LZWEncoderTests {
    @Test(arguments: [2, 3, 8])
    func roundTripsLongAndVariedStreams(codeSize: Int) throws {
        // A stream long and varied enough to reach 12-bit codes and several table resets.
        var pixels: [UInt8] = []
        var state: UInt32 = 12345
        for _ in 0..<60_000 {
            state = state &* 1_103_515_245 &+ 12345
            let run = Int(state >> 28) + 1
            let value = UInt8((state >> 16) % UInt32(1 << codeSize))
            pixels.append(contentsOf: repeatElement(value, count: run))
        }
        var encoder = LZWEncoder(minimumCodeSize: codeSize)
        pixels.withUnsafeBufferPointer { encoder.add($0) }
        let data = encoder.finish()
        let decoded = try GIFTestDecoder.lzwDecode(data, minimumCodeSize: codeSize, count: pixels.count)
        #expect(decoded.map(UInt8.init) == pixels)
    }

    @Test(arguments: [2, 3, 4, 5, 8])
    func endCodeWidthFollowsTheDecodersLastEntry(codeSize: Int) throws {
        // Streams of every length up to 900 end at every table size, including those where the
        // decoder's last entry fills the code width, so the end code must be one bit wider (a
        // decoder only notices when the narrower code would have ended on a byte boundary).
        let alphabet = 1 << codeSize
        for pattern in 0..<3 {
            for length in 1...900 {
                let pixels: [UInt8] = (0..<length).map { (i: Int) -> UInt8 in
                    UInt8((i * (2 * pattern + 3) + i / (pattern + 2)) % min(alphabet, 6 + pattern))
                }
                var encoder = LZWEncoder(minimumCodeSize: codeSize)
                pixels.withUnsafeBufferPointer { encoder.add($0) }
                let decoded = try GIFTestDecoder.lzwDecode(encoder.finish(), minimumCodeSize: codeSize, count: length)
                #expect(decoded.map(UInt8.init) == pixels, "length \(length)")
            }
        }
    }

    @Test func singlePixel() throws {
        var encoder = LZWEncoder(minimumCodeSize: 2)
        [UInt8(3)].withUnsafeBufferPointer { encoder.add($0) }
        #expect(try GIFTestDecoder.lzwDecode(encoder.finish(), minimumCodeSize: 2, count: 1) == [3])
    }
}
