import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct RenderedImageTests {
    /// The ETag's hash written out here a word at a time, without vectors: lane `k` takes the
    /// little-endian words `k`, `k + 4`, … of the whole 32-byte blocks; then FNV-1a 64 of the
    /// four lanes and the tail's bytes.
    static func reference(_ bytes: [UInt8]) -> String {
        let prime: UInt64 = 1_099_511_628_211
        var hash: UInt64 = 14_695_981_039_346_656_037
        var lanes = (0..<4).map { hash ^ UInt64($0) }
        let blocks = bytes.count / 32
        for block in 0..<blocks {
            for lane in 0..<4 {
                let word = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[block * 32 + lane * 8 + $1]) << (8 * $1) }
                lanes[lane] = (lanes[lane] ^ word) &* 0x9E37_79B9_7F4A_7C15
                lanes[lane] ^= lanes[lane] >> 32
            }
        }
        for lane in lanes { hash = (hash ^ lane) &* prime }
        for byte in bytes[(blocks * 32)...] { hash = (hash ^ UInt64(byte)) &* prime }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Every format's ETag is the same hash of its bytes, whatever their length.
    @Test(arguments: ImageFormat.allCases)
    func etagIsTheBlockHash(format: ImageFormat) {
        var rng = SeededGenerator(seed: 11)
        for length in [0, 1, 7, 8, 31, 32, 33, 100, 1000, 5_600] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(RenderedImage(bytes: bytes, format: format, pixels: 32).etag == Self.reference(bytes), "\(length) bytes")
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
