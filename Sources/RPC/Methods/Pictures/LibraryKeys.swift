import CreatureCore
import FonsterStore

extension LibraryPictures {
    /// The library's Fonsters in order (id, seed and engine) and their keys, side by side, with
    /// the keys' bands again as a column of their own (what `lookalikesOf` reads of most keys).
    struct Keys: Sendable {
        var seeds: [StoredSeed] = []
        /// The keys; set them with `setKeys`, `setKey` or `put`, so the bands follow.
        private(set) var keys: [PictureKey] = []
        /// Each key's bands (`Lookalikes.matches` reads 4 bytes a Fonster instead of 64).
        private(set) var bands: [SilhouetteBands] = []
        /// The bytes they hold, about: a key, its bands and a `StoredSeed` a Fonster, and a seed past 15 bytes.
        private(set) var bytes = 0

        /// How many Fonsters there are.
        var count: Int { seeds.count }

        init(seeds: [StoredSeed] = [], keys: [PictureKey] = []) {
            self.seeds = seeds
            setKeys(keys)
            bytes = seeds.reduce(0) { $0 + Self.bytes($1) }
        }

        /// What one Fonster's seed and key take.
        private static func bytes(_ seed: StoredSeed) -> Int {
            MemoryLayout<PictureKey>.stride + MemoryLayout<SilhouetteBands>.stride + MemoryLayout<StoredSeed>.stride
                + (seed.seed.utf8.count > 15 ? seed.seed.utf8.count + 32 : 0)
        }

        /// Every Fonster's key, in order.
        mutating func setKeys(_ keys: [PictureKey]) {
            self.keys = keys
            bands = keys.map(\.bands)
        }

        /// The `i`-th Fonster's key.
        mutating func setKey(_ key: PictureKey, at i: Int) {
            (keys[i], bands[i]) = (key, key.bands)
        }

        /// Puts `key` as `seed`'s Fonster's: in its place, or last when new; gives where.
        @discardableResult
        mutating func put(_ seed: StoredSeed, _ key: PictureKey) -> Int {
            bytes += Self.bytes(seed)
            if let i = seeds.firstIndex(where: { $0.id == seed.id }) {
                bytes -= Self.bytes(seeds[i])
                (seeds[i], keys[i], bands[i]) = (seed, key, key.bands)
                return i
            }
            seeds.append(seed)
            keys.append(key)
            bands.append(key.bands)
            return seeds.count - 1
        }

        /// Takes the `i`-th Fonster out.
        mutating func remove(at i: Int) {
            bytes -= Self.bytes(seeds[i])
            seeds.remove(at: i)
            keys.remove(at: i)
            bands.remove(at: i)
        }

        /// The look of the `i`-th Fonster's picture, drawn again.
        func look(_ i: Int) -> Likeness.Look {
            Likeness.Look(seed: seeds[i].seed, engine: seeds[i].engine)
        }
    }

    /// How many keys a read of the store checks by drawing them again.
    static let storedSample = 32

    /// Whether the keys the store kept (but those at `missing`) are those of what the engines
    /// draw, checked on `storedSample` of them drawn again at random: a row that is not a key is
    /// caught when read, but one that holds another seed's (an edited file, or an engine fixed
    /// since) only this way; any wrong one and none is used.
    static func storedKeysHold(_ keys: Keys, _ missing: [Int]) -> Bool {
        guard missing.count < keys.count else { return true }
        var isMissing = [Bool](repeating: false, count: keys.count)
        for i in missing { isMissing[i] = true }
        for _ in 0..<storedSample {
            let i = Int.random(in: keys.seeds.indices)
            guard !isMissing[i] else { continue }
            if keys.keys[i] != PictureKey(Picture(seed: keys.seeds[i].seed, engine: keys.seeds[i].engine)) { return false }
        }
        return true
    }
}
