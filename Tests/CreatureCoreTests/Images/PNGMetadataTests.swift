import CZlib
import Foundation
import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct PNGMetadataTests {
    static let trickySeeds = ["", "a\nb", "🐙 octopus", "\u{0}nul", "Created: x", "مرحبا بالعالم", "שלום",
                              "x\nCreated: 2026-01-01T00:00:00Z", "trailing\n", "\r\n", "👩‍👩‍👧 family", "tab\there"]

    @Test(arguments: trickySeeds)
    func seedRoundTripsWithoutDate(seed: String) throws {
        let png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 2, metadata: PNGMetadata(seed: seed))
        #expect(PNGMetadataReader.seed(png)?.unicodeScalars.elementsEqual(seed.unicodeScalars) == true)
        let texts = try PNGMetadataReader.textChunks(png)
        #expect(texts["Description"]?.utf8.elementsEqual(seed.utf8) == true)
        #expect(texts["Software"] == "fonsters")
        #expect(texts["Creation Time"] == nil)
    }

    @Test(arguments: trickySeeds)
    func seedRoundTripsWithDate(seed: String) throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 2, metadata: PNGMetadata(seed: seed, created: date))
        #expect(PNGMetadataReader.seed(png)?.utf8.elementsEqual(seed.utf8) == true)
        let texts = try PNGMetadataReader.textChunks(png)
        let stamp = "2026-11-18T11:06:40Z"
        #expect(texts["Creation Time"] == stamp)
        #expect(texts["Description"]?.utf8.elementsEqual((seed + "\nCreated: " + stamp).utf8) == true)
    }

    @Test func metadataChunksAreValidITXt() throws {
        let png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 1, metadata: PNGMetadata(seed: "é\u{0}"))
        let decoded = try PNGTestDecoder(png)
        #expect(decoded.allCRCsValid)
        let itxt = decoded.chunks.filter { $0.type == "iTXt" }
        #expect(itxt.count == 2)
        // keyword, NUL, flag 0, method 0, empty language, NUL, empty translated keyword, NUL, text.
        #expect(itxt[0].data == Array("Description".utf8) + [0, 0, 0, 0, 0] + [0xC3, 0xA9, 0x00])
        #expect(decoded.types.last == "IEND")
        // The image is unchanged by the metadata.
        #expect(try decoded.pixels() == (try PNGTestDecoder(try PNGEncoder.encode(ImageTestSprites.disc, scale: 1)).pixels()))
    }

    @Test func readsTEXtAndZTXt() throws {
        var png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 1)
        let iend = png.count - 12
        let compressedText = try Self.zlibCompress(Array("squeezed text".utf8))
        let extra = Self.chunk("tEXt", Array("Title".utf8) + [0] + [0x63, 0x61, 0x66, 0xE9])  // "café" in Latin-1
            + Self.chunk("zTXt", Array("Comment".utf8) + [0, 0] + compressedText)
        png.insert(contentsOf: extra, at: iend)
        let texts = try PNGMetadataReader.textChunks(png)
        #expect(texts == ["Title": "café", "Comment": "squeezed text"])
        #expect(PNGMetadataReader.seed(png) == nil)
    }

    @Test func rejectsCorruptCRC() throws {
        var png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 1, metadata: PNGMetadata(seed: "bob"))
        png[png.count - 20] ^= 0xFF  // inside the IDAT chunk
        #expect(throws: ImageError.self) { try PNGMetadataReader.textChunks(png) }
        do {
            _ = try PNGMetadataReader.textChunks(png)
        } catch let error as ImageError {
            guard case .badCRC(let chunk, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(chunk == "IDAT")
            #expect(error.message.contains("CRC of the IDAT chunk"))
        }
        #expect(PNGMetadataReader.seed(png) == nil)
    }

    @Test func rejectsNonPNGAndTruncatedData() throws {
        #expect(throws: ImageError.notPNG) { try PNGMetadataReader.textChunks(Array("GIF89a not a png".utf8)) }
        #expect(throws: ImageError.notPNG) { try PNGMetadataReader.textChunks([]) }
        let png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 1)
        #expect(throws: ImageError.self) { try PNGMetadataReader.textChunks(Array(png.dropLast(5))) }
        #expect(ImageError.notPNG.message.contains("not a PNG"))
    }

    @Test func rejectsMalformedTextChunk() throws {
        var png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 1)
        png.insert(contentsOf: Self.chunk("iTXt", Array("Description".utf8) + [0, 0, 0] + [0xFF, 0xFE]), at: png.count - 12)
        #expect(throws: ImageError.self) { try PNGMetadataReader.textChunks(png) }
    }

    /// A chunk with a correct CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.appendBigEndian(UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        out.appendBigEndian(body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) })
        return out
    }

    static func zlibCompress(_ input: [UInt8]) throws -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        guard compress2(&out, &length, input, uLong(input.count), 9) == Z_OK else { throw ImageError.notPNG }
        return Array(out[0..<Int(length)])
    }
}
