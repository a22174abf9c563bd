import Foundation
import CreatureCore

/// The pictures of a document's lines, drawn once per seed and engine: an edit draws only the
/// lines it changed, and lines that repeat a seed share a drawing. Each distinct picture gets a
/// small number (its id), so lines are grouped by comparing numbers; and on arrival it is
/// compared with the pictures kept before it that share one of its nine interleaved blocks
/// (two pictures with at most `Lookalikes.nearlyMaxCells` differing cells share at least one),
/// so "nearly alike" is known per picture, not worked out again on every edit.
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

    /// The blocks compared to find nearly alike pictures: one more than the cells that may differ.
    static let blocks = Lookalikes.nearlyMaxCells + 1
    /// The most pictures of one block compared with a newcomer (the newest ones): a crowd of
    /// unlike pictures sharing a block cannot make each arrival slow.
    static let maxCompared = 64

    private let lock = NSLock()
    private var ids: [Key: Int] = [:]
    private var interned: [Picture: Int] = [:]
    private var pictures: [Picture] = []
    private var near: [[(id: Int, cells: Int)]] = []
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

    /// About how many bytes it holds: 1,024 per picture and its block hashes, and each key's seed.
    public var byteCount: Int { lock.withLock { pictures.count * (1024 + 96 + Self.blocks * 24) + ids.count * 48 + seedBytes } }

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

    /// The pictures and their nearly alike ones as they stand, by id (copied without copying:
    /// for a pass over many lines without taking the lock for each).
    public func snapshot() -> (pictures: [Picture], nearlyAlike: [[(id: Int, cells: Int)]]) {
        lock.withLock { (pictures, near) }
    }

    /// The pictures nearly like `id`'s (not the same), with how many cells differ.
    public func nearlyAlike(_ id: Int) -> [(id: Int, cells: Int)] { lock.withLock { near[id] } }

    /// Keeps `picture` as `key`'s: the id of an equal picture kept before, or a new one
    /// compared with those sharing a block.
    @discardableResult
    public func add(_ key: Key, _ picture: Picture) -> Int {
        let hashes = Self.blockHashes(picture)
        return lock.withLock {
            if let id = ids[key] { return id }
            drawings += 1
            seedBytes += key.seed.utf8.count
            if let id = interned[picture] {
                ids[key] = id
                return id
            }
            let id = pictures.count
            var compared = Set<Int>()
            var found: [(id: Int, cells: Int)] = []
            for b in 0..<Self.blocks {
                guard let bucket = buckets[b][hashes[b]] else { continue }
                for other in bucket.suffix(Self.maxCompared) where compared.insert(other).inserted {
                    let cells = picture.differingCells(from: pictures[other], upTo: Lookalikes.nearlyMaxCells)
                    if cells <= Lookalikes.nearlyMaxCells {
                        found.append((other, cells))
                        near[other].append((id, cells))
                    }
                }
            }
            for b in 0..<Self.blocks { buckets[b][hashes[b], default: []].append(id) }
            pictures.append(picture)
            near.append(found)
            interned[picture] = id
            ids[key] = id
            return id
        }
    }

    /// The hashes of the interleaved blocks of `picture` (block b: the cells i with i mod 9 = b).
    static func blockHashes(_ picture: Picture) -> [UInt64] {
        var h = [UInt64](repeating: 0xCBF2_9CE4_8422_2325, count: blocks)
        picture.cells.withUnsafeBufferPointer { cells in
            h.withUnsafeMutableBufferPointer { h in
                var b = 0
                for i in 0..<1024 {
                    h[b] = (h[b] ^ UInt64(cells[i])) &* 0x0000_0100_0000_01B3
                    b = b == blocks - 1 ? 0 : b + 1
                }
            }
        }
        return h
    }
}
