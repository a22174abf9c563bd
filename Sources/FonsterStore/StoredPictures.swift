import CreatureCore

/// The pictures drawn for the look-alikes, kept in the library by seed and engine (table
/// `pictures`: cells and their hash), so a restarted server reads them instead of drawing the
/// whole library. A cache, and a file anyone could edit: a row is used only when its cells are
/// 1,024 known colour numbers with the hash it carries; any other row, and a missing one, is
/// redrawn. Its writes are not changes to the library (no change log, no notification; other
/// processes tell them apart by the `meta` counter `pictures_written`).
public struct StoredPictures: Sendable {
    /// The library's Fonsters in list order.
    public var seeds: [StoredSeed]
    /// Their pictures, in the same order; the ones at `missing` are blank, to be drawn.
    public var table: PictureTable
    /// Where no usable picture was stored (none, or a row that does not hold one).
    public var missing: [Int]
}

/// A picture to keep: the seed and engine it was drawn from.
public typealias PictureToStore = (seed: String, engine: EngineVersion, picture: Picture)

extension FonsterStore {
    /// The library's seeds in list order, each with its stored picture when there is a usable one.
    /// Engines this build does not know are never read from the cache (their drawing depends on
    /// the default engine of the day). A library without the table (an older one opened
    /// read-only) gives every picture missing.
    public func seedsWithPictures() throws(StoreError) -> StoredPictures {
        let blank = Picture.transparent
        do {
            return try locked { () throws(StoreError) -> StoredPictures in
                var found = StoredPictures(seeds: [], table: PictureTable(), missing: [])
                found.seeds.reserveCapacity(Int(try db.scalarInt("SELECT count(*) FROM fonsters") ?? 0))
                try db.query("""
                    SELECT f.id, f.seed, f.engine, p.cells, p.hash FROM fonsters f
                    LEFT JOIN pictures p ON p.seed = f.seed AND p.engine = f.engine ORDER BY f.position, f.rowid
                    """) { row in
                    let seed = StoredSeed(id: row.uuid(0) ?? StoredID.derived(from: row.text(0) ?? ""), seed: row.text(1) ?? "", engine: row.text(2) ?? "")
                    found.seeds.append(seed)
                    let stored = !row.isNull(3) && EngineVersion(rawValue: seed.engine) != nil
                        && row.withBlob(3) { found.table.append(stored: $0, fingerprint: UInt64(bitPattern: row.int(4))) }
                    if !stored {
                        found.missing.append(found.table.count)
                        found.table.append(blank)
                    }
                }
                return found
            }
        } catch {
            guard try locked({ () throws(StoreError) in try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'pictures'") }) == 0 else { throw error }
            let seeds = try self.seeds()
            return StoredPictures(seeds: seeds, table: PictureTable(seeds.map { _ in blank }), missing: Array(seeds.indices))
        }
    }

    /// Keeps `pictures` (replacing what was kept for their seeds and engines) and forgets the
    /// pictures of seeds no Fonster draws any more once they pass a quarter of the library.
    /// Nothing for a read-only library or one without the table: it is a cache.
    public func storePictures(_ pictures: [PictureToStore]) throws(StoreError) {
        guard !isReadOnly, !pictures.isEmpty else { return }
        try locked { () throws(StoreError) in
            guard try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'pictures'") == 1 else { return }
            try db.transaction { () throws(StoreError) in
                for (seed, engine, picture) in pictures {
                    try db.query("INSERT OR REPLACE INTO pictures (seed, engine, cells, hash) VALUES (?, ?, ?, ?)",
                                 [.text(seed), .text(engine.rawValue), .blob(picture.cells), .int(Int64(bitPattern: picture.fingerprint))])
                }
                // Counted, so other processes take this write for no change (`checkForExternalChanges`).
                try db.exec("INSERT INTO meta (key, value) VALUES ('pictures_written', '1') ON CONFLICT (key) DO UPDATE SET value = value + 1")
                lastPicturesWritten = try db.scalarText("SELECT value FROM meta WHERE key = 'pictures_written'")
                let kept = try db.scalarInt("SELECT count(*) FROM pictures") ?? 0, fonsters = try db.scalarInt("SELECT count(*) FROM fonsters") ?? 0
                if kept > fonsters + fonsters / 4 + 64 {
                    try db.exec("DELETE FROM pictures WHERE (seed, engine) NOT IN (SELECT seed, engine FROM fonsters)")
                }
            }
        }
    }
}
