import CZlib

/// A zlib stream (RFC 1950 around one RFC 1951 deflate block) of image rows that each repeat
/// a whole number of times, as in an upscaled sprite: far cheaper than running zlib over the
/// expanded rows, and as small.
///
/// Matches are looked for at two distances only: 1 (runs of one byte) and the row length (the
/// row above); every repeated row is one match a row back. The block uses dynamic Huffman codes
/// built from the symbol counts, or the fixed codes when those come out shorter. The stream is
/// planned in full (`Stream`) before it is written, so its exact size is known up front.
enum ScanlineDeflater {
    /// Appends to `out` the zlib stream of `rows` (see `Stream.init(rows:stride:repeats:)`).
    static func append(rows: UnsafeBufferPointer<UInt8>, stride: Int, repeats: Int, to out: inout [UInt8]) {
        append(Stream(rows: rows, stride: stride, repeats: repeats), to: &out)
    }

    /// Appends `stream`'s bytes to `out`.
    static func append(_ stream: Stream, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: stream.byteCount))
        out.withUnsafeMutableBytes { stream.write(to: $0.baseAddress! + start) }
    }

    /// A zlib stream of repeated rows: its tokens, its Huffman codes and its exact size.
    struct Stream {
        /// Literals and matches in order (see `Tokens.list`).
        let tokens: [UInt64]
        /// The code table the block uses (`code | length << 16` per entry, see `Deflate.tableCount`).
        let table: [UInt32]
        /// The code lengths to store, for a dynamic block; nil for the fixed codes.
        let header: DynamicHeader?
        /// Bits of the deflate block: block header, code lengths, codes, extra bits, end of block.
        let blockBits: Int
        /// The Adler-32 of the expanded rows.
        let adler: UInt32

        /// Bytes of the zlib stream: 2-byte header, the block, 4-byte Adler-32.
        var byteCount: Int { 2 + (blockBits + 7) / 8 + 4 }

        /// The stream of `rows` (`rows.count / stride` rows of `stride` bytes), each row written
        /// `repeats` times in a row, parsed byte by byte. Rows are 3…32,768 bytes long (a PNG row
        /// of a 32-px sprite is at least 5), so that a row's repeats (1…1,024) always make a match of 3
        /// bytes or more.
        init(rows: UnsafeBufferPointer<UInt8>, stride: Int, repeats: Int) {
            precondition((3...32_768).contains(stride) && rows.count % stride == 0 && (1...1_024).contains(repeats))
            let base = rows.baseAddress!
            // At most one token per byte, plus one match per row for its repeats.
            self.init(tokenBound: rows.count + rows.count / stride + 1) { parsed in
                for y in 0..<(rows.count / stride) {
                    let row = UnsafeBufferPointer(start: base + y * stride, count: stride)
                    let above = y > 0 ? UnsafeBufferPointer(start: base + (y - 1) * stride, count: stride) : nil
                    parse(row, above: above, repeats: repeats, into: &parsed)
                    if repeats > 1 { parsed.match(distance: stride, length: (repeats - 1) * stride) }
                }
                return ScanlineDeflater.adler32(rows: rows, stride: stride, repeats: repeats)
            }
        }

        /// The stream of a sprite's PNG rows when its pixels fill whole bytes: `cells` holds 32
        /// rows of 32 cell bytes (the byte a cell's pixels pack into), and PNG row `y` is filter
        /// byte 0 and then each cell byte of row `y` `cellBytes` times, written `repeats` times.
        /// Parsed cell by cell, never expanded.
        init(cells: UnsafeBufferPointer<UInt8>, cellBytes: Int, repeats: Int) {
            precondition(cells.count == Grid.side * Grid.side && (1...256).contains(cellBytes) && (1...1_024).contains(repeats))
            let stride = 1 + Grid.side * cellBytes
            let base = UnsafeRawPointer(cells.baseAddress!)
            // Per cell at most four (a pending match, two carried literals and the cell's own
            // token); per row a few more (filter byte, last carry, the repeats' match).
            self.init(tokenBound: Grid.side * (8 + 5 * Grid.side)) { parsed in
                var adler = Adler32()
                for y in 0..<Grid.side {
                    let row = base + y * Grid.side
                    parseCells(row, above: y > 0 ? row - Grid.side : nil, cellBytes: cellBytes, into: &parsed)
                    if repeats > 1 { parsed.match(distance: stride, length: (repeats - 1) * stride) }
                    adler.append(cellRow: row, cellBytes: cellBytes, repeats: repeats)
                }
                return adler.value
            }
        }

        /// The stream of the tokens `parse` writes (at most `tokenBound` of them; it returns the
        /// Adler-32 of the rows), with whichever Huffman codes come out shorter. The tokens go
        /// straight into the array's storage and the counts into scratch space on the stack.
        private init(tokenBound: Int, _ parse: (inout Tokens) -> UInt32) {
            var adler: UInt32 = 0
            // The code table, then the dynamic header's items.
            var dynamic = [UInt32](repeating: 0, count: Deflate.tableCount + Deflate.symbolCount)
            var planned: (header: DynamicHeader, dynamicBits: Int, fixedBits: Int, extraBits: Int)!
            tokens = [UInt64](unsafeUninitializedCapacity: tokenBound) { list, count in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Deflate.symbolCount) { counts in
                    counts.initialize(repeating: 0)
                    var parsed = Tokens(list: list, counts: counts.baseAddress!)
                    adler = parse(&parsed)
                    parsed.flush()
                    count = parsed.count
                    counts[Deflate.endOfBlock] = 1
                    let (header, dynamicBits, fixedBits) = dynamic.withUnsafeMutableBufferPointer {
                        Stream.dynamicCodes(counts: UnsafeBufferPointer(counts), into: $0)
                    }
                    planned = (header, dynamicBits, fixedBits, parsed.extraBits)
                }
            }
            self.adler = adler
            if planned.fixedBits <= planned.dynamicBits {
                table = Deflate.fixedCodes
                header = nil
                blockBits = 3 + planned.fixedBits + planned.extraBits
            } else {
                table = dynamic
                header = planned.header
                blockBits = 3 + planned.dynamicBits + planned.extraBits
            }
        }

        /// Builds the dynamic codes for symbols used `counts` times (end of block included) into
        /// `table`, and returns the header storing them, the bits of header and codes, and the
        /// bits of the same codes with the fixed code (extra bits, the same in both, left out).
        /// Works on the used symbols only, in scratch space on the stack.
        private static func dynamicCodes(counts: UnsafeBufferPointer<UInt32>, into table: UnsafeMutableBufferPointer<UInt32>)
            -> (DynamicHeader, dynamicBits: Int, fixedBits: Int) {
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: Deflate.symbolCount) { symbols in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Deflate.symbolCount) { lengths in
                    // The used symbols of each alphabet, ascending: literal/lengths, then distances.
                    var literalCount = 0
                    for symbol in 0..<Deflate.distanceBase where counts[symbol] > 0 {
                        symbols[literalCount] = UInt16(symbol)
                        literalCount += 1
                    }
                    let distanceCounts = UnsafeBufferPointer(rebasing: counts[Deflate.distanceBase...])
                    // Two distance codes at least, so that every code is complete (some decoders insist).
                    let distancesUsed = distanceCounts.count { $0 > 0 }
                    var distanceCount = 0
                    for symbol in 0..<30 where distanceCounts[symbol] > 0 || (distancesUsed < 2 && symbol < 2) {
                        symbols[literalCount + distanceCount] = UInt16(symbol)
                        distanceCount += 1
                    }
                    let literals = UnsafeBufferPointer(rebasing: symbols[0..<literalCount])
                    let distances = UnsafeBufferPointer(rebasing: symbols[literalCount..<(literalCount + distanceCount)])
                    let literalLengths = UnsafeMutableBufferPointer(rebasing: lengths[0..<literalCount])
                    let distanceLengths = UnsafeMutableBufferPointer(rebasing: lengths[literalCount..<(literalCount + distanceCount)])
                    Huffman.lengths(of: literals, counts: counts, limit: 15, into: literalLengths)
                    Huffman.lengths(of: distances, counts: distanceCounts, limit: 15, into: distanceLengths)
                    Huffman.codes(symbols: literals, lengths: UnsafeBufferPointer(literalLengths), into: table)
                    Huffman.codes(symbols: distances, lengths: UnsafeBufferPointer(distanceLengths),
                                  into: UnsafeMutableBufferPointer(rebasing: table[Deflate.distanceBase...]))
                    let header = DynamicHeader(literals: literals, literalLengths: UnsafeBufferPointer(literalLengths),
                                               distances: distances, distanceLengths: UnsafeBufferPointer(distanceLengths),
                                               codes: UnsafeMutableBufferPointer(rebasing: table[Deflate.symbolCount..<Deflate.tableCount]),
                                               items: UnsafeMutableBufferPointer(rebasing: table[Deflate.tableCount...]))
                    // Exact sizes of both choices.
                    var dynamicBits = header.bitCount, fixedBits = 0
                    for (i, symbol) in literals.enumerated() {
                        dynamicBits += Int(counts[Int(symbol)]) * Int(literalLengths[i])
                        fixedBits += Int(counts[Int(symbol)]) * Deflate.fixedLength(Int(symbol))
                    }
                    for (i, symbol) in distances.enumerated() {
                        dynamicBits += Int(distanceCounts[Int(symbol)]) * Int(distanceLengths[i])
                        fixedBits += Int(distanceCounts[Int(symbol)]) * 5
                    }
                    return (header, dynamicBits, fixedBits)
                }
            }
        }

        /// Writes the stream's `byteCount` bytes at `out`.
        func write(to out: UnsafeMutableRawPointer) {
            out.storeBytes(of: 0x78, as: UInt8.self)  // deflate, 32 KiB window; check bits make 0x7801 a multiple of 31
            out.storeBytes(of: 0x01, toByteOffset: 1, as: UInt8.self)
            var bits = BitWriter(out: out + 2)
            if let header {
                bits.write(1 | 2 << 1, count: 3)  // final block, dynamic codes
                table.withUnsafeBufferPointer {
                    header.write(codes: UnsafeBufferPointer(rebasing: $0[Deflate.symbolCount..<Deflate.tableCount]),
                                 items: UnsafeBufferPointer(rebasing: $0[Deflate.tableCount...]), to: &bits)
                }
            } else {
                bits.write(1 | 1 << 1, count: 3)  // final block, fixed codes
            }
            table.withUnsafeBufferPointer { table in
                for token in tokens {
                    if token & Tokens.matchFlag == 0 {
                        bits.write(code: table[Int(token)])
                        continue
                    }
                    // The distance code and its extra bits, the same for every piece.
                    let distance = Deflate.distanceCode(Int(truncatingIfNeeded: token & 0xFFFF_FFFF))
                    let distanceEntry = table[Deflate.distanceBase &+ distance.code]
                    let distanceBits = distanceEntry & 0xFFFF | UInt32(distance.extra) << (distanceEntry >> 16)
                    let distanceCount = Int(distanceEntry >> 16) &+ distance.extraBits  // at most 15 + 13
                    var left = Int(truncatingIfNeeded: token >> 32 & 0x7FFF_FFFF)
                    if left >= 261 {
                        // The pieces of 258 (`Deflate.piece`), whose length symbol has no extra
                        // bits: with their distance as one write when both fit in 32 bits.
                        let full = (left &- 261) / 258 &+ 1
                        left &-= 258 &* full
                        let entry = table[Deflate.lengthCode(258).code], lengthCount = Int(entry >> 16)
                        if lengthCount &+ distanceCount <= 32 {
                            let both = entry & 0xFFFF | distanceBits << UInt32(lengthCount)
                            for _ in 0..<full { bits.write(both, count: lengthCount &+ distanceCount) }
                        } else {
                            for _ in 0..<full {
                                bits.write(code: entry)
                                bits.write(distanceBits, count: distanceCount)
                            }
                        }
                    }
                    while left > 0 {  // the last one or two pieces
                        let piece = Deflate.piece(left)
                        let length = Deflate.lengthCode(piece)
                        let entry = table[length.code]
                        bits.write(entry & 0xFFFF | UInt32(length.extra) << (entry >> 16), count: Int(entry >> 16) &+ length.extraBits)
                        bits.write(distanceBits, count: distanceCount)
                        left &-= piece
                    }
                }
                bits.write(code: table[Deflate.endOfBlock])
            }
            bits.alignToByte()
            precondition(bits.written == (blockBits + 7) / 8, "the block is as long as planned")
            let check = 2 + bits.written
            for i in 0..<4 { out.storeBytes(of: UInt8(truncatingIfNeeded: adler >> (24 - 8 * UInt32(i))), toByteOffset: check + i, as: UInt8.self) }
        }
    }

    /// Greedy parse of one PNG row of whole-byte cells (filter byte 0, then each of the 32 cell
    /// bytes at `row` `cellBytes` times), whose previous grid row is `above` (nil for the first).
    /// Matches are found cell by cell from two masks of 32 bits, one comparison per 8 cells: at
    /// each cell, the longer of the match with the row above (on a tie) and the run of the byte
    /// before, else a literal whose cell's other bytes are carried on as a run of it.
    static func parseCells(_ row: UnsafeRawPointer, above: UnsafeRawPointer?, cellBytes k: Int,
                           into tokens: inout Tokens) {
        let n = 1 &+ Grid.side &* k
        // Bit c set where cell c differs from the cell above / from the byte before it (the cell
        // to its left, or the filter byte 0 for cell 0).
        let aboveDiff = above.map { differingBytes(row, $0) } ?? UInt32.max
        let leftDiff = differingFromLeft(row)
        /// How many cells from `c` on have their bit clear in `diff`.
        @inline(__always) func same(_ diff: UInt32, from c: Int) -> Int {
            ((UInt64(diff) | 1 << 32) >> UInt64(c)).trailingZeroBitCount
        }
        @inline(__always) func cell(_ c: Int) -> UInt8 { row.load(fromByteOffset: c, as: UInt8.self) }
        var c = 0
        var carry = 0  // bytes equal to the one before cell c, not yet tokenised
        func flushCarry() {
            if carry >= 3 {
                tokens.match(distance: 1, length: carry)
            } else {
                for _ in 0..<carry { tokens.literal(cell(c &- 1)) }
            }
            carry = 0
        }
        // The filter byte (0 in both rows) starts a match with the row above if one is worth it.
        let up = same(aboveDiff, from: 0)
        if above != nil && 1 &+ up &* k >= 3 {
            tokens.match(distance: n, length: 1 &+ up &* k)
            c = up
        } else {
            tokens.literal(0)
        }
        while c < Grid.side {
            let up = same(aboveDiff, from: c), run = same(leftDiff, from: c)
            let upBytes = up &* k, runBytes = carry &+ run &* k
            if upBytes >= 3 && upBytes >= runBytes {
                flushCarry()
                tokens.match(distance: n, length: upBytes)
                c &+= up
            } else if runBytes >= 3 {
                tokens.match(distance: 1, length: runBytes)
                carry = 0
                c &+= run
            } else {
                flushCarry()
                tokens.literal(cell(c))
                carry = k &- 1
                c &+= 1
            }
        }
        flushCarry()
    }

    /// Bit c set where bytes `a[c]` and `b[c]` (c < 32) differ, 8 bytes at a time.
    @inline(__always)
    static func differingBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> UInt32 {
        var mask: UInt32 = 0
        for w in 0..<4 {
            let x = a.loadUnaligned(fromByteOffset: 8 &* w, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: 8 &* w, as: UInt64.self)
            mask |= nonZeroBytes(UInt64(littleEndian: x)) << UInt32(8 &* w)
        }
        return mask
    }

    /// Bit c set where byte `a[c]` (c < 32) differs from the byte before it, with 0 before `a[0]`.
    @inline(__always)
    static func differingFromLeft(_ a: UnsafeRawPointer) -> UInt32 {
        var mask: UInt32 = 0
        var before: UInt64 = 0  // the byte before the word
        for w in 0..<4 {
            let word = UInt64(littleEndian: a.loadUnaligned(fromByteOffset: 8 &* w, as: UInt64.self))
            mask |= nonZeroBytes(word ^ (word << 8 | before)) << UInt32(8 &* w)
            before = word >> 56
        }
        return mask
    }

    /// Bit j (0…7) set where byte j of `x` (lowest first) is not zero.
    @inline(__always)
    static func nonZeroBytes(_ x: UInt64) -> UInt32 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // Bit 7 of each byte: set if its low 7 bits are not all zero (the sum carries into it,
        // never past it) or if it was set already.
        let high = ((x & low7) &+ low7 | x) & ~low7
        // Gather bit 8j of `high >> 7` into bit 56 + j (times 2^(56 − 7j)); no other product
        // lands in or carries into the top byte (the tests check every pattern).
        return UInt32(truncatingIfNeeded: ((high >> 7) &* 0x0102_0408_1020_4080) >> 56)
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

    /// The Adler-32 of the expanded rows, from zlib's Adler-32 of each source row alone.
    static func adler32(rows: UnsafeBufferPointer<UInt8>, stride: Int, repeats: Int) -> UInt32 {
        var adler = Adler32()
        var start = 0
        while start < rows.count {
            // A row alone has Adler halves `1 + s` and `n + w` (see `Adler32.append`).
            let rowAdler = Int(CZlib.adler32(1, rows.baseAddress! + start, uInt(stride)))
            let m = Adler32.modulus
            adler.append(sum: ((rowAdler & 0xFFFF) - 1 + m) % m, weighted: ((rowAdler >> 16) - stride % m + m) % m,
                         length: stride, repeats: repeats)
            start &+= stride
        }
        return adler.value
    }

    /// The Adler-32 (RFC 1950) of a stream built from rows, each known by its length `n`, its
    /// byte sum `s` and its weighted sum `w = Σ (n − i)·bᵢ`: appending a row adds `s` to the low
    /// half and `n·low + w` to the high half.
    struct Adler32 {
        static let modulus = 65_521
        private var low = 1, high = 0

        /// The checksum so far.
        var value: UInt32 { UInt32(high << 16 | low) }

        /// Appends a row `repeats` (k) times at once: high += k·(n·low + w) + n·s·k(k−1)/2,
        /// low += k·s. `sum` and `weighted` are not negative; n ≤ 32,768, k ≤ 1,024, s < 2^23 and
        /// w < 2^38, so every term stays below 2^58 and two reductions (divisions) are enough.
        @inline(__always)
        mutating func append(sum s: Int, weighted w: Int, length n: Int, repeats k: Int) {
            let m = Adler32.modulus
            high = (high &+ k &* (n &* low &+ w) &+ n &* s &* (k &* (k &- 1) / 2)) % m
            low = (low &+ k &* s) % m
        }

        /// Appends a PNG row of whole-byte cells (see `Stream.init(cells:cellBytes:repeats:)`)
        /// `repeats` times. Cell c covers bytes 1 + ck … ck + k of the n = 1 + 32k, so with
        /// B = Σ b_c and C = Σ c·b_c: s = k·B and w = (k(n − 1) − k(k − 1)/2)·B − k²·C.
        mutating func append(cellRow row: UnsafeRawPointer, cellBytes k: Int, repeats: Int) {
            var b = 0, c = 0
            for w in 0..<4 {
                // Eight cells at once: the even and odd bytes as four 16-bit lanes each, summed
                // and weighted by their place (0…7) with one multiplication per sum, whose top
                // lane collects the dot product of the lanes with the constant's lanes reversed
                // (no lane exceeds 16 bits, so none carries into the next).
                let word = UInt64(littleEndian: row.loadUnaligned(fromByteOffset: 8 &* w, as: UInt64.self))
                let even = word & 0x00FF_00FF_00FF_00FF, odd = word >> 8 & 0x00FF_00FF_00FF_00FF
                let sum = Int(((even &+ odd) &* 0x0001_0001_0001_0001) >> 48)
                let place = Int((even &* 0x0000_0002_0004_0006) >> 48) &+ Int((odd &* 0x0001_0003_0005_0007) >> 48)
                b &+= sum
                c &+= 8 &* w &* sum &+ place
            }
            let n = 1 &+ Grid.side &* k
            append(sum: k &* b, weighted: (k &* (n &- 1) &- k &* (k &- 1) / 2) &* b &- k &* k &* c, length: n, repeats: repeats)
        }
    }

    /// Literals and matches in order, with how often each code-table entry is used, written
    /// into memory the stream provides (see `Stream.init(tokenBound:_:)`).
    struct Tokens {
        /// A literal byte, or `matchFlag | length << 32 | distance` for a match, which is
        /// written as pieces of at most 258 bytes (`Deflate.piece`); `count` of them so far.
        let list: UnsafeMutableBufferPointer<UInt64>
        private(set) var count = 0
        /// Uses of each code-table entry (`Deflate.symbolCount`, zeroed by the caller):
        /// literal/length symbols, then distance symbols at `Deflate.distanceBase`.
        let counts: UnsafeMutablePointer<UInt32>
        /// Extra bits the matches take (the same whichever codes are used).
        var extraBits = 0
        /// A match not yet written, so that back-to-back matches at one distance merge.
        var pendingDistance = 0
        var pendingLength = 0

        static let matchFlag: UInt64 = 1 << 63

        init(list: UnsafeMutableBufferPointer<UInt64>, counts: UnsafeMutablePointer<UInt32>) {
            self.list = list
            self.counts = counts
        }

        @inline(__always)
        private mutating func add(_ token: UInt64) {
            precondition(count < list.count, "the token list is as long as planned")
            list[count] = token
            count &+= 1
        }

        @inline(__always)
        mutating func literal(_ byte: UInt8) {
            if pendingLength > 0 { flush() }
            add(UInt64(byte))
            counts[Int(byte)] &+= 1
        }

        @inline(__always)
        mutating func match(distance: Int, length: Int) {
            if pendingLength > 0 && pendingDistance != distance { flush() }
            pendingDistance = distance
            pendingLength &+= length
        }

        /// Writes the pending match, counting the symbols of its pieces: 258 bytes while more
        /// than 260 are left, then the rest (3…258), or 256 or 257 and 3 (`Deflate.piece`).
        mutating func flush() {
            guard pendingLength > 0 else { return }
            precondition(pendingLength >= 3, "a match is at least 3 bytes long")
            add(Tokens.matchFlag | UInt64(pendingLength) << 32 | UInt64(pendingDistance))
            let full = pendingLength >= 261 ? (pendingLength &- 261) / 258 &+ 1 : 0
            var rest = pendingLength &- 258 &* full
            var pieces = full &+ 1
            counts[Deflate.lengthCode(258).code] &+= UInt32(full)  // no extra bits
            if rest > 258 {
                let three = Deflate.lengthCode(3)
                counts[three.code] &+= 1
                rest &-= 3
                pieces &+= 1
            }
            let length = Deflate.lengthCode(rest)
            counts[length.code] &+= 1
            extraBits &+= length.extraBits
            let distance = Deflate.distanceCode(pendingDistance)
            counts[Deflate.distanceBase &+ distance.code] &+= UInt32(pieces)
            extraBits &+= pieces &* distance.extraBits
            pendingLength = 0
        }
    }
}
