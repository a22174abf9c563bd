/// Fixed facts of the deflate format (RFC 1951 §3.2.5–3.2.7).
enum Deflate {
    /// Literal/length symbols 0…285 and distance symbols 0…29 share one numbering in code
    /// tables: distance symbol `d` is entry `distanceBase + d`.
    static let distanceBase = 286
    /// Literal/length and distance symbols: 286 + 30.
    static let symbolCount = 316
    /// Entries of a code table: every literal/length symbol, then every distance symbol, then
    /// (for a dynamic block) the 19 code-length symbols.
    static let tableCount = symbolCount + 19
    /// The end-of-block symbol.
    static let endOfBlock = 256

    /// The next piece of a match with `left` bytes to go: at most 258 bytes, and never leaving
    /// 1 or 2 (a match is at least 3).
    @inline(__always)
    static func piece(_ left: Int) -> Int {
        left <= 258 ? left : left < 261 ? left &- 3 : 258
    }

    /// The length symbol (257…285) for a match of `length` (3…258), and its extra bits.
    @inline(__always)
    static func lengthCode(_ length: Int) -> (code: Int, extra: Int, extraBits: Int) {
        if length == 258 { return (285, 0, 0) }
        let l = length &- 3
        if l < 8 { return (257 &+ l, 0, 0) }
        let top = Int.bitWidth &- 1 &- l.leadingZeroBitCount  // 3…7
        let extraBits = top &- 2
        return (257 &+ 4 &* (top &- 1) &+ (l >> extraBits & 3), l & (1 << extraBits &- 1), extraBits)
    }

    /// The distance symbol (0…29) for a match `distance` (1…32768) back, and its extra bits.
    @inline(__always)
    static func distanceCode(_ distance: Int) -> (code: Int, extra: Int, extraBits: Int) {
        let d = distance &- 1
        if d < 4 { return (d, 0, 0) }
        let top = Int.bitWidth &- 1 &- d.leadingZeroBitCount  // 2…14
        let extraBits = top &- 1
        return (2 &* top &+ (d >> extraBits & 1), d & (1 << extraBits &- 1), extraBits)
    }

    /// The fixed code length of each code-table entry (RFC 1951 §3.2.6).
    static func fixedLength(_ entry: Int) -> Int {
        switch entry {
        case ..<144: 8
        case ..<256: 9
        case ..<280: 7
        case ..<distanceBase: 8
        default: 5
        }
    }

    /// The fixed codes as a code table (`code | length << 16` per entry, see `Huffman.codes`).
    /// The literal/length codes are made over all 288 symbols (286 and 287 are never written,
    /// but their codes push the 9-bit ones along), then cut to the table's 286.
    static let fixedCodes: [UInt32] = {
        let literals = (0..<288).map { UInt16($0) }, literalLengths = literals.map { UInt8(fixedLength(min(Int($0), 285))) }
        var literalTable = [UInt32](repeating: 0, count: 288)
        literalTable.withUnsafeMutableBufferPointer { table in
            literals.withUnsafeBufferPointer { s in literalLengths.withUnsafeBufferPointer { Huffman.codes(symbols: s, lengths: $0, into: table) } }
        }
        let distances = (0..<30).map { UInt16($0) }, distanceLengths = [UInt8](repeating: 5, count: 30)
        var table = Array(literalTable[0..<distanceBase]) + [UInt32](repeating: 0, count: tableCount - distanceBase)
        table.withUnsafeMutableBufferPointer { table in
            let distanceTable = UnsafeMutableBufferPointer(rebasing: table[distanceBase...])
            distances.withUnsafeBufferPointer { s in distanceLengths.withUnsafeBufferPointer { Huffman.codes(symbols: s, lengths: $0, into: distanceTable) } }
        }
        return table
    }()

    /// The order in which code-length code lengths are stored (RFC 1951 §3.2.7).
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}

/// The code lengths of a dynamic block, run-length coded with the code-length alphabet
/// (RFC 1951 §3.2.7), built from the used symbols only.
struct DynamicHeader {
    /// HLIT + 257 and HDIST + 1: how many literal/length and distance code lengths are stored.
    var literalCount: Int
    var distanceCount: Int
    /// HCLEN + 4: how many code-length code lengths are stored, in `Deflate.codeLengthOrder`.
    var codeLengthCount = 4
    /// How many code-length symbols the header stores (see `init`'s `items`).
    var itemCount = 0
    /// Bits the header takes, from HLIT to the last code length.
    var bitCount = 0

    /// The header for literal/length `literals` (ascending) with code `literalLengths`, and
    /// `distances` likewise; writes the code-length code to `codes` (19 entries, `code | length << 16`)
    /// and the code-length symbols in order to `items` (`Deflate.symbolCount` entries, one per
    /// code length at most), each `symbol | extraBits << 8 | extra << 16`.
    init(literals: UnsafeBufferPointer<UInt16>, literalLengths: UnsafeBufferPointer<UInt8>,
         distances: UnsafeBufferPointer<UInt16>, distanceLengths: UnsafeBufferPointer<UInt8>,
         codes: UnsafeMutableBufferPointer<UInt32>, items itemStorage: UnsafeMutableBufferPointer<UInt32>) {
        literalCount = max(257, Int(literals.last ?? 0) + 1)
        distanceCount = max(1, Int(distances.last ?? 0) + 1)
        precondition(itemStorage.count >= literalCount + distanceCount)
        var itemCount = 0
        func append(_ item: UInt32) {
            itemStorage[itemCount] = item
            itemCount &+= 1
        }
        // One sequence of literalCount + distanceCount lengths; walk its non-zero entries and
        // code the zero gaps between them.
        var position = 0
        func zeros(_ count: Int) {
            var run = count
            while run >= 11 { let k = min(run, 138); append(18 | 7 << 8 | UInt32(k - 11) << 16); run -= k }
            if run >= 3 { append(17 | 3 << 8 | UInt32(run - 3) << 16); run = 0 }
            for _ in 0..<run { append(0) }
        }
        func nonZero(_ symbols: UnsafeBufferPointer<UInt16>, _ lengths: UnsafeBufferPointer<UInt8>, offset: Int) {
            var i = 0
            while i < symbols.count {
                let start = offset + Int(symbols[i]), value = lengths[i]
                var run = 1
                while i + run < symbols.count && Int(symbols[i + run]) == Int(symbols[i]) + run && lengths[i + run] == value { run += 1 }
                zeros(start - position)
                position = start + run
                i += run
                append(UInt32(value))
                run -= 1
                while run >= 3 { let k = min(run, 6); append(16 | 2 << 8 | UInt32(k - 3) << 16); run -= k }
                for _ in 0..<run { append(UInt32(value)) }
            }
        }
        nonZero(literals, literalLengths, offset: 0)
        zeros(literalCount - position)
        nonZero(distances, distanceLengths, offset: literalCount)
        zeros(literalCount + distanceCount - position)
        self.itemCount = itemCount
        let items = UnsafeBufferPointer(rebasing: itemStorage[0..<itemCount])

        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 19) { counts in
            counts.initialize(repeating: 0)
            for item in items { counts[Int(item & 0xFF)] += 1 }
            if counts.count(where: { $0 > 0 }) < 2 {  // two used codes at least, so the code is complete
                let other = items.first == 0 ? 1 : 0
                counts[other] = max(counts[other], 1)
            }
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 19) { symbols in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 19) { lengths in
                    var used = 0
                    for symbol in 0..<19 where counts[symbol] > 0 { symbols[used] = UInt16(symbol); used += 1 }
                    let usedSymbols = UnsafeBufferPointer(rebasing: symbols[0..<used])
                    let usedLengths = UnsafeMutableBufferPointer(rebasing: lengths[0..<used])
                    Huffman.lengths(of: usedSymbols, counts: UnsafeBufferPointer(counts), limit: 7, into: usedLengths)
                    for symbol in 0..<19 { codes[symbol] = 0 }
                    Huffman.codes(symbols: usedSymbols, lengths: UnsafeBufferPointer(usedLengths), into: codes)
                }
            }
        }
        codeLengthCount = max(4, (Deflate.codeLengthOrder.lastIndex { codes[$0] != 0 } ?? 0) + 1)
        bitCount = 5 + 5 + 4 + 3 * codeLengthCount
        for item in items { bitCount += Int(codes[Int(item & 0xFF)] >> 16) + Int(item >> 8 & 0xFF) }
    }

    /// Writes the header with its code-length code `codes` and its `items` (as made by `init`).
    func write(codes: UnsafeBufferPointer<UInt32>, items: UnsafeBufferPointer<UInt32>, to bits: inout BitWriter) {
        bits.write(UInt32(literalCount - 257), count: 5)
        bits.write(UInt32(distanceCount - 1), count: 5)
        bits.write(UInt32(codeLengthCount - 4), count: 4)
        for symbol in Deflate.codeLengthOrder.prefix(codeLengthCount) { bits.write(codes[symbol] >> 16, count: 3) }
        for item in items[0..<itemCount] {
            bits.write(code: codes[Int(item & 0xFF)])
            bits.write(item >> 16, count: Int(item >> 8 & 0xFF))
        }
    }
}

/// Packs bit fields least significant bit first, as deflate stores them, into memory the
/// caller sized exactly (four bytes at a time, then the last few one by one).
struct BitWriter {
    private let out: UnsafeMutableRawPointer
    /// Bytes written so far.
    private(set) var written = 0
    private var buffer: UInt64 = 0
    private var filled = 0

    init(out: UnsafeMutableRawPointer) { self.out = out }

    /// Writes the low `count` (0…32) bits of `value`, which has no higher bits set.
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        buffer |= UInt64(value) << UInt64(filled)
        filled &+= count
        if filled >= 32 {
            out.storeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian, toByteOffset: written, as: UInt32.self)
            written &+= 4
            buffer >>= 32
            filled &-= 32
        }
    }

    /// Writes a code-table entry (`code | length << 16`).
    @inline(__always)
    mutating func write(code entry: UInt32) {
        write(entry & 0xFFFF, count: Int(entry >> 16))
    }

    /// Writes out the bits so far, padding the last byte with zeros.
    mutating func alignToByte() {
        while filled > 0 {
            out.storeBytes(of: UInt8(truncatingIfNeeded: buffer), toByteOffset: written, as: UInt8.self)
            written &+= 1
            buffer >>= 8
            filled = max(0, filled &- 8)
        }
    }
}
