/// Looks (`Likeness.Look`) indexed so that those alike are found without comparing each with
/// each: "does a newcomer look like any of them?" (a library's alike pairs: `NearLooks`). Looks are
/// grouped by silhouette; by `Likeness`'s promise two alike pictures have silhouettes differing in
/// at most `silhouetteSlack` cells, so (pigeonhole) their silhouettes agree on at least one of
/// `silhouetteSlack + 1` interleaved blocks of cells, and only silhouettes sharing a block are
/// compared, each once (in the first block they share).
public struct LikenessIndex: Sendable {
    /// The blocks: one more than the cells alike silhouettes may differ in.
    static let blocks = Likeness.silhouetteSlack + 1

    /// The distinct looks held, by number (in order of arrival), and the number of each by its
    /// hash (small keys: a look is 384 bytes; on the rare collision the newcomer is held unkeyed).
    private var looks: [Likeness.Look] = []
    private var numberOf: [UInt64: Int] = [:]
    /// The distinct silhouettes (by hash, as looks are), their bands (how many cells each quarter
    /// of the rows draws), the looks (by number) drawing each, and the silhouettes' block hashes
    /// (`blocks` a silhouette).
    private var silhouettes: [Silhouette] = []
    private var silhouetteNumber: [UInt64: Int] = [:]
    private var bands: [SilhouetteBands] = []
    private var looksOf: [[Int]] = []
    private var hashes: [UInt64] = []
    /// For each block, the newest silhouette with each hash of that block's cells; `earlier`, for
    /// each silhouette and block, the one before it with the same hash (-1: none).
    private var newest = [[UInt64: Int]](repeating: [:], count: blocks)
    private var earlier: [Int] = []

    /// An index of `pictures`.
    public init(_ pictures: some Sequence<Picture> = []) {
        for picture in pictures { insert(picture) }
    }

    /// How many distinct looks it holds.
    public var count: Int { looks.count }

    /// Makes room for `count` looks.
    public mutating func reserveCapacity(_ count: Int) {
        looks.reserveCapacity(count)
        numberOf.reserveCapacity(count)
        silhouetteNumber.reserveCapacity(count)
        for b in newest.indices { newest[b].reserveCapacity(count) }
    }

    /// Adds `picture`'s look.
    public mutating func insert(_ picture: Picture) { insert(Likeness.Look(picture)) }

    /// Adds `look` and gives its number: the next (`count` before), or that of the same look held.
    @discardableResult
    public mutating func insert(_ look: Likeness.Look) -> Int {
        let key = look.fold, number = looks.count
        if let known = numberOf[key] {
            if looks[known] == look { return known }
        } else {
            numberOf[key] = number
        }
        looks.append(look)
        let silhouette = look.silhouette, silhouetteKey = Silhouette.fold(silhouette.words)
        if let s = silhouetteNumber[silhouetteKey], silhouettes[s] == silhouette {
            looksOf[s].append(number)
            return number
        }
        let s = silhouettes.count
        silhouettes.append(silhouette)
        bands.append(SilhouetteBands(silhouette))
        looksOf.append([number])
        if silhouetteNumber[silhouetteKey] == nil { silhouetteNumber[silhouetteKey] = s }
        hashes.append(contentsOf: Self.blockHashes(silhouette))
        for b in 0..<Self.blocks { earlier.append(newest[b].updateValue(s, forKey: hashes[s * Self.blocks + b]) ?? -1) }
        return number
    }

    /// Whether `picture` looks like one of the pictures held (`Likeness.looksAlike`).
    public func containsLookalike(of picture: Picture) -> Bool {
        let look = Likeness.Look(picture), own = Self.blockHashes(look.silhouette), ownBands = SilhouetteBands(look.silhouette)
        for b in 0..<Self.blocks {
            var s = newest[b][own[b]] ?? -1
            while s >= 0 {
                defer { s = earlier[s * Self.blocks + b] }
                // Silhouettes whose bands differ more than the slack differ in more cells; a pair
                // is compared in the first block the two share.
                if !bands[s].mayBeAlike(ownBands) { continue }
                if (0..<b).contains(where: { hashes[s * Self.blocks + $0] == own[$0] }) { continue }
                let cells = silhouettes[s].differingCells(from: look.silhouette)
                guard cells <= Likeness.silhouetteSlack else { continue }
                if looksOf[s].contains(where: { looks[$0].looksAlike(look, silhouettesDifferingIn: cells) }) { return true }
            }
        }
        return false
    }

    /// The hashes of the silhouette's interleaved blocks (block b: the cells i with i mod `blocks` = b).
    public static func blockHashes(_ silhouette: Silhouette) -> [UInt64] {
        withUnsafeBytes(of: silhouette.words) { raw in
            blockMasks.withUnsafeBufferPointer { masks in
                (0..<blocks).map { b in
                    var h: UInt64 = 0xCBF2_9CE4_8422_2325
                    for word in 0..<16 {
                        h = (h ^ (raw.load(fromByteOffset: word * 8, as: UInt64.self) & masks[word * blocks + b])) &* 0x0000_0100_0000_01B3
                    }
                    return h ^ h >> 32
                }
            }
        }
    }

    /// For each word of a silhouette and each block, the bits of that word in the block.
    private static let blockMasks: [UInt64] = (0..<16 * blocks).map { n in
        let (word, block) = n.quotientAndRemainder(dividingBy: blocks)
        var mask: UInt64 = 0
        for bit in 0..<64 where (word * 64 + bit) % blocks == block { mask |= 1 << UInt64(bit) }
        return mask
    }
}
