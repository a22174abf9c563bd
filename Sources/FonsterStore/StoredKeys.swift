import CreatureCore

/// The look-alike keys (`PictureKey`) of the pictures drawn for the look-alikes, kept in each
/// Fonster's row (column `picture_key`), so a restarted server reads 64 bytes a Fonster with the
/// list instead of drawing the whole library. A cache, and a file anyone could edit: a row's key
/// is used only when it holds a key's 64 bytes (the finder draws a sample again to check them);
/// any other, and a missing one, is drawn again. A trigger forgets a row's key when its seed or
/// engine changes. Its writes are not changes to the library (no change log, no notification;
/// other processes tell them apart by the `meta` counter `pictures_written`).
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
    /// reads as (`Fonster.engine`) and its key is never kept: it is missing at every start. A
    /// library without the column (an older one opened read-only) gives every key missing.
    /// Throws `cancelled` once the bound gate says the request was cancelled (asked every 4,096
    /// rows: a million take half a second, which a page left behind held the store thread for).
    public func seedsWithKeys() throws(StoreError) -> StoredKeys {
        try locked { () throws(StoreError) -> StoredKeys in
            var found = StoredKeys(seeds: [], keys: [], missing: [])
            let count = Int(try db.scalarInt("SELECT count(*) FROM fonsters") ?? 0)
            found.seeds.reserveCapacity(count)
            found.keys.reserveCapacity(count)
            let key = hasKeyColumn ? "picture_key" : "NULL"
            try db.query("SELECT id, seed, engine, \(key) FROM fonsters ORDER BY position, rowid") { row throws(StoreError) in
                if found.seeds.count & 4095 == 4095 { try Self.checkWriteCancelled() }
                let name = row.text(2)
                let seed = StoredSeed(id: row.uuid(0) ?? StoredID.derived(from: row.text(0) ?? ""), seed: row.text(1) ?? "", engine: options.engine(named: name))
                found.seeds.append(seed)
                let key = row.isNull(3) || name != seed.engine.rawValue ? nil : row.withBlob(3) { PictureKey(bytes: $0) }
                if key == nil { found.missing.append(found.keys.count) }
                found.keys.append(key ?? StoredKeys.blank)
            }
            return found
        }
    }

    /// Keeps `keys` in the rows of the Fonsters that draw their seeds with their engines. Nothing
    /// for a read-only library or one without the column: it is a cache.
    public func storeKeys(_ keys: [KeyToStore]) throws(StoreError) {
        guard !isReadOnly, hasKeyColumn, !keys.isEmpty else { return }
        try locked { () throws(StoreError) in
            try db.transaction { () throws(StoreError) in
                for (seed, engine, key) in keys {
                    try db.query("UPDATE fonsters SET picture_key = ? WHERE seed = ? AND engine = ?",
                                 [.blob(key.bytes), .text(seed), .text(engine.rawValue)])
                }
                try countPicturesWritten()
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
