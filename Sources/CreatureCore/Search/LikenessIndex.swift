/// Pictures a newcomer is checked against by `Likeness`: "does it look like any of them?" without
/// comparing it with each. Pictures are grouped by silhouette; by `Likeness`'s promise two alike
/// pictures have silhouettes differing in at most `silhouetteSlack` cells, so (pigeonhole) their
/// silhouettes agree on at least one of `silhouetteSlack + 1` interleaved blocks of cells, and
/// only silhouettes sharing a block are compared.
public struct LikenessIndex: Sendable {
    /// The blocks: one more than the cells alike silhouettes may differ in.
    static let blocks = Likeness.silhouetteSlack + 1

    /// The distinct silhouettes, and the pictures drawing each (by index into `silhouettes`).
    private var silhouettes: [Silhouette] = []
    private var looksOf: [[Likeness.Look]] = []
    private var numberOf: [Silhouette: Int] = [:]
    /// For each block, the silhouettes (by number) with each hash of that block's cells.
    private var buckets = [[UInt64: [Int]]](repeating: [:], count: blocks)

    /// An index of `pictures`.
    public init(_ pictures: some Sequence<Picture> = []) {
        for picture in pictures { insert(picture) }
    }

    /// How many distinct silhouettes it holds.
    public var silhouetteCount: Int { silhouettes.count }

    /// Adds `picture`.
    public mutating func insert(_ picture: Picture) {
        let look = Likeness.Look(picture), silhouette = look.silhouette
        if let n = numberOf[silhouette] {
            if !looksOf[n].contains(look) { looksOf[n].append(look) }
            return
        }
        let n = silhouettes.count
        silhouettes.append(silhouette)
        looksOf.append([look])
        numberOf[silhouette] = n
        for (b, hash) in Self.blockHashes(silhouette).enumerated() { buckets[b][hash, default: []].append(n) }
    }

    /// Whether `picture` looks like one of the pictures held (`Likeness.looksAlike`).
    public func containsLookalike(of picture: Picture) -> Bool {
        let look = Likeness.Look(picture), silhouette = look.silhouette
        var compared = Set<Int>()
        for (b, hash) in Self.blockHashes(silhouette).enumerated() {
            for n in buckets[b][hash] ?? [] where compared.insert(n).inserted {
                let cells = silhouettes[n].differingCells(from: silhouette)
                guard cells <= Likeness.silhouetteSlack else { continue }
                if looksOf[n].contains(where: { $0.looksAlike(look, silhouettesDifferingIn: cells) }) { return true }
            }
        }
        return false
    }

    /// The hashes of the silhouette's interleaved blocks (block b: the cells i with i mod `blocks` = b).
    public static func blockHashes(_ silhouette: Silhouette) -> [UInt64] {
        var h = [UInt64](repeating: 0xCBF2_9CE4_8422_2325, count: blocks)
        var b = 0
        for word in 0..<16 {
            let bits = silhouette.words[word]
            for bit in 0..<64 {
                h[b] = (h[b] ^ ((bits >> UInt64(bit)) & 1)) &* 0x0000_0100_0000_01B3
                b = b == blocks - 1 ? 0 : b + 1
            }
        }
        return h
    }
}
