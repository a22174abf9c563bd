/// The library's near look-alike groups as last worked out (table `lookalike_groups`): bytes the
/// look-alikes encode, beside a fingerprint of the keys they came from, so a restarted server
/// whose library has not changed reads them instead of comparing its looks again. A cache, and a
/// file anyone could edit: the reader checks what it reads. Like `storeKeys`, its writes are not
/// changes to the library (no change log; counted by `pictures_written`).
public struct StoredGroups: Sendable, Equatable {
    /// The fingerprint of the keys the groups were worked out from.
    public let fingerprint: UInt64
    /// The groups, as the look-alikes encode them.
    public let bytes: [UInt8]

    /// Groups worked out from keys whose fingerprint is `fingerprint`.
    public init(fingerprint: UInt64, bytes: [UInt8]) {
        (self.fingerprint, self.bytes) = (fingerprint, bytes)
    }
}

extension FonsterStore {
    /// The groups kept, if any (none in a library without the table: an older one opened read-only).
    public func storedGroups() throws(StoreError) -> StoredGroups? {
        try locked { () throws(StoreError) -> StoredGroups? in
            guard try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'lookalike_groups'") == 1 else { return nil }
            var found: StoredGroups?
            try db.query("SELECT fingerprint, groups FROM lookalike_groups WHERE id = 1") { row in
                found = row.withBlob(1) { StoredGroups(fingerprint: UInt64(bitPattern: row.int(0)), bytes: Array($0)) }
            }
            return found
        }
    }

    /// Keeps `groups` in place of those kept. Nothing for a read-only library or one without the
    /// table: it is a cache.
    public func storeGroups(_ groups: StoredGroups) throws(StoreError) {
        guard !isReadOnly else { return }
        try locked { () throws(StoreError) in
            guard try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'lookalike_groups'") == 1 else { return }
            try db.transaction { () throws(StoreError) in
                try db.query("INSERT OR REPLACE INTO lookalike_groups (id, fingerprint, groups) VALUES (1, ?, ?)",
                             [.int(Int64(bitPattern: groups.fingerprint)), .blob(groups.bytes)])
                try countPicturesWritten()
            }
        }
    }
}
