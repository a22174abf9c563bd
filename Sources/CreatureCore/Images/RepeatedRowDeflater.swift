/// A zlib stream (RFC 1950/1951) for image data made of rows that each repeat several times,
/// as in a nearest-neighbour upscale: only the distinct rows are searched for matches, and each
/// repeat becomes one long match a row back. Far faster and smaller than generic deflate here.
struct RepeatedRowDeflater {
    /// The distinct rows, back to back (`rowCount × stride` bytes).
    let rows: UnsafeBufferPointer<UInt8>
    /// The length of one row in bytes (a PNG filter byte plus the packed pixels).
    let stride: Int
    /// How many times each row appears in a row, one after the other.
    let repeats: Int

    /// One token of the LZ77 parse: a literal byte (`length == 0`) or a match.
    private struct Token {
        var length: UInt16
        var value: UInt16  // the literal byte, or the match distance
    }

    /// The complete zlib stream: header, one deflate block, Adler-32 of the expanded data.
    func zlibStream() -> [UInt8] {
        let tokens = parse()
        var out = DeflateBitWriter(capacity: 64 + tokens.count)
        out.write(0x78, bits: 8)   // deflate, 32K window
        out.write(0xDA, bits: 8)   // maximum compression, check bits
        RepeatedRowDeflater.writeBlock(tokens, to: &out)
        out.flush()
        var bytes = out.bytes
        bytes.appendBigEndian(adler32())
        return bytes
    }

    // MARK: LZ77 parse

    /// The LZ77 parse of the expanded data.
    private func parse() -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(Grid.side * (8 + repeats * stride / 200))
        var emitter = TokenEmitter()
        var finder = MatchFinder(rows: rows, stride: stride, repeats: repeats)
        defer { finder.deallocate() }
        let rowCount = rows.count / stride
        for y in 0..<rowCount {
            let rowStart = y * stride
            var i = 0
            var lookahead: Match? = nil
            while i < stride {
                finder.insert(upTo: rowStart + i)
                let match = lookahead ?? finder.find(row: y, offset: i, preferring: emitter.pendingDistance)
                lookahead = nil
                guard match.length >= 3 else {
                    emitter.literal(rows[rowStart + i], into: &tokens)
                    i += 1
                    continue
                }
                // Lazy matching: a longer match one byte on is worth a literal first.
                if match.length < stride - i - 1 {
                    finder.insert(upTo: rowStart + i + 1)
                    let next = finder.find(row: y, offset: i + 1, preferring: emitter.pendingDistance)
                    if next.length > match.length {
                        emitter.literal(rows[rowStart + i], into: &tokens)
                        i += 1
                        lookahead = next
                        continue
                    }
                }
                emitter.match(length: match.length, distance: match.distance, into: &tokens)
                i += match.length
            }
            if repeats > 1 {
                // The copies repeat the row, so a row back always works; the pending
                // match's shorter distance works too when the row has that period.
                let distance = hasPeriod(emitter.pendingDistance, row: rowStart) ? emitter.pendingDistance : stride
                let length = (repeats - 1) * stride
                if length >= 3 || distance == emitter.pendingDistance {
                    emitter.match(length: length, distance: distance, into: &tokens)
                } else {
                    // Too short for a match of its own (only with rows under 3 bytes).
                    for i in 0..<length { emitter.literal(rows[rowStart + i % stride], into: &tokens) }
                }
            }
        }
        emitter.finish(into: &tokens)
        return tokens
    }

    /// A match: `length` bytes copied from `distance` bytes back (length 0: none).
    struct Match {
        var length: Int
        var distance: Int
        static let none = Match(length: 0, distance: 0)
    }

    /// Hash chains over the distinct rows, mapped onto positions in the expanded data.
    ///
    /// Position `p` of the distinct rows stands for the same byte of the *last* copy of its row,
    /// the nearest one. After the last copy of row `k` comes the first copy of row `k + 1`, which
    /// is again row `k + 1` of the distinct rows, so a match may run on into the next row once.
    private struct MatchFinder {
        let rows: UnsafeBufferPointer<UInt8>
        let stride: Int
        let repeats: Int
        let head: UnsafeMutablePointer<Int32>
        let chain: UnsafeMutablePointer<Int32>
        var inserted = 0

        static let hashBits = 12
        static let chainLimit = 16
        static let niceLength = 32
        static let window = 32_768

        init(rows: UnsafeBufferPointer<UInt8>, stride: Int, repeats: Int) {
            self.rows = rows
            self.stride = stride
            self.repeats = repeats
            head = .allocate(capacity: 1 << MatchFinder.hashBits)
            head.initialize(repeating: -1, count: 1 << MatchFinder.hashBits)
            chain = .allocate(capacity: max(1, rows.count))
        }

        func deallocate() {
            head.deallocate()
            chain.deallocate()
        }

        @inline(__always)
        private func hash(_ p: Int) -> Int {
            let v = (Int(rows[p]) << 16 | Int(rows[p + 1]) << 8 | Int(rows[p + 2])) &* 0x9E37_79B1
            return (v >> 16) & ((1 << MatchFinder.hashBits) - 1)
        }

        /// Adds every position below `end` to the chains.
        @inline(__always)
        mutating func insert(upTo end: Int) {
            let last = min(end, rows.count - 2)
            while inserted < last {
                let h = hash(inserted)
                chain[inserted] = head[h]
                head[h] = Int32(inserted)
                inserted += 1
            }
        }

        /// How many of the `limit` bytes at `a` and `b` are equal before the first difference,
        /// compared eight at a time.
        @inline(__always)
        private func commonPrefix(_ a: Int, _ b: Int, limit: Int) -> Int {
            guard let base = UnsafeRawPointer(rows.baseAddress) else { return 0 }
            var length = 0
            while length &+ 8 <= limit {
                let x = base.loadUnaligned(fromByteOffset: a &+ length, as: UInt64.self)
                    ^ base.loadUnaligned(fromByteOffset: b &+ length, as: UInt64.self)
                if x != 0 { return length &+ (UInt64(littleEndian: x).trailingZeroBitCount >> 3) }
                length &+= 8
            }
            while length < limit && rows[a &+ length] == rows[b &+ length] { length &+= 1 }
            return length
        }

        /// How many bytes from `current` (in row `y` of the distinct rows, at most `limit`) equal
        /// the bytes from `source`, a position in the expanded data before the current one.
        @inline(__always)
        private func matchLength(at source: Int, row y: Int, against current: Int, limit: Int) -> Int {
            guard source >= 0 else { return 0 }
            let block = stride * repeats
            let row = source / block
            let copy = (source - row * block) / stride
            let offset = source - row * block - copy * stride
            let from = row * stride + offset
            // Within the current row, or in a last copy (followed by the next distinct row),
            // the expanded data runs on as the distinct rows do; in other copies only to the row end.
            let runsOn = row == y || (copy == repeats - 1 && row == y - 1)
            var reach = limit
            if !runsOn { reach = min(limit, (copy == repeats - 1 ? 2 * stride : stride) - offset) }
            return commonPrefix(from, current, limit: reach)
        }

        /// The longest match for byte `offset` of row `y` (within that row), preferring
        /// `preferred` distance on a tie; `.none` when nothing of 3 bytes or more is worth it.
        @inline(__always)
        func find(row y: Int, offset i: Int, preferring preferred: Int) -> Match {
            let remaining = stride - i
            guard remaining >= 3 else { return .none }
            let current = y * stride + i
            let virtualCurrent = (y * repeats) * stride + i
            var best = Match.none
            // First the pending match's distance: continuing it costs almost nothing.
            if preferred > 0 {
                let length = matchLength(at: virtualCurrent - preferred, row: y, against: current, limit: remaining)
                if length == remaining { return Match(length: length, distance: preferred) }
                if length >= 3 { best = Match(length: length, distance: preferred) }
            }
            var candidate = Int(head[hash(current)])
            var looked = 0
            while candidate >= 0 && looked < MatchFinder.chainLimit {
                looked += 1
                let row = Int(UInt32(truncatingIfNeeded: candidate) / UInt32(truncatingIfNeeded: stride))
                let offset = candidate - row * stride
                let distance: Int
                let limit: Int
                if row == y {
                    distance = i - offset
                    limit = remaining
                } else {
                    distance = virtualCurrent - ((row * repeats + repeats - 1) * stride + offset)
                    limit = row == y - 1 ? remaining : min(remaining, 2 * stride - offset)
                }
                if distance > MatchFinder.window { break }
                if limit > best.length || (limit == best.length && distance == preferred) {
                    let probe = min(best.length, limit - 1)
                    if rows[candidate + probe] == rows[current + probe] {
                        let length = commonPrefix(candidate, current, limit: limit)
                        if length > best.length || (length == best.length && distance == preferred) {
                            best = Match(length: length, distance: distance)
                            if length >= MatchFinder.niceLength || length == remaining { break }
                        }
                    }
                }
                candidate = Int(chain[candidate])
            }
            // A three-byte match far back costs more than three literals.
            if best.length < 3 || (best.length == 3 && best.distance > 4096) { return .none }
            return best
        }
    }

    /// Whether the row at `start`, repeated end to end, matches itself `distance` bytes back
    /// (so its copies can continue a match at that distance).
    private func hasPeriod(_ distance: Int, row start: Int) -> Bool {
        guard distance > 0 && distance < stride else { return distance == stride }
        // Byte i must equal byte i − distance, wrapping around to the end of the row.
        for i in 0..<distance where rows[start + i] != rows[start + stride - distance + i] { return false }
        for i in distance..<stride where rows[start + i] != rows[start + i - distance] { return false }
        return true
    }

    /// Collects matches at one distance into as few tokens as possible.
    private struct TokenEmitter {
        var pendingLength = 0
        var pendingDistance = 0

        mutating func literal(_ byte: UInt8, into tokens: inout [Token]) {
            finish(into: &tokens)
            tokens.append(Token(length: 0, value: UInt16(byte)))
        }

        mutating func match(length: Int, distance: Int, into tokens: inout [Token]) {
            if distance != pendingDistance { finish(into: &tokens) }
            pendingDistance = distance
            pendingLength += length
        }

        /// Splits the pending run into matches of 3…258 bytes.
        mutating func finish(into tokens: inout [Token]) {
            var remaining = pendingLength
            while remaining > 0 {
                var length = min(258, remaining)
                if remaining - length > 0 && remaining - length < 3 { length = remaining - 3 }
                tokens.append(Token(length: UInt16(length), value: UInt16(pendingDistance)))
                remaining -= length
            }
            pendingLength = 0
            pendingDistance = 0
        }
    }

    // MARK: Huffman coding

    /// Writes `tokens` as one final block, dynamic or fixed Huffman, whichever is smaller
    /// (extra bits cost the same either way, so they are left out of the comparison).
    private static func writeBlock(_ tokens: [Token], to out: inout DeflateBitWriter) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        let tables = DeflateTables.shared
        for token in tokens {
            if token.length == 0 {
                literalFrequencies[Int(token.value)] += 1
            } else {
                literalFrequencies[257 + Int(tables.lengthCode[Int(token.length)])] += 1
                distanceFrequencies[tables.distanceCode(Int(token.value))] += 1
            }
        }
        literalFrequencies[256] = 1

        let literalCode = HuffmanCode(frequencies: literalFrequencies, limit: 15)
        let distanceCode = HuffmanCode(frequencies: distanceFrequencies, limit: 15)
        let header = DynamicHeader(literal: literalCode.lengths, distance: distanceCode.lengths)
        func cost(_ lengths: [UInt8], _ frequencies: [Int]) -> Int {
            zip(lengths, frequencies).reduce(0) { $0 + Int($1.0) * $1.1 }
        }
        let dynamicBits = header.bitCount + cost(literalCode.lengths, literalFrequencies)
            + cost(distanceCode.lengths, distanceFrequencies)
        let fixedBits = cost(tables.fixedLiteral.lengths, literalFrequencies)
            + cost(tables.fixedDistance.lengths, distanceFrequencies)

        out.write(1, bits: 1)  // final block
        if dynamicBits < fixedBits {
            out.write(2, bits: 2)
            header.write(to: &out)
            writeTokens(tokens, literal: literalCode, distance: distanceCode, to: &out)
        } else {
            out.write(1, bits: 2)
            writeTokens(tokens, literal: tables.fixedLiteral, distance: tables.fixedDistance, to: &out)
        }
    }

    private static func writeTokens(_ tokens: [Token], literal: HuffmanCode, distance: HuffmanCode,
                                    to out: inout DeflateBitWriter) {
        let tables = DeflateTables.shared
        tables.lengthCode.withUnsafeBufferPointer { lengthCode in
        tables.lengthBase.withUnsafeBufferPointer { lengthBase in
        tables.lengthExtra.withUnsafeBufferPointer { lengthExtra in
        tables.distanceBase.withUnsafeBufferPointer { distanceBase in
        tables.distanceExtra.withUnsafeBufferPointer { distanceExtra in
        literal.codes.withUnsafeBufferPointer { literalCodes in
        literal.lengths.withUnsafeBufferPointer { literalLengths in
        distance.codes.withUnsafeBufferPointer { distanceCodes in
        distance.lengths.withUnsafeBufferPointer { distanceLengths in
            for token in tokens {
                if token.length == 0 {
                    let s = Int(token.value)
                    out.write(literalCodes[s], bits: Int(literalLengths[s]))
                } else {
                    let length = Int(token.length), dist = Int(token.value)
                    let lc = Int(lengthCode[length])
                    out.write(literalCodes[257 &+ lc], bits: Int(literalLengths[257 &+ lc]))
                    out.write(UInt32(length &- lengthBase[lc]), bits: lengthExtra[lc])
                    let dc = tables.distanceCode(dist)
                    out.write(distanceCodes[dc], bits: Int(distanceLengths[dc]))
                    out.write(UInt32(dist &- distanceBase[dc]), bits: distanceExtra[dc])
                }
            }
            out.write(literalCodes[256], bits: Int(literalLengths[256]))
        }}}}}}}}}
    }

    /// The header of a dynamic-Huffman block: the two codes' lengths, run-length coded.
    private struct DynamicHeader {
        var literalCount: Int
        var distanceCount: Int
        /// Code-length symbols 0…18 with their extra-bit values.
        var symbols: [(symbol: UInt8, extra: UInt8)] = []
        var lengthCode: HuffmanCode
        var codeLengthCount: Int

        init(literal: [UInt8], distance: [UInt8]) {
            let tables = DeflateTables.shared
            literalCount = max(257, (literal.lastIndex { $0 != 0 } ?? 0) + 1)
            distanceCount = max(1, (distance.lastIndex { $0 != 0 } ?? 0) + 1)
            let all = Array(literal[0..<literalCount]) + Array(distance[0..<distanceCount])
            var i = 0
            while i < all.count {
                let value = all[i]
                var run = 1
                while i + run < all.count && all[i + run] == value { run += 1 }
                i += run
                if value == 0 {
                    while run >= 11 { let n = min(run, 138); symbols.append((18, UInt8(n - 11))); run -= n }
                    if run >= 3 { symbols.append((17, UInt8(run - 3))); run = 0 }
                    while run > 0 { symbols.append((0, 0)); run -= 1 }
                } else {
                    symbols.append((value, 0)); run -= 1
                    while run >= 3 { let n = min(run, 6); symbols.append((16, UInt8(n - 3))); run -= n }
                    while run > 0 { symbols.append((value, 0)); run -= 1 }
                }
            }
            var frequencies = [Int](repeating: 0, count: 19)
            for s in symbols { frequencies[Int(s.symbol)] += 1 }
            lengthCode = HuffmanCode(frequencies: frequencies, limit: 7)
            let lengths = lengthCode.lengths
            codeLengthCount = max(4, (tables.codeLengthOrder.lastIndex { lengths[$0] != 0 } ?? 0) + 1)
        }

        /// The header's size in bits.
        var bitCount: Int {
            var bits = 5 + 5 + 4 + 3 * codeLengthCount
            for s in symbols {
                bits += Int(lengthCode.lengths[Int(s.symbol)])
                bits += s.symbol == 16 ? 2 : s.symbol == 17 ? 3 : s.symbol == 18 ? 7 : 0
            }
            return bits
        }

        func write(to out: inout DeflateBitWriter) {
            let tables = DeflateTables.shared
            out.write(UInt32(literalCount - 257), bits: 5)
            out.write(UInt32(distanceCount - 1), bits: 5)
            out.write(UInt32(codeLengthCount - 4), bits: 4)
            for k in 0..<codeLengthCount {
                out.write(UInt32(lengthCode.lengths[tables.codeLengthOrder[k]]), bits: 3)
            }
            for s in symbols {
                let sym = Int(s.symbol)
                out.write(lengthCode.codes[sym], bits: Int(lengthCode.lengths[sym]))
                switch sym {
                case 16: out.write(UInt32(s.extra), bits: 2)
                case 17: out.write(UInt32(s.extra), bits: 3)
                case 18: out.write(UInt32(s.extra), bits: 7)
                default: break
                }
            }
        }
    }

    // MARK: Adler-32

    /// The Adler-32 of the expanded data, computed row by row without expanding it.
    private func adler32() -> UInt32 {
        let modulus = 65_521
        var a = 1, b = 0
        let rowCount = rows.count / stride
        for y in 0..<rowCount {
            var sum = 0, weighted = 0
            for byte in rows[(y * stride)..<((y + 1) * stride)] {
                sum &+= Int(byte)
                weighted &+= sum  // byte i is counted stride − i times in total
            }
            sum %= modulus
            weighted %= modulus
            let length = stride % modulus
            for _ in 0..<repeats {
                b = (b + length * a + weighted) % modulus
                a = (a + sum) % modulus
            }
        }
        return UInt32(b << 16 | a)
    }
}
