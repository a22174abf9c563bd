@testable import CreatureCore

/// A small, independent GIF89a reader for the tests, with its own LZW decoder.
struct GIFTestDecoder {
    struct Frame {
        var disposal: Int?
        var delayCentiseconds: Int?
        var transparentIndex: Int?
        var hasLocalTable: Bool
        var left, top, width, height: Int
        var colorTable: [RGBA]
        var indices: [Int]

        /// The frame's pixels with its transparent index as clear.
        var pixels: [RGBA] {
            indices.map { $0 == transparentIndex ? RGBA.clear : colorTable[$0] }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    var version = ""
    var width = 0, height = 0
    var globalTable: [RGBA]?
    var loopCount: Int?
    var frames: [Frame] = []
    var trailerFound = false

    init(_ gif: [UInt8]) throws {
        var p = 0
        func byte() throws -> Int {
            guard p < gif.count else { throw Failure("unexpected end at \(p)") }
            p += 1
            return Int(gif[p - 1])
        }
        func word() throws -> Int {
            let low = try byte()
            return low | (try byte()) << 8
        }
        func table(_ bits: Int) throws -> [RGBA] {
            try (0..<(1 << (bits + 1))).map { _ in RGBA(r: UInt8(try byte()), g: UInt8(try byte()), b: UInt8(try byte())) }
        }
        func subBlocks() throws -> [UInt8] {
            var data: [UInt8] = []
            while true {
                let n = try byte()
                if n == 0 { return data }
                guard p + n <= gif.count else { throw Failure("sub-block runs past the end") }
                data += gif[p..<(p + n)]
                p += n
            }
        }
        guard gif.count >= 13 else { throw Failure("too short") }
        version = String(decoding: gif[0..<6], as: UTF8.self)
        p = 6
        width = try word()
        height = try word()
        let packed = try byte()
        _ = try byte()
        _ = try byte()
        if packed & 0x80 != 0 { globalTable = try table(packed & 7) }
        var pendingGCE: (disposal: Int, delay: Int, transparent: Int?)? = nil
        while p < gif.count {
            switch try byte() {
            case 0x21:
                let label = try byte()
                let data = try subBlocks()
                if label == 0xF9 {
                    guard data.count == 4 else { throw Failure("GCE of \(data.count) bytes") }
                    pendingGCE = (Int(data[0] >> 2) & 7, Int(data[1]) | Int(data[2]) << 8,
                                  data[0] & 1 != 0 ? Int(data[3]) : nil)
                } else if label == 0xFF, data.count >= 14, String(decoding: data[0..<11], as: UTF8.self) == "NETSCAPE2.0" {
                    loopCount = Int(data[12]) | Int(data[13]) << 8
                }
            case 0x2C:
                let left = try word(), top = try word(), w = try word(), h = try word()
                let flags = try byte()
                guard flags & 0x40 == 0 else { throw Failure("interlaced") }
                let local = flags & 0x80 != 0 ? try table(flags & 7) : nil
                guard let colors = local ?? globalTable else { throw Failure("no colour table") }
                let minimumCodeSize = try byte()
                let indices = try Self.lzwDecode(try subBlocks(), minimumCodeSize: minimumCodeSize, count: w * h)
                guard indices.allSatisfy({ $0 < colors.count }) else { throw Failure("index outside the table") }
                frames.append(Frame(disposal: pendingGCE?.disposal, delayCentiseconds: pendingGCE?.delay,
                                    transparentIndex: pendingGCE?.transparent, hasLocalTable: local != nil,
                                    left: left, top: top, width: w, height: h, colorTable: colors, indices: indices))
                pendingGCE = nil
            case 0x3B:
                trailerFound = true
                guard p == gif.count else { throw Failure("data after the trailer") }
            case let other:
                throw Failure("unknown block 0x\(String(other, radix: 16)) at \(p - 1)")
            }
        }
    }

    /// Decodes a GIF LZW stream into exactly `count` pixel indices.
    static func lzwDecode(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [Int] {
        guard (2...8).contains(minimumCodeSize) else { throw Failure("bad minimum code size \(minimumCodeSize)") }
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefix = [Int](repeating: -1, count: 4096)
        var suffix = [Int](repeating: 0, count: 4096)
        var first = [Int](repeating: 0, count: 4096)
        for i in 0..<clear { suffix[i] = i; first[i] = i }
        var next = end + 1, size = minimumCodeSize + 1
        var previous = -1
        var out: [Int] = []
        out.reserveCapacity(count)
        var bitPos = 0
        var sawClearFirst = false
        func expand(_ code: Int) -> [Int] {
            var s: [Int] = []
            var c = code
            while c >= 0 { s.append(suffix[c]); c = prefix[c] }
            return s.reversed()
        }
        while true {
            guard bitPos + size <= data.count * 8 else { throw Failure("ran out of data without an end code") }
            var code = 0
            for k in 0..<size where data[(bitPos + k) / 8] & (1 << ((bitPos + k) % 8)) != 0 { code |= 1 << k }
            bitPos += size
            if bitPos == size { guard code == clear else { throw Failure("stream does not start with a clear code") }; sawClearFirst = true }
            if code == clear {
                next = end + 1; size = minimumCodeSize + 1; previous = -1
                continue
            }
            if code == end { break }
            if previous < 0 {
                guard code < clear else { throw Failure("first code after clear is not a literal") }
                out.append(code)
                previous = code
                continue
            }
            guard code <= next else { throw Failure("code \(code) beyond the next free code \(next)") }
            let string = code < next ? expand(code) : expand(previous) + [first[previous]]
            out.append(contentsOf: string)
            if next < 4096 {
                prefix[next] = previous
                suffix[next] = string[0]
                first[next] = first[previous]
                next += 1
                if next == (1 << size) && size < 12 { size += 1 }
            }
            previous = code
        }
        guard sawClearFirst else { throw Failure("no clear code") }
        guard out.count == count else { throw Failure("decoded \(out.count) pixels, expected \(count)") }
        return out
    }
}
