import Foundation
import Testing
@testable import CreatureCore

@Suite struct ImageBasicsTests {
    @Test func formatsKnowTheirTypesAndExtensions() {
        #expect(ImageFormat.allCases.map(\.rawValue) == ["png", "gif", "jpeg", "svg"])
        #expect(ImageFormat.allCases.map(\.mimeType) == ["image/png", "image/gif", "image/jpeg", "image/svg+xml"])
        #expect(ImageFormat.allCases.map(\.fileExtension) == ["png", "gif", "jpg", "svg"])
        #expect(ImageFormat(rawValue: "jpeg") == .jpeg && ImageFormat(rawValue: "jpg") == nil)
    }

    @Test(arguments: [(32, 1), (96, 3), (256, 8), (2048, 64)])
    func validPixelSizes(pixels: Int, scale: Int) throws {
        #expect(try ImageSize.scale(forPixels: pixels) == scale)
        let size = try ImageSize(pixels: pixels)
        #expect(size.scale == scale && size.pixels == pixels)
        #expect(try ImageSize(scale: scale) == size)
    }

    @Test(arguments: [0, 31, 100, 2047, 2080, -32, 4096])
    func invalidPixelSizes(pixels: Int) {
        #expect(throws: ImageError.invalidSize(pixels)) { try ImageSize(pixels: pixels) }
    }

    @Test func errorMessagesAreSpecific() {
        #expect(ImageError.invalidSize(100).message == "size must be a multiple of 32 between 32 and 2048 pixels (got 100)")
        #expect(ImageError.invalidScale(65).message.contains("(got 65)"))
        #expect(ImageError.invalidQuality(0).message.contains("between 1 and 100"))
        #expect(ImageError.badCRC(chunk: "IHDR", offset: 8).message.contains("IHDR"))
        #expect(ImageError.invalidSize(7).localizedDescription == ImageError.invalidSize(7).message)
        #expect("\(ImageError.noFrames)" == ImageError.noFrames.message)
        #expect(throws: ImageError.invalidScale(0)) { try ImageSize(scale: 0) }
        #expect(throws: ImageError.invalidScale(65)) { try ImageSize(scale: 65) }
    }

    @Test func base64MatchesFoundation() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(DataURI.base64(bytes) == Data(bytes).base64EncodedString(), "length \(length)")
        }
    }

    @Test func dataURIs() throws {
        #expect(DataURI.make(mime: "image/png", bytes: [1, 2, 3]) == "data:image/png;base64,AQID")
        let svg = SVGEncoder.encode(ImageTestSprites.disc, title: "é")
        let uri = DataURI.svg(svg)
        #expect(uri.hasPrefix("data:image/svg+xml;base64,"))
        let payload = try #require(Data(base64Encoded: String(uri.dropFirst("data:image/svg+xml;base64,".count))))
        #expect(String(decoding: payload, as: UTF8.self) == svg)
    }
}

@Suite struct DeflateTests {
    /// Inflates with zlib, the independent reference.
    static func inflate(_ stream: [UInt8], size: Int) throws -> [UInt8] {
        try Zlib.inflate(stream[...], limit: size)
    }

    /// The rows written out `repeats` times each, as a decoder should see them.
    static func expand(_ rows: [UInt8], stride: Int, repeats: Int) -> [UInt8] {
        var out: [UInt8] = []
        for start in Swift.stride(from: 0, to: rows.count, by: stride) {
            for _ in 0..<repeats { out += rows[start..<(start + stride)] }
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func repeatedRowsInflateToTheExpandedData(repeats: Int) throws {
        var state: UInt64 = 42
        for stride in [2, 5, 33, 129, 1025] {
            // Rows of runs, some rows copies of earlier ones, like scanlines of pixel art.
            var rows: [UInt8] = []
            for y in 0..<32 {
                if y > 0 && y % 3 == 0 { rows += rows[((y - 1) * stride)..<(y * stride)]; continue }
                var value: UInt8 = 0
                for _ in 0..<stride {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    if state >> 61 == 0 { value = UInt8(truncatingIfNeeded: state >> 40) }
                    rows.append(value)
                }
            }
            let stream = rows.withUnsafeBufferPointer {
                RepeatedRowDeflater(rows: $0, stride: stride, repeats: repeats).zlibStream()
            }
            let expanded = Self.expand(rows, stride: stride, repeats: repeats)
            #expect(try Self.inflate(stream, size: expanded.count) == expanded, "stride \(stride)")
        }
    }

    @Test func uniformDataCompressesToAlmostNothing() throws {
        let rows = [UInt8](repeating: 0, count: 32 * 257)
        let stream = rows.withUnsafeBufferPointer { RepeatedRowDeflater(rows: $0, stride: 257, repeats: 64).zlibStream() }
        // 526 336 zero bytes: deflate's best is about 1032:1 (258-byte matches at ~2 bits each).
        #expect(stream.count < rows.count * 64 / 950)
        #expect(try Self.inflate(stream, size: rows.count * 64) == [UInt8](repeating: 0, count: rows.count * 64))
    }

    @Test func huffmanCodesAreCompleteAndLimited() {
        // Fibonacci weights force very deep trees before limiting.
        var fib = [1, 1]
        while fib.count < 30 { fib.append(fib[fib.count - 1] + fib[fib.count - 2]) }
        for limit in [7, 15] {
            let lengths = HuffmanCode.lengths(for: fib, limit: limit)
            #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
            let kraft = lengths.reduce(0.0) { $0 + pow(2.0, -Double($1)) }
            #expect(abs(kraft - 1.0) < 1e-12)
        }
        // A single used symbol still gets a complete two-symbol code.
        let single = HuffmanCode.lengths(for: [0, 0, 5, 0], limit: 15)
        #expect(single.filter { $0 > 0 }.count == 2 && single[2] == 1)
    }

    @Test func canonicalCodesMatchTheRFCExample() {
        // RFC 1951 §3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give codes 010 011 100 101 110 00 1110 1111.
        let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let expected: [UInt32] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        for (symbol, value) in expected.enumerated() {
            #expect(code.codes[symbol] == HuffmanCode.reverse(value, bits: Int(code.lengths[symbol])))
        }
    }
}
