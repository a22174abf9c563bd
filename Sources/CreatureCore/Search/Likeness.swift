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
    public static func silhouette(_ picture: Picture) -> Silhouette {
        var words = Silhouette.Words()
        picture.cells.withUnsafeBufferPointer { cells in
            for word in 0..<16 {
                var bits: UInt64 = 0
                for bit in 0..<64 where cells[word * 64 + bit] != 0 { bits |= 1 << UInt64(bit) }
                words[word] = bits
            }
        }
        return Silhouette(words: words)
    }

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
            silhouette = Likeness.silhouette(picture)
            var across = Silhouette.Words(), down = Silhouette.Words()
            picture.cells.withUnsafeBufferPointer { cells in
                for i in 0..<1024 where cells[i] != 0 {
                    if i & 31 != 31, cells[i + 1] != 0, cells[i + 1] != cells[i] { across[i / 64] |= 1 << UInt64(i % 64) }
                    if i < 992, cells[i + 32] != 0, cells[i + 32] != cells[i] { down[i / 64] |= 1 << UInt64(i % 64) }
                }
            }
            self.across = Silhouette(words: across)
            self.down = Silhouette(words: down)
        }

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

    /// How many cells are drawn in one silhouette and not in the other.
    public func differingCells(from other: Silhouette) -> Int {
        let x = words ^ other.words
        var count = 0
        for i in 0..<16 { count += x[i].nonzeroBitCount }
        return count
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
