import CZlib
import CreatureCore

/// A small, independent PNG reader for the tests: chunks, CRCs, and indexed-colour pixels.
public struct PNGTestDecoder {
    /// One chunk as read.
    public struct Chunk {
        /// Its four-letter type.
        public var type: String
        /// Its data.
        public var data: [UInt8]
        /// Whether its stored CRC matches its type and data.
        public var crcValid: Bool
    }

    /// The IHDR chunk's fields.
    public struct Header: Equatable {
        /// Each field as a number.
        public var width, height, bitDepth, colorType, compression, filter, interlace: Int

        /// A header of these fields.
        public init(width: Int, height: Int, bitDepth: Int, colorType: Int, compression: Int, filter: Int, interlace: Int) {
            (self.width, self.height, self.bitDepth, self.colorType) = (width, height, bitDepth, colorType)
            (self.compression, self.filter, self.interlace) = (compression, filter, interlace)
        }
    }

    /// The chunks in order.
    public let chunks: [Chunk]

    /// Reads `png`'s chunks; throws when the signature or a chunk's length is wrong.
    public init(_ png: [UInt8]) throws {
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure("no signature") }
        var chunks: [Chunk] = []
        var p = 8
        while p < png.count {
            guard p + 12 <= png.count else { throw Failure("truncated chunk header") }
            let length = Int(Self.be32(png, p))
            guard p + 12 + length <= png.count else { throw Failure("truncated chunk") }
            let typeAndData = Array(png[(p + 4)..<(p + 8 + length)])
            let crc = typeAndData.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
            chunks.append(Chunk(type: String(decoding: typeAndData[0..<4], as: UTF8.self),
                                data: Array(typeAndData[4...]), crcValid: crc == Self.be32(png, p + 8 + length)))
            p += 12 + length
        }
        self.chunks = chunks
    }

    /// Why a PNG could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// What was wrong.
        public var description: String
        /// A failure saying `d`.
        public init(_ d: String) { description = d }
    }

    /// The big-endian 32-bit number at `p` of `b`.
    public static func be32(_ b: [UInt8], _ p: Int) -> UInt32 {
        UInt32(b[p]) << 24 | UInt32(b[p + 1]) << 16 | UInt32(b[p + 2]) << 8 | UInt32(b[p + 3])
    }

    /// The chunks' types in order.
    public var types: [String] { chunks.map(\.type) }

    /// Whether every chunk's stored CRC matches its type and data.
    public var allCRCsValid: Bool { chunks.allSatisfy { $0.crcValid } }

    /// The first chunk of `type`.
    public func chunk(_ type: String) -> Chunk? { chunks.first { $0.type == type } }

    /// The IHDR chunk's fields, if it has a well-formed one.
    public var header: Header? {
        guard let d = chunk("IHDR")?.data, d.count == 13 else { return nil }
        return Header(width: Int(Self.be32(d, 0)), height: Int(Self.be32(d, 4)), bitDepth: Int(d[8]),
                      colorType: Int(d[9]), compression: Int(d[10]), filter: Int(d[11]), interlace: Int(d[12]))
    }

    /// The decompressed, still filtered image data (zlib `uncompress`).
    public func rawImageData() throws -> [UInt8] {
        guard let h = header else { throw Failure("no IHDR") }
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let expected = h.height * (1 + (h.width * h.bitDepth + 7) / 8)
        var out = [UInt8](repeating: 0, count: expected + 1)
        var outLength = uLong(out.count)
        let status = uncompress(&out, &outLength, compressed, uLong(compressed.count))
        guard status == Z_OK else { throw Failure("uncompress failed: \(status)") }
        guard Int(outLength) == expected else { throw Failure("image data is \(outLength) bytes, expected \(expected)") }
        return Array(out[0..<expected])
    }

    /// The RGBA pixels of an indexed-colour PNG, undoing all five filter types.
    public func pixels() throws -> [RGBA] {
        guard let h = header, h.colorType == 3, let plte = chunk("PLTE")?.data else { throw Failure("not indexed") }
        let trns = chunk("tRNS")?.data ?? []
        let raw = try rawImageData()
        let rowBytes = (h.width * h.bitDepth + 7) / 8
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var pixels: [RGBA] = []
        for y in 0..<h.height {
            let start = y * (rowBytes + 1)
            let filter = raw[start]
            var row = Array(raw[(start + 1)...(start + rowBytes)])
            for i in 0..<rowBytes where filter != 0 {
                let a = i > 0 ? Int(row[i - 1]) : 0, b = Int(previous[i]), c = i > 0 ? Int(previous[i - 1]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Failure("bad filter \(filter)")
                }
                row[i] = row[i] &+ UInt8(truncatingIfNeeded: predictor)
            }
            previous = row
            for x in 0..<h.width {
                let bit = x * h.bitDepth
                let index = Int(row[bit / 8] >> UInt8(8 - h.bitDepth - bit % 8)) & ((1 << h.bitDepth) - 1)
                guard 3 * index + 2 < plte.count else { throw Failure("index \(index) outside the palette") }
                pixels.append(RGBA(r: plte[3 * index], g: plte[3 * index + 1], b: plte[3 * index + 2],
                                   a: index < trns.count ? trns[index] : 255))
            }
        }
        return pixels
    }
}
