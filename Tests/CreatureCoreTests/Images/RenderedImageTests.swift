import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct RenderedImageTests {
    /// FNV-1a 64 of `bytes`, as 16 hex digits, written out here independently.
    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// PNG, GIF and JPEG ETags are FNV-1a 64 of the file, so they stay what they were.
    @Test(arguments: [ImageFormat.png, .gif, .jpeg])
    func etagsOfRasterFormatsAreFNV1a(format: ImageFormat) {
        var rng = SeededGenerator(seed: 11)
        for length in [0, 1, 7, 8, 31, 32, 33, 100, 1000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(RenderedImage(bytes: bytes, format: format, pixels: 32).etag == Self.fnv1a(bytes), "\(length) bytes")
        }
    }

    /// An SVG's ETag (hashed 32 bytes at a time) changes with any one bit of the document,
    /// in the blocks and in the tail, and stays put for the same bytes.
    @Test func svgETagNoticesEveryBit() {
        let svg = SVGEncoder.encode(ImageTestSprites.disc, title: "disc", size: 64)
        #expect(svg.count % 32 != 0, "the document has a tail after its 32-byte blocks")
        let etag = RenderedImage(bytes: svg, format: .svg, pixels: 64).etag
        #expect(etag.count == 16 && etag == RenderedImage(bytes: svg, format: .svg, pixels: 64).etag)
        var seen: Set<String> = [etag]
        for index in svg.indices {
            for bit in [0, 3, 7] {
                var changed = svg
                changed[index] ^= 1 << bit
                seen.insert(RenderedImage(bytes: changed, format: .svg, pixels: 64).etag)
            }
        }
        #expect(seen.count == 1 + 3 * svg.count)
        #expect(RenderedImage(bytes: svg + [32], format: .svg, pixels: 64).etag != etag)
    }
}
