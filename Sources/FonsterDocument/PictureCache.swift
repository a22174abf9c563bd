import Foundation
import CreatureCore

/// The pictures of a document's lines, drawn once per seed and engine: an edit draws only the
/// lines it changed, and lines that repeat a seed share a drawing. Each distinct picture gets a
/// small number (its id), so lines are grouped by comparing numbers; and on arrival it is
/// compared by `Likeness` (the silhouette first, then the colours) with the pictures kept before
/// it of the same silhouette, or of a silhouette sharing one of its interleaved blocks (alike
/// pictures' silhouettes differ in at most `Likeness.silhouetteSlack` cells, so they share at least
/// one), so "looks alike" is known per picture, not worked out again on every edit.
///
/// Thread-safe. It only grows: a document whose cache passes `maxPictures` starts a new one
/// (`isFull`), and work already under way keeps the old one.
public final class PictureCache: @unchecked Sendable {
    /// A seed and the engine that draws it.
    public struct Key: Hashable, Sendable {
        /// The seed.
        public let seed: String
        /// The engine.
        public let engine: EngineVersion

        /// The drawing of `seed` by `engine`.
        public init(seed: String, engine: EngineVersion) {
            self.seed = seed
            self.engine = engine
        }
    }

    /// The blocks compared to find alike silhouettes: one more than the cells that may differ.
    static let blocks = Likeness.silhouetteSlack + 1
    /// The most silhouettes of one block, and the most pictures of one silhouette, compared with
    /// a newcomer (the newest ones); and the most alike pictures a picture lists: a crowd of
    /// pictures sharing a silhouette or a block cannot make each arrival slow, nor the lists grow
    /// as the square of the crowd.
    static let maxCompared = 64

    private let lock = NSLock()
    private var ids: [Key: Int] = [:]
    private var interned: [Picture: Int] = [:]
    private var pictures: [Picture] = []
    private var near: [[(id: Int, cells: Int)]] = []
    /// The distinct silhouettes, the pictures (ids) of each, and each block's silhouettes by hash.
    private var silhouettes: [Silhouette] = []
    private var silhouetteNumber: [Silhouette: Int] = [:]
    private var members: [[Int]] = []
    private var buckets = [[UInt64: [Int]]](repeating: [:], count: blocks)
    private var seedBytes = 0
    private var drawings = 0

    /// The most pictures it holds before `isFull`.
    public let maxPictures: Int

    /// An empty cache holding up to `maxPictures` pictures.
    public init(maxPictures: Int = 50_000) { self.maxPictures = maxPictures }

    /// Whether it holds `maxPictures` or more: the document should start a new one.
    public var isFull: Bool { lock.withLock { pictures.count >= maxPictures } }

    /// How many drawings it made (each seed and engine once).
    public var drawCount: Int { lock.withLock { drawings } }

    /// About how many bytes it holds: 1,024 per picture and its alike list, each distinct
    /// silhouette and its block hashes, and each key's seed.
    public var byteCount: Int {
        lock.withLock { pictures.count * (1024 + 96) + silhouettes.count * (128 + Self.blocks * 24) + ids.count * 48 + seedBytes }
    }

    /// The id of `key`'s picture, if drawn.
    public func cachedID(_ key: Key) -> Int? { lock.withLock { ids[key] } }

    /// The id of `key`'s picture, drawn now if it was not.
    public func id(_ key: Key) -> Int {
        if let id = cachedID(key) { return id }
        return add(key, Picture(seed: key.seed, engine: key.engine))
    }

    /// The ids of `keys`' pictures in order, drawing those not drawn on the calling thread (a
    /// compute pool job's, taking its turns through `isCancelled`); nil once `isCancelled` says
    /// so (what was drawn is kept).
    public func ids(_ keys: [Key], isCancelled: @escaping @Sendable () -> Bool = { false }) -> [Int]? {
        var result = [Int](repeating: -1, count: keys.count)
        var missing: [Int] = []
        lock.withLock {
            for (n, key) in keys.enumerated() {
                if let id = ids[key] { result[n] = id } else { missing.append(n) }
            }
        }
        guard !missing.isEmpty else { return result }
        // Each missing key drawn once, however often it repeats.
        var firstOf: [Key: Int] = [:], unique: [Key] = []
        for n in missing where firstOf[keys[n]] == nil {
            firstOf[keys[n]] = unique.count
            unique.append(keys[n])
        }
        guard let drawn = Lookalikes.pictures(of: unique.map { ($0.seed, $0.engine) }, isCancelled: isCancelled) else { return nil }
        var added = [Int](repeating: -1, count: unique.count)
        for (u, key) in unique.enumerated() {
            if u & 255 == 255 && isCancelled() { return nil }
            added[u] = add(key, drawn[u])
        }
        for n in missing { result[n] = added[firstOf[keys[n]]!] }
        return result
    }

    /// The picture of `id`.
    public func picture(_ id: Int) -> Picture { lock.withLock { pictures[id] } }

    /// The pictures and those that look like each (`nearlyAlike`) as they stand, by id (copied without copying:
    /// for a pass over many lines without taking the lock for each).
    public func snapshot() -> (pictures: [Picture], nearlyAlike: [[(id: Int, cells: Int)]]) {
        lock.withLock { (pictures, near) }
    }

    /// The pictures that look like `id`'s (not the same; at most `maxCompared` of them), with how
    /// many cells of their silhouettes differ (0: the same shape in other colours).
    public func nearlyAlike(_ id: Int) -> [(id: Int, cells: Int)] { lock.withLock { near[id] } }

    /// The ids of the pictures kept that look like `picture` (`Likeness`; its own id too when it
    /// is kept; at most `maxCompared` others), without keeping it.
    public func alike(_ picture: Picture) -> [Int] {
        let silhouette = Likeness.silhouette(picture)
        let hashes = LikenessIndex.blockHashes(silhouette)
        return lock.withLock {
            let found = lookalikes(of: picture, silhouette, hashes).found.map(\.id)
            return interned[picture].map { [$0] + found.filter { $0 != interned[picture] } } ?? found
        }
    }

    /// Keeps `picture` as `key`'s: the id of an equal picture kept before, or a new one compared
    /// with those of its silhouette and of silhouettes sharing a block with it.
    @discardableResult
    public func add(_ key: Key, _ picture: Picture) -> Int {
        let silhouette = Likeness.silhouette(picture)
        let hashes = LikenessIndex.blockHashes(silhouette)
        return lock.withLock {
            if let id = ids[key] { return id }
            drawings += 1
            seedBytes += key.seed.utf8.count
            if let id = interned[picture] {
                ids[key] = id
                return id
            }
            let id = pictures.count
            let (found, known) = lookalikes(of: picture, silhouette, hashes)
            for (other, cells) in found where near[other].count < Self.maxCompared { near[other].append((id, cells)) }
            let number = known ?? silhouettes.count
            if known == nil {
                for b in 0..<Self.blocks { buckets[b][hashes[b], default: []].append(number) }
                silhouettes.append(silhouette)
                silhouetteNumber[silhouette] = number
                members.append([])
            }
            members[number].append(id)
            pictures.append(picture)
            near.append(found)
            interned[picture] = id
            ids[key] = id
            return id
        }
    }

    /// Under the lock: the kept pictures that look like `picture` (at most `maxCompared`), with
    /// how many cells their silhouettes differ, and the number of its silhouette if one is kept.
    private func lookalikes(of picture: Picture, _ silhouette: Silhouette, _ hashes: [UInt64]) -> (found: [(id: Int, cells: Int)], silhouette: Int?) {
        var found: [(id: Int, cells: Int)] = []
        func compare(_ others: ArraySlice<Int>, cells: Int) {
            for other in others where found.count < Self.maxCompared && pictures[other] != picture && Likeness.looksAlike(picture, pictures[other]) {
                found.append((other, cells))
            }
        }
        let known = silhouetteNumber[silhouette]
        if let known { compare(members[known].suffix(Self.maxCompared), cells: 0) }
        var compared = Set<Int>()
        for b in 0..<Self.blocks {
            guard let bucket = buckets[b][hashes[b]] else { continue }
            for other in bucket.suffix(Self.maxCompared) where other != known && compared.insert(other).inserted {
                let cells = silhouettes[other].differingCells(from: silhouette)
                if cells <= Likeness.silhouetteSlack { compare(members[other].suffix(Self.maxCompared), cells: cells) }
            }
        }
        return (found, known)
    }
}
