import CSQLite
import Foundation

/// A deleted Fonster as the trash keeps it: whole (id, name, seed and history, engine, creation
/// time and zone, random source), with the place it had and when it was deleted.
public struct TrashedFonster: Equatable, Sendable {
    /// The Fonster as it was; its `position` is the place it had, where a restore puts it back.
    public let fonster: Fonster
    /// When it was deleted, to the millisecond.
    public let deletedAt: Date
    /// `deletedAt` in the library's zone at the time, e.g. `2026-11-21T09:30:00.123-08:00`.
    public let deletedAtISO8601: String
}

/// Nothing deleted is lost: a delete moves the Fonster to the trash, whole, in the transaction
/// that removes it from the list; a restore brings it back as it was (same id, its old place);
/// the trash keeps each for `Schema.trashDays` days (purged on open and on each delete), or
/// until it is purged.
extension FonsterStore {
    /// Moves a Fonster to the trash; the others keep their order. Works on a full disk (see
    /// `writeOnFullDisk`).
    public func delete(_ id: UUID) throws(StoreError) {
        try writeOnFullDisk { () throws(StoreError) in
            guard let key = try storedKey(id) else { throw .notFound(id) }
            var found: SortKey?
            try db.query("SELECT position, rowid FROM fonsters WHERE id = ?", [.text(key)]) { row in
                found = SortKey(position: row.int(0), rowid: row.int(1))
            }
            guard let found else { throw .notFound(id) }
            try purgeExpiredRows()
            let now = options.now()
            try db.query("""
                INSERT OR REPLACE INTO trash (id, place, name, seed, random_source, history, future, created_ms, created_iso,
                                              created_zone, engine, deleted_ms, deleted_iso)
                SELECT id, ?2, name, seed, random_source, history, future, created_ms, created_iso, created_zone, engine, ?3, ?4
                FROM fonsters WHERE rowid = ?1
                """, [.int(found.rowid), .int(Int64(try listIndex(of: found))), .int(Self.milliseconds(now)),
                      .text(ISOTime.format(now, in: options.timeZone, milliseconds: true))])
            try db.query("DELETE FROM fonsters WHERE rowid = ?", [.int(found.rowid)])
            if key != id.text { foreignIDs = nil }
            return ((), [StoreChange(ids: [id], reason: .delete, external: false)])
        }
    }

    /// Brings a Fonster back from the trash exactly as it was deleted (same id, name, seed and
    /// history, creation time) at the place it had, or the end when the list is shorter now.
    /// Throws `notInTrash` for an id the trash does not hold, `invalidArgument` when a Fonster
    /// with that id is in the library again, or when the row is one `library/import` would refuse
    /// (`checkRestorable`: written by another program with an unknown engine, an over-long name…).
    public func restore(_ id: UUID) throws(StoreError) -> Fonster {
        try write { () throws(StoreError) in
            guard let key = try trashKey(id) else { throw .notInTrash(id) }
            if try storedKey(id) != nil {
                throw .invalidArgument("A Fonster with the id \(id.uuidString) is in the library already, so the one in the trash cannot come back beside it.")
            }
            try checkRestorable(try trashed(key, id: id), engineName: try db.scalarText("SELECT engine FROM trash WHERE id = ?", [.text(key)]) ?? "")
            let place = Int(try db.scalarInt("SELECT place FROM trash WHERE id = ?", [.text(key)]) ?? 0)
            let position = try freeKey(at: min(max(0, place), try Self.count(db)), moving: nil)
            try db.query("""
                INSERT INTO fonsters (id, position, name, seed, random_source, history, future, created_ms, created_iso, created_zone, engine)
                SELECT id, ?2, name, seed, random_source, history, future, created_ms, created_iso, created_zone, engine FROM trash WHERE id = ?1
                """, [.text(key), .int(position)])
            try db.query("DELETE FROM trash WHERE id = ?", [.text(key)])
            foreignIDs = nil
            let fonster = try fetch(id)
            return (fonster, [StoreChange([fonster], reason: .restore)])
        }
    }

    /// The deleted Fonsters from place `start` on (at most `count`, all when nil), the newest
    /// deletion first, and how many the trash holds.
    public func trash(start: Int = 0, count: Int? = nil) throws(StoreError) -> (fonsters: [TrashedFonster], total: Int) {
        try locked { () throws(StoreError) in
            guard hasTrash else { return ([], 0) }
            return try db.transaction(readOnly: true) { () throws(StoreError) in
                let total = Int(try db.scalarInt("SELECT count(*) FROM trash") ?? 0)
                let start = max(0, start), limit = max(0, min(count ?? total, total - start))
                var result: [TrashedFonster] = []
                var zone = ""
                try db.query("""
                    SELECT id, place, name, seed, random_source, history, future, created_ms, created_iso, created_zone, engine,
                           deleted_ms, deleted_iso
                    FROM trash ORDER BY deleted_ms DESC, rowid DESC LIMIT ?1 OFFSET ?2
                    """, [.int(Int64(limit)), .int(Int64(start))]) { row in
                    result.append(TrashedFonster(fonster: self.fonster(row, zone: &zone),
                                                 deletedAt: Date(timeIntervalSince1970: Double(row.int(11)) / 1000),
                                                 deletedAtISO8601: row.text(12) ?? ""))
                }
                return (result, total)
            }
        }
    }

    /// Empties the trash for good: all of it (`ids` nil), or the Fonsters with `ids` (each must
    /// be in the trash, else `notInTrash` and nothing is purged). Returns how many were purged.
    /// Works on a full disk. Sends no change notification (the list does not change), but logs
    /// one for other processes' change detection, which skips it.
    @discardableResult
    public func purge(_ ids: [UUID]? = nil) throws(StoreError) -> Int {
        try writeOnFullDisk { () throws(StoreError) in
            guard let ids else {
                try db.query("DELETE FROM trash")
                let purged = Int(sqlite3_changes(db.handle))
                if purged > 0 { try log(Self.purgeReason, id: nil) }
                return (purged, [])
            }
            var keys: [String] = []
            for id in ids {
                guard let key = try trashKey(id) else { throw .notInTrash(id) }
                keys.append(key)
            }
            for key in Set(keys) { try db.query("DELETE FROM trash WHERE id = ?", [.text(key)]) }
            if !keys.isEmpty { try log(Self.purgeReason, id: nil) }
            return (Set(keys).count, [])
        }
    }

    /// Purges what has been in the trash longer than `Schema.trashDays` days (one write, only
    /// when there is any).
    func purgeExpired() throws(StoreError) {
        guard hasTrash else { return }
        let expired = try locked { () throws(StoreError) in
            try db.scalarInt("SELECT count(*) FROM trash WHERE deleted_ms < ?", [.int(expiry())]) ?? 0
        }
        guard expired > 0 else { return }
        try write { () throws(StoreError) in
            try purgeExpiredRows()
            return ((), [])
        }
    }

    /// Deletes the expired trash rows (inside a write transaction), logging it when there were any.
    private func purgeExpiredRows() throws(StoreError) {
        try db.query("DELETE FROM trash WHERE deleted_ms < ?", [.int(expiry())])
        if sqlite3_changes(db.handle) > 0 { try log(Self.purgeReason, id: nil) }
    }

    /// Milliseconds since 1970 before which a deletion has expired.
    private func expiry() -> Int64 {
        Self.milliseconds(options.now()) - Int64(Schema.trashDays) * 86_400_000
    }

    /// How a purge is logged: other processes' change detection knows the trash changed, not the list.
    static let purgeReason = "purge"

    /// The trash row stored under `key`, as a Fonster (its `position` the place it had).
    private func trashed(_ key: String, id: UUID) throws(StoreError) -> Fonster {
        var found: Fonster?
        var zone = ""
        try db.query("""
            SELECT id, place, name, seed, random_source, history, future, created_ms, created_iso, created_zone, engine
            FROM trash WHERE id = ?
            """, [.text(key)]) { row in found = self.fonster(row, zone: &zone) }
        guard let found else { throw .notInTrash(id) }
        return found
    }

    /// The id text the trash keeps `id` under, nil when it does not hold it. Rows another program
    /// wrote with other id text are matched as `storedKey` matches them (the trash is small).
    private func trashKey(_ id: UUID) throws(StoreError) -> String? {
        guard hasTrash else { return nil }
        if try db.scalarInt("SELECT count(*) FROM trash WHERE id = ?", [.text(id.text)]) ?? 0 > 0 { return id.text }
        var found: String?
        try db.query("SELECT id FROM trash") { row in
            guard found == nil, let text = row.text(0), StoredID.uuid(text) == id else { return }
            found = text
        }
        return found
    }
}
