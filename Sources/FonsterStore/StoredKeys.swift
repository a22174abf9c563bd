import CreatureCore

/// The look-alike keys (`PictureKey`) of the pictures drawn for the look-alikes, kept in the
/// library by seed and engine (table `picture_keys`), so a restarted server reads 64 bytes a
/// Fonster instead of drawing the whole library. A cache, and a file anyone could edit: a row is
/// used only when it holds a key's 64 bytes (the finder draws a sample again to check them); any
/// other row, and a missing one, is drawn again. Its writes are not changes to the library (no
/// change log, no notification; other processes tell them apart by the `meta` counter
/// `pictures_written`).
public struct StoredKeys: Sendable {
    /// The library's Fonsters in list order.
    public var seeds: [StoredSeed]
    /// Their keys, in the same order; the ones at `missing` are `blank`, to be drawn.
    public var keys: [PictureKey]
    /// Where no usable key was stored (none, or a row that does not hold one).
    public var missing: [Int]

    /// The stand-in for a key still to be drawn (a transparent picture's).
    public static let blank = PictureKey(Picture.transparent)
}

/// A key to keep: the seed and engine its picture was drawn from.
public typealias KeyToStore = (seed: String, engine: EngineVersion, key: PictureKey)

extension FonsterStore {
    /// The library's seeds in list order, each with its stored key when there is a usable one.
    /// A Fonster whose row names an engine this build does not know is drawn by the engine it
    /// reads as (`Fonster.engine`), whose key is kept under that engine's name, never under the
    /// unknown one. A library without the table (an older one opened read-only) gives every key
    /// missing.
    public func seedsWithKeys() throws(StoreError) -> StoredKeys {
        do {
            return try locked { () throws(StoreError) -> StoredKeys in
                var found = StoredKeys(seeds: [], keys: [], missing: [])
                let count = Int(try db.scalarInt("SELECT count(*) FROM fonsters") ?? 0)
                found.seeds.reserveCapacity(count)
                found.keys.reserveCapacity(count)
                var unnamed: [Int] = []
                try db.query("""
                    SELECT f.id, f.seed, f.engine, k.key FROM fonsters f
                    LEFT JOIN picture_keys k ON k.seed = f.seed AND k.engine = f.engine ORDER BY f.position, f.rowid
                    """) { row in
                    let name = row.text(2)
                    let seed = StoredSeed(id: row.uuid(0) ?? StoredID.derived(from: row.text(0) ?? ""), seed: row.text(1) ?? "", engine: options.engine(named: name))
                    found.seeds.append(seed)
                    let named = name == seed.engine.rawValue
                    if !named { unnamed.append(found.keys.count) }
                    let key = row.isNull(3) || !named ? nil : row.withBlob(3) { PictureKey(bytes: $0) }
                    if key == nil { found.missing.append(found.keys.count) }
                    found.keys.append(key ?? StoredKeys.blank)
                }
                // Rows naming an unknown engine: their keys as the engine they read as drew them.
                var readNow = Set<Int>()
                for i in unnamed {
                    let seed = found.seeds[i]
                    try db.query("SELECT key FROM picture_keys WHERE seed = ? AND engine = ?", [.text(seed.seed), .text(seed.engine.rawValue)]) { row in
                        guard let key = row.withBlob(0, { PictureKey(bytes: $0) }) else { return }
                        found.keys[i] = key
                        readNow.insert(i)
                    }
                }
                if !readNow.isEmpty { found.missing.removeAll { readNow.contains($0) } }
                return found
            }
        } catch {
            let tables = try locked { () throws(StoreError) in try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'picture_keys'") }
            guard tables == 0 else { throw error }
            let seeds = try self.seeds()
            return StoredKeys(seeds: seeds, keys: seeds.map { _ in StoredKeys.blank }, missing: Array(seeds.indices))
        }
    }

    /// Keeps `keys` (replacing what was kept for their seeds and engines) and forgets the keys
    /// of seeds no Fonster draws any more once they pass a quarter of the library. Nothing for a
    /// read-only library or one without the table: it is a cache.
    public func storeKeys(_ keys: [KeyToStore]) throws(StoreError) {
        guard !isReadOnly, !keys.isEmpty else { return }
        try locked { () throws(StoreError) in
            guard try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'picture_keys'") == 1 else { return }
            try db.transaction { () throws(StoreError) in
                for (seed, engine, key) in keys {
                    try db.query("INSERT OR REPLACE INTO picture_keys (seed, engine, key) VALUES (?, ?, ?)",
                                 [.text(seed), .text(engine.rawValue), .blob(key.bytes)])
                }
                try countPicturesWritten()
                let kept = try db.scalarInt("SELECT count(*) FROM picture_keys") ?? 0, fonsters = try db.scalarInt("SELECT count(*) FROM fonsters") ?? 0
                if kept > fonsters + fonsters / 4 + 64 {
                    try db.exec("DELETE FROM picture_keys WHERE (seed, engine) NOT IN (SELECT seed, engine FROM fonsters)")
                }
            }
        }
    }

    /// Counts a write of the look-alikes' cache (keys or groups) in `meta` `pictures_written`, so
    /// other processes take it for no change (`checkForExternalChanges`). In a transaction.
    func countPicturesWritten() throws(StoreError) {
        try db.exec("INSERT INTO meta (key, value) VALUES ('pictures_written', '1') ON CONFLICT (key) DO UPDATE SET value = value + 1")
        lastPicturesWritten = try db.scalarText("SELECT value FROM meta WHERE key = 'pictures_written'")
    }
}
