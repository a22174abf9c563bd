// libFuzzer target: the PNG text-chunk reader (Sources/CreatureCore/Images/PNGMetadataReader.swift).
// Built by scripts/fuzz.sh against the CreatureCore module.
//
// Each input is read twice: as given, and with every chunk's CRC recomputed (so mutations
// get past the CRC check into the text-chunk parsing). Checks, besides "never crashes,
// never hangs, never inflates past the limit":
// - `seed` agrees with `textChunks` (nil exactly when there is no readable Description);
// - a seed cut from the input, written by PNGEncoder with metadata, reads back unchanged.
import CreatureCore
import CZlib

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let png = Array(UnsafeBufferPointer(start: data, count: size))
    read(png)
    let fixed = withFixedCRCs(png)
    if fixed != png { read(fixed) }

    // Round trip: the first 64 bytes as a seed (lossy UTF-8, so any input gives a valid one).
    let seed = String(decoding: png.prefix(64), as: UTF8.self)
    do {
        let written = try PNGEncoder.encode(sprite, scale: 1, metadata: PNGMetadata(seed: seed))
        guard let back = PNGMetadataReader.seed(written), back.unicodeScalars.elementsEqual(seed.unicodeScalars) else {
            fatalError("the seed \(Array(seed.unicodeScalars)) did not survive PNG metadata")
        }
    } catch {
        fatalError("PNGEncoder failed: \(error)")
    }
    return 0
}

/// A creature to write PNGs of.
private let sprite = Creature(seed: "fuzz", engine: .v1).sprite

/// Reads `png` both ways and checks they agree.
private func read(_ png: [UInt8]) {
    let texts = try? PNGMetadataReader.textChunks(png)
    let seed = PNGMetadataReader.seed(png)
    if let texts {
        for (keyword, text) in texts {
            guard (1...79).contains(keyword.unicodeScalars.count) else { fatalError("keyword of \(keyword.unicodeScalars.count) characters") }
            // Latin-1 texts double in UTF-8; inflated ones stop at the limit.
            guard text.utf8.count <= 2 * max(PNGMetadataReader.maximumTextBytes, png.count) else {
                fatalError("a text of \(text.utf8.count) bytes from \(png.count) input bytes")
            }
        }
    }
    guard (seed != nil) == (texts?["Description"] != nil) else {
        fatalError("seed and textChunks disagree on whether there is a Description")
    }
}

/// `png` with each chunk's stored CRC replaced by the right one, as far as the chunks can be walked.
private func withFixedCRCs(_ png: [UInt8]) -> [UInt8] {
    var out = png
    var p = 8
    while p + 12 <= out.count {
        let length = Int(out[p]) << 24 | Int(out[p + 1]) << 16 | Int(out[p + 2]) << 8 | Int(out[p + 3])
        guard length <= out.count - p - 12 else { break }
        let dataEnd = p + 8 + length
        let crc = out.withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress! + p + 4, uInt(4 + length)))
        }
        out[dataEnd] = UInt8(crc >> 24)
        out[dataEnd + 1] = UInt8(crc >> 16 & 0xFF)
        out[dataEnd + 2] = UInt8(crc >> 8 & 0xFF)
        out[dataEnd + 3] = UInt8(crc & 0xFF)
        p = dataEnd + 4
    }
    return out
}
