/// How alike two pictures look to a person: the silhouette first, then the colours. A creature's
/// silhouette is which of its 1,024 cells are drawn at all; the same disc in another colour has the
/// same silhouette and so looks nearly alike, however different the colours are. The colours
/// count only by where they change inside the creature (its inner edges: an eye, a stripe, a tile
/// pattern), never by which colours they are: two shapes filling the frame with different patterns
/// do not look alike, the same pattern recoloured does.
///
/// The one rule every "looks alike" of the project uses (the language server's diagnostics,
/// distinct variants and completion, the library's look-alikes, the page's warnings).
/// Its promise, which indexes rely on: pictures that look alike have silhouettes differing in at
/// most `silhouetteSlack` cells, so a search may first find candidates by silhouette alone.
public enum Likeness {
    /// At most this many cells are drawn in one silhouette and not in the other when two pictures
    /// look alike (under 1 % of the picture: a changed ear or speckle is hard to see at avatar size).
    public static let silhouetteSlack = 8
    /// At most this many inner edges (between two drawn neighbours, across or down) are in one
    /// picture and not in the other when two pictures look alike: a moved eye is about 8.
    public static let innerEdgeSlack = 4 * silhouetteSlack

    /// Which cells `picture` draws: bit `i % 64` of word `i / 64` is set when cell `i` is not
    /// transparent (cells row by row).
    public static func silhouette(_ picture: Picture) -> Silhouette { Look(picture).silhouette }

    /// Whether `a` and `b` look alike: the same picture, or silhouettes that differ in at most
    /// `silhouetteSlack` cells and inner edges that differ in at most `innerEdgeSlack`, whatever
    /// the colours are.
    public static func looksAlike(_ a: Picture, _ b: Picture) -> Bool {
        a == b || Look(a).looksAlike(Look(b))
    }
}

extension Likeness {
    /// What `looksAlike` compares of a picture, worked out once: its silhouette and its inner
    /// edges as bits, so that comparing two is a few dozen population counts (an index keeps one
    /// per picture instead of comparing cells again).
    public struct Look: Hashable, Sendable {
        /// The silhouette.
        public let silhouette: Silhouette
        /// The inner edges across (bit i: cells i and i + 1) and down (bit i: cells i and i + 32).
        let across: Silhouette, down: Silhouette

        /// The look of `picture`.
        public init(_ picture: Picture) {
            self = picture.cells.withUnsafeBufferPointer { Look(cells: $0.baseAddress!) }
        }

        /// The look of the picture `seed` draws by `engine`: `Look(Picture(seed:engine:))` without
        /// the picture's fingerprint or array (comparing looks draws many again).
        public init(seed: String, engine: EngineVersion) {
            let creature = Creature(seed: seed, engine: engine)
            let table = Picture.table(creature.engine, creature.configuration)
            self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { cells in
                Picture.number(creature.grid, table, into: cells.baseAddress!)
                return Look(cells: cells.baseAddress!)
            }
        }

        /// The look of the 1,024 cells at `cells`, eight cells at a time: for
        /// each, whether it is drawn, differs from its right neighbour and from the one below.
        /// Worked out in plain words, then loaded as vectors (a vector's lanes indexed one by one
        /// are slow).
        public init(cells: UnsafePointer<UInt8>) {
            self = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 48) { words in
                let raw = UnsafeRawPointer(cells), drawn = words.baseAddress!, across = drawn + 16, down = drawn + 32
                for word in 0..<16 {
                    var s: UInt64 = 0, a: UInt64 = 0, d: UInt64 = 0
                    for k in 0..<8 {
                        let o = word &* 64 &+ k &* 8, shift = UInt64(k &* 8)
                        let x = raw.loadUnaligned(fromByteOffset: o, as: UInt64.self)
                        // Eight transparent cells: nothing drawn, no edge from them (most of a creature's frame).
                        if x == 0 { continue }
                        let right = o < 1016 ? raw.loadUnaligned(fromByteOffset: o + 1, as: UInt64.self) : x >> 8
                        let below = o < 992 ? raw.loadUnaligned(fromByteOffset: o + 32, as: UInt64.self) : 0
                        s |= Self.nonzeroBytes(x) << shift
                        a |= Self.nonzeroBytes(x ^ right) << shift
                        d |= Self.nonzeroBytes(x ^ below) << shift
                    }
                    (drawn[word], across[word], down[word]) = (s, a, d)
                }
                // Edges between two drawn cells only; not across from a row's last cell (bits 31
                // and 63) to the next row's first.
                for word in 0..<16 {
                    let next = word < 15 ? drawn[word + 1] : 0
                    across[word] &= drawn[word] & (drawn[word] >> 1 | next << 63) & ~(1 << 31 | 1 << 63)
                    down[word] &= drawn[word] & (drawn[word] >> 32 | next << 32)
                }
                let bits = UnsafeRawPointer(drawn)
                return Look(silhouette: Silhouette(words: bits.loadUnaligned(as: Silhouette.Words.self)),
                            across: Silhouette(words: bits.loadUnaligned(fromByteOffset: 128, as: Silhouette.Words.self)),
                            down: Silhouette(words: bits.loadUnaligned(fromByteOffset: 256, as: Silhouette.Words.self)))
            }
        }

        private init(silhouette: Silhouette, across: Silhouette, down: Silhouette) {
            (self.silhouette, self.across, self.down) = (silhouette, across, down)
        }

        /// Bit j set when byte j of `x` is not zero.
        @inline(__always) static func nonzeroBytes(_ x: UInt64) -> UInt64 {
            let high = ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | x) & 0x8080_8080_8080_8080
            return ((high >> 7) &* 0x0102_0408_1020_4080) >> 56
        }

        /// Hashes a fold of the bits (one word, not 48).
        public func hash(into hasher: inout Hasher) { hasher.combine(fold) }

        /// The 48 words mixed into one.
        var fold: UInt64 { Silhouette.fold(silhouette.words ^ across.words &* 3 ^ down.words &* 5) }

        /// Whether the two pictures look alike (`Likeness.looksAlike`), their silhouettes
        /// differing in `cells` cells.
        public func looksAlike(_ other: Look, silhouettesDifferingIn cells: Int) -> Bool {
            cells <= Likeness.silhouetteSlack
                && across.differingCells(from: other.across) + down.differingCells(from: other.down) <= Likeness.innerEdgeSlack
        }

        /// Whether the two pictures look alike (`Likeness.looksAlike`).
        public func looksAlike(_ other: Look) -> Bool {
            looksAlike(other, silhouettesDifferingIn: silhouette.differingCells(from: other.silhouette))
        }
    }
}

/// A picture's silhouette as 1,024 bits (`Likeness.silhouette`).
public struct Silhouette: Hashable, Sendable {
    /// Sixteen 64-bit words.
    public typealias Words = SIMD16<UInt64>
    /// The bits, cell `i` at bit `i % 64` of word `i / 64`.
    public var words: Words

    /// Creates a silhouette from its bits.
    public init(words: Words) { self.words = words }

    /// Hashes a fold of the bits (one word, not sixteen).
    public func hash(into hasher: inout Hasher) { hasher.combine(Self.fold(words)) }

    /// The sixteen words mixed into one.
    static func fold(_ words: Words) -> UInt64 {
        withUnsafeBytes(of: words) { raw in
            var h: UInt64 = 0
            for i in 0..<16 { h = (h ^ raw.load(fromByteOffset: i * 8, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15 }
            return h ^ h >> 29
        }
    }

    /// How many cells are drawn in one silhouette and not in the other.
    public func differingCells(from other: Silhouette) -> Int {
        // Loaded as plain words: a vector's lanes indexed one by one are slow.
        withUnsafeBytes(of: words ^ other.words) { raw in
            var count = 0
            for i in 0..<16 { count &+= raw.load(fromByteOffset: i &* 8, as: UInt64.self).nonzeroBitCount }
            return count
        }
    }

    /// Whether more than `limit` cells are drawn in one silhouette and not in the other: counted
    /// from the middle rows out (where creatures differ), stopping once past `limit`.
    public func differsIn(moreThan limit: Int, from other: Silhouette) -> Bool {
        withUnsafeBytes(of: words) { a in
            withUnsafeBytes(of: other.words) { b in Self.differ(moreThan: limit, a.baseAddress!, b.baseAddress!) }
        }
    }

    /// `differsIn(moreThan:from:)` of the silhouettes whose words are at `a` and `b` (read in
    /// place: an index keeping many side by side copies none).
    @inline(__always) static func differ(moreThan limit: Int, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        var count = 0
        for n in 0..<16 {
            let w = (n &+ 6) & 15
            count &+= (a.loadUnaligned(fromByteOffset: w &* 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: w &* 8, as: UInt64.self)).nonzeroBitCount
            if count > limit { return true }
        }
        return false
    }

    /// How many cells are drawn.
    public var drawnCells: Int {
        var count = 0
        for i in 0..<16 { count += words[i].nonzeroBitCount }
        return count
    }
}

extension Silhouette {
    /// The silhouette in block characters for a client that shows no images (a terminal
    /// editor's hover): two rows of cells a line (`▀` top drawn, `▄` bottom, `█` both), without
    /// the empty rows and columns around the creature; trailing spaces dropped.
    public var blockLines: [String] {
        func drawn(_ x: Int, _ y: Int) -> Bool { y < 32 && (words[(y * 32 + x) / 64] >> UInt64((y * 32 + x) % 64)) & 1 == 1 }
        let rows = (0..<32).filter { y in (0..<32).contains { drawn($0, y) } }
        let columns = (0..<32).filter { x in (0..<32).contains { drawn(x, $0) } }
        guard let top = rows.first, let bottom = rows.last, let left = columns.first, let right = columns.last else { return [] }
        return stride(from: top, through: bottom, by: 2).map { y in
            var line = ""
            for x in left...right {
                switch (drawn(x, y), y + 1 <= bottom && drawn(x, y + 1)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
