import CZlib
import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct ScanlineDeflaterTests {
    /// The zlib stream of `rows` with every row repeated, and those expanded rows.
    private func deflate(_ rows: [UInt8], stride: Int, repeats: Int) -> (stream: [UInt8], expanded: [UInt8]) {
        var stream: [UInt8] = []
        rows.withUnsafeBufferPointer { ScanlineDeflater.append(rows: $0, stride: stride, repeats: repeats, to: &stream) }
        var expanded: [UInt8] = []
        for start in Swift.stride(from: 0, to: rows.count, by: stride) {
            for _ in 0..<repeats { expanded.append(contentsOf: rows[start..<(start + stride)]) }
        }
        return (stream, expanded)
    }

    /// zlib's `uncompress` (which also checks the Adler-32) of `stream`, expecting `count` bytes.
    private func inflate(_ stream: [UInt8], count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count + 16)
        var length = uLong(out.count)
        guard uncompress(&out, &length, stream, uLong(stream.count)) == Z_OK else { return nil }
        return Array(out[0..<Int(length)])
    }

    /// Rows of runs of a few byte values (like packed pixel art), some rows copies of the one before.
    private func pixelArtRows(_ rng: inout SeededGenerator, count: Int, stride: Int, values: Int) -> [UInt8] {
        var rows: [UInt8] = []
        for y in 0..<count {
            if y > 0 && rng.next() % 3 == 0 {
                rows += rows[(rows.count - stride)...]
                continue
            }
            var row: [UInt8] = [UInt8(rng.next() % 5)]  // any filter byte
            while row.count < stride {
                let value = UInt8(truncatingIfNeeded: rng.next() % UInt64(values))
                let run = Int(rng.next() % 40) + 1
                row += [UInt8](repeating: value, count: min(run, stride - row.count))
            }
            rows += row
        }
        return rows
    }

    @Test func inflatesToExactlyTheRepeatedRows() {
        var rng = SeededGenerator(seed: 12)
        var blockTypes = Set<UInt8>()
        for case_ in 0..<200 {
            let stride = [3, 4, 5, 17, 129, 258, 259, 1025, 32_768, Int(rng.next() % 600) + 3][case_ % 10]
            let repeats = stride > 2000 ? case_ % 3 + 1 : [1, 2, 3, 8, 64, Int(rng.next() % 70) + 1][case_ % 6]
            let count = stride > 2000 ? 2 : Int(rng.next() % 33) + 1
            let rows = case_ % 4 == 3
                ? (0..<(count * stride)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }  // noise
                : pixelArtRows(&rng, count: count, stride: stride, values: [1, 2, 7, 256][case_ % 4])
            let (stream, expanded) = deflate(rows, stride: stride, repeats: repeats)
            #expect(inflate(stream, count: expanded.count) == expanded,
                    "case \(case_): stride \(stride), \(repeats) repeats, \(count) rows")
            blockTypes.insert(stream[2] >> 1 & 3)
        }
        #expect(blockTypes == [1, 2], "both fixed and dynamic blocks are exercised")
    }

    /// A match's symbol counts and extra bits, counted in closed form, are those of its pieces.
    @Test func matchCountsAreThoseOfItsPieces() {
        let distance = Deflate.distanceCode(300)
        for length in 3...2_000 {
            var expected = [UInt32](repeating: 0, count: Deflate.symbolCount), expectedExtra = 0
            var left = length
            while left > 0 {
                let piece = Deflate.piece(left), code = Deflate.lengthCode(piece)
                expected[code.code] += 1
                expected[Deflate.distanceBase + distance.code] += 1
                expectedExtra += code.extraBits + distance.extraBits
                left -= piece
            }
            var counts = [UInt32](repeating: 0, count: Deflate.symbolCount), list = [UInt64](repeating: 0, count: 1)
            let (extraBits, token) = counts.withUnsafeMutableBufferPointer { counts in
                list.withUnsafeMutableBufferPointer { list in
                    var tokens = ScanlineDeflater.Tokens(list: list, counts: counts.baseAddress!)
                    tokens.match(distance: 300, length: length)
                    tokens.flush()
                    return (tokens.extraBits, list[0])
                }
            }
            #expect(counts == expected && extraBits == expectedExtra, "length \(length)")
            #expect(token == ScanlineDeflater.Tokens.matchFlag | UInt64(length) << 32 | 300)
        }
    }

    @Test func adlerMatchesZlibOverTheExpandedRows() {
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<50 {
            let stride = Int(rng.next() % 1100) + 3
            let repeats = Int(rng.next() % 64) + 1
            let rows = (0..<(stride * 4)).map { _ in UInt8(truncatingIfNeeded: rng.next() | 0xF0) }
            let (_, expanded) = deflate(rows, stride: stride, repeats: repeats)
            let expected = expanded.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
            let ours = rows.withUnsafeBufferPointer { ScanlineDeflater.adler32(rows: $0, stride: stride, repeats: repeats) }
            #expect(ours == expected)
        }
    }

    /// RFC 1951 §3.2.5: the first length and distance of each symbol, and its extra bits.
    @Test func lengthAndDistanceSymbolsFollowTheRFCTables() {
        let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                          67, 83, 99, 115, 131, 163, 195, 227, 258]
        let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let wrongLengths = (3...258).filter { length in
            let symbol = lengthBase.lastIndex { $0 <= length }!
            let code = Deflate.lengthCode(length)
            return !(code.code == 257 + symbol && code.extraBits == lengthExtra[symbol] && code.extra == length - lengthBase[symbol])
        }
        #expect(wrongLengths.isEmpty)
        let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                            1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        let wrongDistances = (1...32_768).filter { distance in
            let symbol = distanceBase.lastIndex { $0 <= distance }!
            let code = Deflate.distanceCode(distance)
            return !(code.code == symbol && code.extraBits == max(0, symbol / 2 - 1) && code.extra == distance - distanceBase[symbol])
        }
        #expect(wrongDistances.isEmpty)
    }

    @Test func huffmanLengthsStayWithinTheLimitAndFormCompleteCodes() {
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (counts, limit) in [(fibonacci, 15), (fibonacci, 7), ([5, 0, 0, 9, 1], 15), ([1, 1], 7),
                                (Array(repeating: 3, count: 286), 15)] {
            let lengths = Huffman.lengths(counts, limit: limit)
            #expect(lengths.max()! <= limit)
            #expect(zip(counts, lengths).allSatisfy { ($0 == 0) == ($1 == 0) })
            // Kraft sum exactly 1: every bit pattern decodes.
            let kraft = lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (limit - Int($1))) }
            #expect(kraft == 1 << limit, "counts \(counts)")
        }
        // Unlimited, the Fibonacci weights need a code deeper than 15 bits.
        #expect(Huffman.unlimitedLengths(fibonacci).max()! > 15)
    }

    @Test(arguments: [32, 64, 96, 256, 1024, 2048])
    func creaturesRoundTripAtEverySize(pixels: Int) throws {
        let scale = pixels / 32
        let golden = try ImageTestSprites.golden()
        // Fewer sprites at the big sizes, where the test decoder takes its time.
        let sprites = stride(from: 0, to: golden.count, by: pixels >= 1024 ? 150 : 7).map { golden[$0].sprite }
            + (pixels >= 1024 ? [NamedSprite.allColours, .disc] : NamedSprite.all).map(\.sprite)
        for (index, sprite) in sprites.enumerated() {
            let decoded = try PNGTestDecoder(try PNGEncoder.encode(sprite, scale: scale))
            #expect(decoded.allCRCsValid)
            #expect(ImageTestSprites.samePixels(try decoded.pixels(), ImageTestSprites.expectedPixels(sprite, scale: scale)),
                    "sprite \(index) at \(pixels) px")
        }
    }
}
