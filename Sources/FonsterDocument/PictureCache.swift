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
    /// Each picture's id by its fingerprint (`Picture.fingerprint`, 64 bits: its identity here).
    private var interned: [UInt64: Int32] = [:]
    /// By picture id: the first key drawing it (to draw it again when asked), its fingerprint, its
    /// look (`Likeness.Look`), the pictures alike, and the picture of the same silhouette kept
    /// before it (-1: none). No picture's cells are kept.
    private var firstKeys: [Key] = []
    private var fingerprints: [UInt64] = []
    private var looks: [Likeness.Look] = []
    private var near: [[(id: Int, cells: Int)]] = []
    private var previousMember: [Int32] = []
    /// By silhouette number: its newest picture; and by a hash of the silhouette, its number.
    private var newestMember: [Int32] = []
    private var silhouetteNumber: [UInt64: Int32] = [:]
    /// Each block's silhouettes by the block's hash: the newest, and (`previousInBucket`, at
    /// number · blocks + block) the one before it with the same hash (-1: none).
    private var buckets = [[UInt64: Int32]](repeating: [:], count: blocks)
    private var previousInBucket: [Int32] = []
    private var seedBytes = 0
    private var nearEntries = 0
    private var drawings = 0

    /// The most pictures it holds before `isFull`.
    public let maxPictures: Int

    /// An empty cache holding up to `maxPictures` pictures.
    public init(maxPictures: Int = 50_000) { self.maxPictures = maxPictures }

    /// Whether it holds `maxPictures` or more: the document should start a new one.
    public var isFull: Bool { lock.withLock { fingerprints.count >= maxPictures } }

    /// How many drawings it made (each seed and engine once).
    public var drawCount: Int { lock.withLock { drawings } }

    /// What one kept picture, one silhouette and one key cost, in bytes (entries, and the room
    /// tables and arrays keep free as they grow): `byteCount` counts with them, and `cost(ofDrawing:)`
    /// reserves with them.
    public enum Cost {
        /// A picture: its look (384 bytes), fingerprint, first key, alike list and places in the tables.
        public static let picture = MemoryLayout<Likeness.Look>.stride + 96
        /// A silhouette: its number by hash, its newest picture, and its place in each block's table.
        public static let silhouette = 64 + PictureCache.blocks * 24
        /// A key: its table entry and its seed's storage (plus the seed's bytes).
        public static let key = 96
        /// An entry of an alike list.
        public static let alike = 16
    }

    /// About how many bytes it holds: each picture, silhouette, key (and its seed's bytes) and
    /// entry of an alike list at its `Cost`.
    public var byteCount: Int {
        lock.withLock {
            fingerprints.count * Cost.picture + newestMember.count * Cost.silhouette + ids.count * Cost.key + seedBytes + nearEntries * Cost.alike
        }
    }

    /// The most bytes drawing `keys` can add besides alike lists (each one not drawn yet a new
    /// picture of a new silhouette): what is reserved from a memory budget before drawing them
    /// (the entries of alike lists are reserved as each picture finds its look-alikes, `draw`).
    public func cost(ofDrawing keys: [Key]) -> Int {
        var seen = Set<Key>(), bytes = 0
        lock.withLock {
            for key in keys where ids[key] == nil && seen.insert(key).inserted {
                bytes += Cost.picture + Cost.silhouette + Cost.key + key.seed.utf8.count
            }
        }
        return bytes
    }

    /// The id of `key`'s picture, if drawn.
    public func cachedID(_ key: Key) -> Int? { lock.withLock { ids[key] } }

    /// The id of `key`'s picture, drawn now if it was not.
    public func id(_ key: Key) -> Int {
        if let id = cachedID(key) { return id }
        return add(key, Picture(seed: key.seed, engine: key.engine))
    }

    /// The ids of `keys`' pictures in order, drawing those not drawn on the calling thread (a
    /// compute pool job's, taking its turns through `isCancelled`), one at a time (none is kept
    /// but its look); nil once `isCancelled` says so (what was drawn is kept).
    public func ids(_ keys: [Key], isCancelled: @escaping @Sendable () -> Bool = { false }) -> [Int]? {
        guard case .drawn(let ids) = draw(keys, reserve: { _ in true }, isCancelled: isCancelled) else { return nil }
        return ids
    }

    /// What came of drawing keys within a memory budget.
    enum Drawing {
        /// Their ids, in order.
        case drawn([Int])
        /// Stopped: `isCancelled` said so.
        case cancelled
        /// Stopped: the budget had no room for the `bytes` of a picture's alike lists.
        case refused(bytes: Int)
    }

    /// `ids(_:isCancelled:)`, asking `reserve` for the entries of the alike lists
    /// each new picture adds before it adds them; stopped (what was drawn is kept) when refused.
    func draw(_ keys: [Key], reserve: (Int) -> Bool, isCancelled: @escaping @Sendable () -> Bool) -> Drawing {
        var result = [Int](repeating: -1, count: keys.count)
        var missing: [Int] = []
        lock.withLock {
            for (n, key) in keys.enumerated() {
                if let id = ids[key] { result[n] = id } else { missing.append(n) }
            }
        }
        guard !missing.isEmpty else { return .drawn(result) }
        // Each missing key drawn once, however often it repeats.
        var firstOf: [Key: Int] = [:], unique: [Key] = []
        for n in missing where firstOf[keys[n]] == nil {
            firstOf[keys[n]] = unique.count
            unique.append(keys[n])
        }
        reserveCapacity(more: unique.count)
        var added = [Int](repeating: -1, count: unique.count)
        for (u, key) in unique.enumerated() {
            if u & 63 == 0 && isCancelled() { return .cancelled }
            let (id, refused) = add(key, Picture(seed: key.seed, engine: key.engine), reserve: reserve)
            guard let id else { return .refused(bytes: refused) }
            added[u] = id
        }
        for n in missing { result[n] = added[firstOf[keys[n]]!] }
        return .drawn(result)
    }

    /// Makes room for `more` pictures at once, so the tables grow once, not by doubling.
    private func reserveCapacity(more: Int) {
        lock.withLock {
            let pictures = fingerprints.count + more
            ids.reserveCapacity(ids.count + more)
            interned.reserveCapacity(pictures)
            firstKeys.reserveCapacity(pictures)
            fingerprints.reserveCapacity(pictures)
            looks.reserveCapacity(pictures)
            near.reserveCapacity(pictures)
            previousMember.reserveCapacity(pictures)
        }
    }

    /// The picture of `id`, drawn again from its first key (a drawing takes a microsecond or two).
    public func picture(_ id: Int) -> Picture {
        let key = lock.withLock { firstKeys[id] }
        return Picture(seed: key.seed, engine: key.engine)
    }

    /// The fingerprint (`Picture.fingerprint`) of picture `id`.
    public func fingerprint(_ id: Int) -> UInt64 { lock.withLock { fingerprints[id] } }

    /// The pictures' fingerprints and those that look like each (`nearlyAlike`) as they stand, by id (copied
    /// without copying: for a pass over many lines without taking the lock for each).
    public func snapshot() -> (fingerprints: [UInt64], nearlyAlike: [[(id: Int, cells: Int)]]) {
        lock.withLock { (fingerprints, near) }
    }

    /// The pictures that look like `id`'s (not the same; at most `maxCompared` of them), with how
    /// many cells of their silhouettes differ (0: the same shape in other colours).
    public func nearlyAlike(_ id: Int) -> [(id: Int, cells: Int)] { lock.withLock { near[id] } }

    /// The ids of the pictures kept that look like `picture` (`Likeness`; its own id too when it
    /// is kept; at most `maxCompared` others), without keeping it.
    public func alike(_ picture: Picture) -> [Int] {
        let look = Likeness.Look(picture)
        let hashes = LikenessIndex.blockHashes(look.silhouette)
        return lock.withLock {
            let found = lookalikes(of: picture.fingerprint, look, hashes).found.map(\.id)
            return interned[picture.fingerprint].map { own in [Int(own)] + found.filter { $0 != Int(own) } } ?? found
        }
    }

    /// Keeps `picture` as `key`'s: the id of an equal picture kept before, or a new one compared
    /// with those of its silhouette and of silhouettes sharing a block with it.
    @discardableResult
    public func add(_ key: Key, _ picture: Picture) -> Int { add(key, picture, reserve: { _ in true }).id! }

    /// `add(_:_:)`, asking `reserve` for the entries its alike lists gain before
    /// adding them: a nil id, and the bytes refused, when it says no (nothing is kept).
    func add(_ key: Key, _ picture: Picture, reserve: (Int) -> Bool) -> (id: Int?, refused: Int) {
        let look = Likeness.Look(picture), silhouette = look.silhouette, fingerprint = picture.fingerprint
        let hashes = LikenessIndex.blockHashes(silhouette)
        return lock.withLock {
            if let id = ids[key] { return (id, 0) }
            if let id = interned[fingerprint] {
                drawings += 1
                seedBytes += key.seed.utf8.count
                ids[key] = Int(id)
                return (Int(id), 0)
            }
            let id = fingerprints.count
            let (found, known) = lookalikes(of: fingerprint, look, hashes)
            let alikeBytes = (found.count + found.count(where: { near[$0.id].count < Self.maxCompared })) * Cost.alike
            if alikeBytes > 0, !reserve(alikeBytes) { return (nil, alikeBytes) }
            drawings += 1
            seedBytes += key.seed.utf8.count
            for (other, cells) in found where near[other].count < Self.maxCompared {
                near[other].append((id, cells))
                nearEntries += 1
            }
            let number = known ?? newestMember.count
            if known == nil {
                for b in 0..<Self.blocks {
                    previousInBucket.append(buckets[b][hashes[b]] ?? -1)
                    buckets[b][hashes[b]] = Int32(number)
                }
                silhouetteNumber[slot(for: silhouette, hashes)] = Int32(number)
                newestMember.append(-1)
            }
            previousMember.append(newestMember[number])
            newestMember[number] = Int32(id)
            firstKeys.append(key)
            fingerprints.append(fingerprint)
            looks.append(look)
            near.append(found)
            nearEntries += found.count
            interned[fingerprint] = Int32(id)
            ids[key] = id
            return (id, 0)
        }
    }

    /// Under the lock: where `silhouette` is (or would be) in `silhouetteNumber`: a hash of its
    /// block hashes, stepped on past other silhouettes with the same hash.
    private func slot(for silhouette: Silhouette, _ hashes: [UInt64]) -> UInt64 {
        var slot = hashes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ $1) &* 0x0000_0100_0000_01B3 }
        while let number = silhouetteNumber[slot], self.silhouette(Int(number)) != silhouette { slot &+= 0x9E37_79B9_7F4A_7C15 }
        return slot
    }

    /// Under the lock: silhouette `number`, from its newest picture's look.
    private func silhouette(_ number: Int) -> Silhouette { looks[Int(newestMember[number])].silhouette }

    /// Under the lock: calls `body` with the last `maxCompared` of a chain from `newest` through
    /// `previous`, oldest first (gathered in `chain`, a buffer kept between calls).
    private func forNewestOfChain(_ newest: Int32?, _ previous: (Int) -> Int32, _ body: (Int) -> Void) {
        var count = 0, next = newest ?? -1
        while next >= 0 && count < Self.maxCompared {
            chain[count] = next
            count += 1
            next = previous(Int(next))
        }
        for n in stride(from: count - 1, through: 0, by: -1) { body(Int(chain[n])) }
    }
    /// `forNewestOfChain`'s buffer, and for each silhouette the last arrival that compared it
    /// (`lookalikes` compares each silhouette once an arrival).
    private var chain = [Int32](repeating: -1, count: maxCompared)
    private var comparedAt: [UInt32] = []
    private var arrival: UInt32 = 0

    /// Under the lock: the kept pictures that look like the picture of `fingerprint` and `look`
    /// (at most `maxCompared`), with how many cells their silhouettes differ, and the number of
    /// its silhouette if one is kept.
    private func lookalikes(of fingerprint: UInt64, _ look: Likeness.Look, _ hashes: [UInt64]) -> (found: [(id: Int, cells: Int)], silhouette: Int?) {
        let silhouette = look.silhouette
        var found: [(id: Int, cells: Int)] = []
        func compare(members number: Int, cells: Int) {
            forNewestOfChain(newestMember[number], { self.previousMember[$0] }) { other in
                if found.count < Self.maxCompared && looks[other].looksAlike(look, silhouettesDifferingIn: cells) && fingerprints[other] != fingerprint {
                    found.append((other, cells))
                }
            }
        }
        let known = silhouetteNumber[slot(for: silhouette, hashes)].map { Int($0) }
        if let known { compare(members: known, cells: 0) }
        if comparedAt.count < newestMember.count { comparedAt += [UInt32](repeating: 0, count: newestMember.count - comparedAt.count) }
        arrival &+= 1
        if arrival == 0 {  // wrapped: forget every mark
            for n in comparedAt.indices { comparedAt[n] = 0 }
            arrival = 1
        }
        for b in 0..<Self.blocks {
            var alike: [(number: Int, cells: Int)] = []
            forNewestOfChain(buckets[b][hashes[b]], { self.previousInBucket[$0 * Self.blocks + b] }) { other in
                guard other != known && comparedAt[other] != arrival else { return }
                comparedAt[other] = arrival
                let cells = self.silhouette(other).differingCells(from: silhouette)
                if cells <= Likeness.silhouetteSlack { alike.append((other, cells)) }
            }
            for (other, cells) in alike { compare(members: other, cells: cells) }
        }
        return (found, known)
    }
}
