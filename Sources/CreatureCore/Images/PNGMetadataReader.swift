/// Reads the text a PNG carries (`tEXt`, `zTXt`, `iTXt`), checking the file as it goes.
public enum PNGMetadataReader {
    /// The largest decompressed text accepted from one compressed chunk.
    public static let maximumTextBytes = 1 << 20

    /// Every text chunk's keyword and text (the first chunk wins when a keyword repeats).
    /// Throws `ImageError` when the data is not a PNG, is truncated, has a chunk whose CRC
    /// does not match, or has a malformed text chunk.
    public static func textChunks(_ png: [UInt8]) throws -> [String: String] {
        guard png.count >= 8, Array(png[0..<8]) == PNGChunkWriter.signature else { throw ImageError.notPNG }
        var texts: [String: String] = [:]
        var p = 8
        while true {
            guard p + 8 <= png.count else { throw ImageError.truncatedPNG(offset: p) }
            let length = Int(png[p]) << 24 | Int(png[p + 1]) << 16 | Int(png[p + 2]) << 8 | Int(png[p + 3])
            let type = String(decoding: png[(p + 4)..<(p + 8)], as: UTF8.self)
            guard length <= Int(Int32.max), p + 12 + length <= png.count else { throw ImageError.truncatedPNG(offset: p) }
            let dataEnd = p + 8 + length
            let stored = UInt32(png[dataEnd]) << 24 | UInt32(png[dataEnd + 1]) << 16
                | UInt32(png[dataEnd + 2]) << 8 | UInt32(png[dataEnd + 3])
            let crc = png.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[(p + 4)..<dataEnd])) }
            guard crc == stored else { throw ImageError.badCRC(chunk: type, offset: p) }
            let data = png[(p + 8)..<dataEnd]
            if let (keyword, text) = try textChunk(type: type, data: data), texts[keyword] == nil {
                texts[keyword] = text
            }
            if type == "IEND" { return texts }
            p = dataEnd + 4
        }
    }

    /// The seed of a PNG written by `PNGEncoder` with metadata, exactly as given; nil when the
    /// file has no description or cannot be read. The "\nCreated: …" line the encoder adds is
    /// removed only when the file's `Creation Time` chunk shows the encoder wrote it.
    public static func seed(_ png: [UInt8]) -> String? {
        guard let texts = try? textChunks(png), var description = texts[PNGMetadata.descriptionKeyword] else {
            return nil
        }
        if let created = texts[PNGMetadata.creationTimeKeyword] {
            // Compared as bytes: the suffix starts with a newline, so cutting there is exact.
            let bytes = Array(description.utf8)
            let suffix = Array((PNGMetadata.createdPrefix + created).utf8)
            if bytes.count >= suffix.count && Array(bytes.suffix(suffix.count)) == suffix {
                description = String(decoding: bytes.dropLast(suffix.count), as: UTF8.self)
            }
        }
        return description
    }

    /// The keyword and text of a text chunk; nil for other chunk types.
    private static func textChunk(type: String, data: ArraySlice<UInt8>) throws -> (String, String)? {
        guard type == "tEXt" || type == "zTXt" || type == "iTXt" else { return nil }
        func fail(_ reason: String) -> ImageError { .malformedTextChunk(chunk: type, reason: reason) }
        guard let keywordEnd = data.firstIndex(of: 0) else { throw fail("the keyword has no NUL terminator") }
        let keyword = latin1(data[data.startIndex..<keywordEnd])
        guard (1...79).contains(keywordEnd - data.startIndex) else { throw fail("the keyword must be 1 to 79 bytes") }
        var rest = data[(keywordEnd + 1)...]
        switch type {
        case "tEXt":
            return (keyword, latin1(rest))
        case "zTXt":
            guard rest.first == 0 else { throw fail("unknown compression method") }
            return (keyword, latin1(try inflate(rest.dropFirst(), chunk: type)))
        default:  // iTXt
            guard rest.count >= 2 else { throw fail("the compression fields are missing") }
            let compressed = rest[rest.startIndex], method = rest[rest.startIndex + 1]
            guard compressed <= 1, method == 0 else { throw fail("unknown compression flag or method") }
            rest = rest.dropFirst(2)
            guard let languageEnd = rest.firstIndex(of: 0) else { throw fail("the language tag has no NUL terminator") }
            rest = rest[(languageEnd + 1)...]
            guard let translatedEnd = rest.firstIndex(of: 0) else {
                throw fail("the translated keyword has no NUL terminator")
            }
            // The text runs to the end of the chunk: it is not NUL-terminated and may hold NUL.
            let textBytes = rest[(translatedEnd + 1)...]
            let utf8 = compressed == 1 ? ArraySlice(try inflate(textBytes, chunk: type)) : textBytes
            guard let text = String(validating: utf8, as: UTF8.self) else { throw fail("the text is not valid UTF-8") }
            return (keyword, text)
        }
    }

    private static func inflate(_ bytes: ArraySlice<UInt8>, chunk: String) throws -> [UInt8] {
        do {
            return try Zlib.inflate(bytes, limit: maximumTextBytes)
        } catch {
            throw ImageError.malformedTextChunk(chunk: chunk, reason: "the compressed text is corrupt or too long")
        }
    }

    /// ISO 8859-1 bytes as a string (each byte is the code point of the same value).
    private static func latin1<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var s = ""
        s.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return s
    }
}
