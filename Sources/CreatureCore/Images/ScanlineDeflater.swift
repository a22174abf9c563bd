import CZlib

/// A zlib stream (RFC 1950 around one RFC 1951 deflate block) of image rows that each repeat
/// a whole number of times, as in an upscaled sprite: far cheaper than running zlib over the
/// expanded rows, and as small.
///
/// Matches are looked for at two distances only: 1 (runs of one byte) and the row length (the
/// row above); every repeated row is one match a row back. The block uses dynamic Huffman codes
/// built from the symbol counts, or the fixed codes when those come out shorter.
enum ScanlineDeflater {
    /// Appends to `out` the zlib stream of `rows` (`rows.count / stride` rows of `stride` bytes),
    /// each row written `repeats` times in a row. Rows are 3…32,768 bytes long (a PNG row of a
    /// 32-px sprite is at least 5), so that a row's repeats always make a match of 3 bytes or more.
    static func append(rows: UnsafeBufferPointer<UInt8>, stride: Int, repeats: Int, to out: inout [UInt8]) {
        precondition((3...32_768).contains(stride) && rows.count % stride == 0 && repeats >= 1)
        var tokens = Tokens()
        tokens.list.reserveCapacity(rows.count / 4 + 16)
        let count = rows.count / stride
        for y in 0..<count {
            let row = UnsafeBufferPointer(rebasing: rows[(y * stride)..<(y * stride + stride)])
            let above = y > 0 ? UnsafeBufferPointer(rebasing: rows[((y - 1) * stride)..<(y * stride)]) : nil
            parse(row, above: above, repeats: repeats, into: &tokens)
            if repeats > 1 { tokens.match(distance: stride, length: (repeats - 1) * stride) }
        }
        tokens.flush()

        out.append(contentsOf: [0x78, 0x01])  // deflate, 32 KiB window; check bits make 0x7801 a multiple of 31
        var bits = BitWriter(out: [])
        swap(&bits.out, &out)
        writeBlock(tokens, to: &bits)
        bits.alignToByte()
        swap(&bits.out, &out)
        out.appendBigEndian(adler32(rows: rows, stride: stride, repeats: repeats))
    }

    /// Greedy parse of one row whose previous image row is `above` (nil for the first row):
    /// at each byte, the longer of the match with the row above and the run of the byte before,
    /// else a literal. A match with the row above that reaches the row end is always taken, as
    /// the repeats that follow extend it.
    static func parse(_ row: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>?, repeats: Int,
                      into tokens: inout Tokens) {
        let n = row.count
        let base = UnsafeRawPointer(row.baseAddress!)
        let aboveBase = above.map { UnsafeRawPointer($0.baseAddress!) }
        var p = 0
        while p < n {
            let up = aboveBase.map { sameBytes(base + p, $0 + p, limit: n &- p) } ?? 0
            if up == n &- p && (up >= 3 || repeats > 1) {
                tokens.match(distance: n, length: up)
                return
            }
            var run = 0
            if p > 0 || above != nil {
                let before = p > 0 ? row[p &- 1] : above![n &- 1]
                run = repeatedByte(before, at: base + p, limit: n &- p)
            }
            if up >= 3 && up > run {
                tokens.match(distance: n, length: up)
                p &+= up
            } else if run >= 3 {
                tokens.match(distance: 1, length: run)
                p &+= run
            } else {
                tokens.literal(row[p])
                p &+= 1
            }
        }
    }

    /// How many leading bytes (at most `limit`) `a` and `b` have in common, 8 at a time.
    @inline(__always)
    static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, limit: Int) -> Int {
        var i = 0
        while i &+ 8 <= limit {
            let x = a.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if x != 0 { return i &+ UInt64(littleEndian: x).trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < limit && a.load(fromByteOffset: i, as: UInt8.self) == b.load(fromByteOffset: i, as: UInt8.self) { i &+= 1 }
        return i
    }

    /// How many leading bytes (at most `limit`) at `a` equal `byte`, 8 at a time.
    @inline(__always)
    static func repeatedByte(_ byte: UInt8, at a: UnsafeRawPointer, limit: Int) -> Int {
        let word = UInt64(byte) &* 0x0101_0101_0101_0101
        var i = 0
        while i &+ 8 <= limit {
            let x = a.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ word
            if x != 0 { return i &+ UInt64(littleEndian: x).trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < limit && a.load(fromByteOffset: i, as: UInt8.self) == byte { i &+= 1 }
        return i
    }

    /// The Adler-32 of the expanded rows, from zlib's Adler-32 of each source row alone: a row
    /// of `n` bytes with sum `s` and weighted sum `w = Σ (n − i)·bᵢ` has Adler halves `1 + s` and
    /// `n + w`, and appending it to a stream adds `s` to the low half and `n·low + w` to the high.
    static func adler32(rows: UnsafeBufferPointer<UInt8>, stride: Int, repeats: Int) -> UInt32 {
        let modulus = 65_521
        var low = 1, high = 0
        var start = 0
        while start < rows.count {
            let rowAdler = Int(CZlib.adler32(1, rows.baseAddress! + start, uInt(stride)))
            let sum = ((rowAdler & 0xFFFF) - 1 + modulus) % modulus
            let weighted = ((rowAdler >> 16) - stride % modulus + modulus) % modulus
            // `repeats` (k) appends at once: high += k·(n·low + w) + n·s·k(k−1)/2; low += k·s.
            high = (high &+ repeats &* ((stride &* low &+ weighted) % modulus)
                    &+ (stride &* sum % modulus) &* (repeats &* (repeats &- 1) / 2)) % modulus
            low = (low &+ repeats &* sum) % modulus
            start &+= stride
        }
        return UInt32(high << 16 | low)
    }

    /// Literals and matches in order, with the symbol counts of both Huffman alphabets.
    struct Tokens {
        /// A literal byte, or `matchFlag | length << 16 | distance` for a match.
        var list: [UInt32] = []
        var literalLengthCounts = [Int](repeating: 0, count: 286)
        var distanceCounts = [Int](repeating: 0, count: 30)
        /// A match not yet written, so that back-to-back matches at one distance merge.
        var pendingDistance = 0
        var pendingLength = 0

        static let matchFlag: UInt32 = 1 << 31

        mutating func literal(_ byte: UInt8) {
            flush()
            list.append(UInt32(byte))
            literalLengthCounts[Int(byte)] &+= 1
        }

        mutating func match(distance: Int, length: Int) {
            if pendingLength > 0 && pendingDistance != distance { flush() }
            pendingDistance = distance
            pendingLength &+= length
        }

        /// Writes the pending match as pieces of at most 258 bytes, none shorter than 3.
        mutating func flush() {
            var left = pendingLength
            precondition(left == 0 || left >= 3, "a match is at least 3 bytes long")
            while left > 0 {
                var piece = min(left, 258)
                if left - piece > 0 && left - piece < 3 { piece = left - 3 }
                list.append(Tokens.matchFlag | UInt32(piece) << 16 | UInt32(pendingDistance))
                literalLengthCounts[Deflate.lengthCode(piece).code] &+= 1
                distanceCounts[Deflate.distanceCode(pendingDistance).code] &+= 1
                left -= piece
            }
            pendingLength = 0
        }
    }

    /// Writes the tokens as one final block with whichever Huffman codes come out shorter.
    static func writeBlock(_ tokens: Tokens, to bits: inout BitWriter) {
        var litCounts = tokens.literalLengthCounts
        litCounts[256] = 1  // end of block
        var distCounts = tokens.distanceCounts
        // Two used codes at least, so that every code is complete (some decoders insist).
        if distCounts.count(where: { $0 > 0 }) < 2 {
            distCounts[0] = max(distCounts[0], 1)
            distCounts[1] = max(distCounts[1], 1)
        }
        let litLengths = Huffman.lengths(litCounts, limit: 15)
        let distLengths = Huffman.lengths(distCounts, limit: 15)
        let header = DynamicHeader(litLengths: litLengths, distLengths: distLengths)

        func bodyBits(_ lit: [UInt8], _ dist: [UInt8]) -> Int {
            var total = 0
            for (symbol, count) in litCounts.enumerated() where count > 0 { total += count * Int(lit[symbol]) }
            for (symbol, count) in distCounts.enumerated() where count > 0 { total += count * Int(dist[symbol]) }
            return total
        }
        let dynamicBits = header.bitCount + bodyBits(litLengths, distLengths)
        let fixedBits = bodyBits(Deflate.fixedLiteralLengths, Deflate.fixedDistanceLengths)

        let lit: Huffman.Code, dist: Huffman.Code
        if fixedBits <= dynamicBits {
            bits.write(1 | 1 << 1, count: 3)  // final block, fixed codes
            lit = Deflate.fixedLiteralCode
            dist = Deflate.fixedDistanceCode
        } else {
            bits.write(1 | 2 << 1, count: 3)  // final block, dynamic codes
            header.write(to: &bits)
            lit = Huffman.Code(lengths: litLengths)
            dist = Huffman.Code(lengths: distLengths)
        }
        for token in tokens.list {
            if token & Tokens.matchFlag == 0 {
                lit.write(Int(token), to: &bits)
                continue
            }
            let length = Deflate.lengthCode(Int(token >> 16 & 0x1FF))
            lit.write(length.code, to: &bits)
            bits.write(UInt32(length.extra), count: length.extraBits)
            let distance = Deflate.distanceCode(Int(token & 0xFFFF))
            dist.write(distance.code, to: &bits)
            bits.write(UInt32(distance.extra), count: distance.extraBits)
        }
        lit.write(256, to: &bits)
    }

    /// The code lengths of a dynamic block, run-length coded with the code-length alphabet.
    struct DynamicHeader {
        var literalCount: Int
        var distanceCount: Int
        /// Code-length symbols in order, each `symbol | extraBits << 8 | extra << 16`.
        var items: [UInt32] = []
        var codeLengthLengths: [UInt8]
        var codeLengthCount: Int

        /// The order in which code-length code lengths are stored (RFC 1951 §3.2.7).
        static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        init(litLengths: [UInt8], distLengths: [UInt8]) {
            literalCount = max(257, (litLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            distanceCount = max(1, (distLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            var all = [UInt8](litLengths[0..<literalCount])
            all.append(contentsOf: distLengths[0..<distanceCount])
            var items: [UInt32] = []
            items.reserveCapacity(64)
            var counts = [Int](repeating: 0, count: 19)
            var i = 0
            while i < all.count {
                let value = all[i]
                var run = 1
                while i &+ run < all.count && all[i &+ run] == value { run &+= 1 }
                i &+= run
                if value == 0 {
                    while run >= 11 { let k = min(run, 138); items.append(18 | 7 << 8 | UInt32(k - 11) << 16); run -= k }
                    if run >= 3 { items.append(17 | 3 << 8 | UInt32(run - 3) << 16); run = 0 }
                } else {
                    items.append(UInt32(value))
                    run -= 1
                    while run >= 3 { let k = min(run, 6); items.append(16 | 2 << 8 | UInt32(k - 3) << 16); run -= k }
                }
                for _ in 0..<run { items.append(UInt32(value)) }
            }
            for item in items { counts[Int(item & 0xFF)] &+= 1 }
            if counts.count(where: { $0 > 0 }) < 2 {
                let other = items.first == 0 ? 1 : 0
                counts[other] = max(counts[other], 1)
            }
            self.items = items
            codeLengthLengths = Huffman.lengths(counts, limit: 7)
            let lengths = codeLengthLengths
            codeLengthCount = max(4, (DynamicHeader.order.lastIndex { lengths[$0] > 0 } ?? 0) + 1)
        }

        /// Bits the header takes, from HLIT to the last code length.
        var bitCount: Int {
            var total = 5 + 5 + 4 + 3 * codeLengthCount
            for item in items { total += Int(codeLengthLengths[Int(item & 0xFF)]) + Int(item >> 8 & 0xFF) }
            return total
        }

        func write(to bits: inout BitWriter) {
            bits.write(UInt32(literalCount - 257), count: 5)
            bits.write(UInt32(distanceCount - 1), count: 5)
            bits.write(UInt32(codeLengthCount - 4), count: 4)
            for symbol in DynamicHeader.order.prefix(codeLengthCount) { bits.write(UInt32(codeLengthLengths[symbol]), count: 3) }
            let code = Huffman.Code(lengths: codeLengthLengths)
            for item in items {
                code.write(Int(item & 0xFF), to: &bits)
                bits.write(item >> 16, count: Int(item >> 8 & 0xFF))
            }
        }
    }
}

/// Fixed facts of the deflate format (RFC 1951 §3.2.5–3.2.6).
enum Deflate {
    /// The length symbol (257…285) for a match of `length` (3…258), and its extra bits.
    static func lengthCode(_ length: Int) -> (code: Int, extra: Int, extraBits: Int) {
        if length == 258 { return (285, 0, 0) }
        let l = length - 3
        if l < 8 { return (257 + l, 0, 0) }
        let top = Int.bitWidth - 1 - l.leadingZeroBitCount  // 3…7
        let extraBits = top - 2
        return (257 + 4 * (top - 1) + (l >> extraBits & 3), l & (1 << extraBits - 1), extraBits)
    }

    /// The distance symbol (0…29) for a match `distance` (1…32768) back, and its extra bits.
    static func distanceCode(_ distance: Int) -> (code: Int, extra: Int, extraBits: Int) {
        let d = distance - 1
        if d < 4 { return (d, 0, 0) }
        let top = Int.bitWidth - 1 - d.leadingZeroBitCount  // 2…14
        let extraBits = top - 1
        return (2 * top + (d >> extraBits & 1), d & (1 << extraBits - 1), extraBits)
    }

    static let fixedLiteralLengths: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)
    static let fixedLiteralCode = Huffman.Code(lengths: fixedLiteralLengths)
    static let fixedDistanceCode = Huffman.Code(lengths: [UInt8](repeating: 5, count: 32))
}

/// Length-limited Huffman codes in deflate's canonical form.
enum Huffman {
    /// Code lengths for symbols with `counts` (0 for unused), none longer than `limit`. While the
    /// optimal code is too deep, counts are halved (never below 1) and the code rebuilt.
    static func lengths(_ counts: [Int], limit: Int) -> [UInt8] {
        var weights = counts
        while true {
            let lengths = unlimitedLengths(weights)
            if (lengths.max() ?? 0) <= limit { return lengths }
            weights = weights.map { $0 == 0 ? 0 : max(1, $0 >> 1) }
        }
    }

    /// Optimal code lengths by the two-queue method: leaves sorted by weight, merged nodes
    /// queued in the order they are made (which is also increasing weight).
    static func unlimitedLengths(_ counts: [Int]) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        // Each leaf as `count << 9 | symbol`, so that one integer sort orders by count, then symbol.
        var leaves: [Int] = []
        leaves.reserveCapacity(counts.count)
        for (symbol, count) in counts.enumerated() where count > 0 { leaves.append(count << 9 | symbol) }
        leaves.sort()
        let n = leaves.count
        if n == 0 { return lengths }
        if n == 1 { lengths[leaves[0] & 511] = 1; return lengths }
        var weight = [Int](repeating: 0, count: 2 * n - 1)
        for i in 0..<n { weight[i] = leaves[i] >> 9 }
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        var nextLeaf = 0, nextNode = n
        for node in n..<(2 * n - 1) {
            var pair = (0, 0)
            for k in 0..<2 {
                let takeLeaf = nextLeaf < n && (nextNode >= node || weight[nextLeaf] <= weight[nextNode])
                let child = takeLeaf ? nextLeaf : nextNode
                if takeLeaf { nextLeaf += 1 } else { nextNode += 1 }
                if k == 0 { pair.0 = child } else { pair.1 = child }
            }
            weight[node] = weight[pair.0] + weight[pair.1]
            parent[pair.0] = node
            parent[pair.1] = node
        }
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for (i, leaf) in leaves.enumerated() { lengths[leaf & 511] = UInt8(depth[i]) }
        return lengths
    }

    /// Canonical codes for a set of lengths, stored bit-reversed for an LSB-first writer.
    struct Code: Sendable {
        var codes: [UInt32]
        var lengths: [UInt8]

        init(lengths: [UInt8]) {
            self.lengths = lengths
            var perLength = [UInt32](repeating: 0, count: 16)
            for l in lengths where l > 0 { perLength[Int(l)] += 1 }
            var next = [UInt32](repeating: 0, count: 16)
            var code: UInt32 = 0
            for bits in 1..<16 {
                code = (code + perLength[bits - 1]) << 1
                next[bits] = code
            }
            var codes = [UInt32](repeating: 0, count: lengths.count)
            for (symbol, l) in lengths.enumerated() where l > 0 {
                codes[symbol] = next[Int(l)].bitReversed(count: Int(l))
                next[Int(l)] &+= 1
            }
            self.codes = codes
        }

        @inline(__always)
        func write(_ symbol: Int, to bits: inout BitWriter) {
            bits.write(codes[symbol], count: Int(lengths[symbol]))
        }
    }
}

/// Packs bit fields least significant bit first, as deflate stores them.
struct BitWriter {
    var out: [UInt8]
    private var buffer: UInt64 = 0
    private var filled = 0

    init(out: [UInt8]) { self.out = out }

    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        buffer |= UInt64(value) << UInt64(filled)
        filled &+= count
        if filled >= 32 {
            out.append(UInt8(truncatingIfNeeded: buffer))
            out.append(UInt8(truncatingIfNeeded: buffer >> 8))
            out.append(UInt8(truncatingIfNeeded: buffer >> 16))
            out.append(UInt8(truncatingIfNeeded: buffer >> 24))
            buffer >>= 32
            filled &-= 32
        }
    }

    /// Writes out the bits so far, padding the last byte with zeros.
    mutating func alignToByte() {
        while filled > 0 {
            out.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled = max(0, filled - 8)
        }
    }
}

extension UInt32 {
    /// The low `count` bits in reverse order.
    func bitReversed(count: Int) -> UInt32 {
        var value = self, result: UInt32 = 0
        for _ in 0..<count { result = result << 1 | value & 1; value >>= 1 }
        return result
    }
}
