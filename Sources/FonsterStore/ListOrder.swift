/// The list order: each Fonster's `position` column is a sort key (ties broken by rowid), not its
/// place. Keys may have gaps (a delete leaves one, so it writes one row, not every row after it),
/// and `position_blocks` counts the Fonsters of each block of 1,024 keys (triggers keep it, for
/// every writer), so the key at any place is found by summing a hundred counts and stepping
/// through at most one block: a page deep in the list costs what the first page does.
/// A library too old to migrate (opened read-only) has no blocks: it counts every row instead.
extension FonsterStore {
    /// A row's place in the sort order.
    struct SortKey: Equatable {
        /// The `position` column.
        let position: Int64
        /// The row's rowid, which breaks ties.
        let rowid: Int64

        /// Before every row.
        static let first = SortKey(position: .min, rowid: .min)
    }

    /// The sort key of the Fonster at list index `index`, nil past the end (or before the start).
    func sortKey(at index: Int) throws(StoreError) -> SortKey? {
        guard index >= 0 else { return nil }
        var key: SortKey?
        guard hasTrash else {
            try db.query("SELECT position, rowid FROM fonsters ORDER BY position, rowid LIMIT 1 OFFSET ?", [.int(Int64(index))]) { row in
                key = SortKey(position: row.int(0), rowid: row.int(1))
            }
            return key
        }
        // The block holding it, and how many Fonsters the blocks before hold (summed here: a
        // window function over the blocks took several times as long).
        var block: (number: Int64, before: Int64)?
        var before: Int64 = 0
        try db.scan("SELECT block, count FROM position_blocks ORDER BY block") { row in
            let count = row.int(1)
            guard before + count <= Int64(index) else {
                block = (row.int(0), before)
                return false
            }
            before += count
            return true
        }
        guard let block else { return nil }
        try db.query("SELECT position, rowid FROM fonsters WHERE position >= ?1 ORDER BY position, rowid LIMIT 1 OFFSET ?2",
                     [.int(block.number << Schema.blockShift), .int(Int64(index) - block.before)]) { row in
            key = SortKey(position: row.int(0), rowid: row.int(1))
        }
        return key
    }

    /// How many Fonsters the library holds: the blocks' sum (a hundred rows for 100,000
    /// Fonsters), else a count of the rows.
    func fonsterCount() throws(StoreError) -> Int {
        Int(try db.scalarInt(hasTrash ? "SELECT coalesce(sum(count), 0) FROM position_blocks" : "SELECT count(*) FROM fonsters") ?? 0)
    }

    /// The list index of the row with sort key `key`: how many rows sort before it.
    func listIndex(of key: SortKey) throws(StoreError) -> Int {
        let block = key.position >> Schema.blockShift
        let sql = hasTrash
            ? """
              SELECT coalesce((SELECT sum(count) FROM position_blocks WHERE block < ?3), 0)
                  + (SELECT count(*) FROM fonsters WHERE position >= ?4 AND position < ?1)
                  + (SELECT count(*) FROM fonsters WHERE position = ?1 AND rowid < ?2)
              """
            // Two counts, so each can walk the position index.
            : "SELECT (SELECT count(*) FROM fonsters WHERE position < ?1) + (SELECT count(*) FROM fonsters WHERE position = ?1 AND rowid < ?2)"
        var bindings: [SQLValue] = [.int(key.position), .int(key.rowid)]
        if hasTrash { bindings += [.int(block), .int(block << Schema.blockShift)] }
        return Int(try db.scalarInt(sql, bindings) ?? 0)
    }

    /// A free sort key that puts a row at list index `index` of the list without the row `moving`
    /// (nil: of the whole list): one between its new neighbours' keys when they have a gap (a
    /// Fonster restored where it was deleted), else made free by moving every key from the next
    /// row's on up by one. `moving` is the moved row's key and its index now.
    func freeKey(at index: Int, moving: (key: SortKey, index: Int)?) throws(StoreError) -> Int64 {
        /// The index in the whole list of index `i` in the list without `moving`.
        func whole(_ i: Int) -> Int { moving.map { i >= $0.index ? i + 1 : i } ?? i }
        let previous = index > 0 ? try sortKey(at: whole(index - 1)) : nil
        guard let next = try sortKey(at: whole(index)) else {
            // The end: after the last key (of the others: the moved row's own key is free).
            return try db.scalarInt("SELECT coalesce(max(position), -1) + 1 FROM fonsters WHERE rowid <> ?",
                                    [.int(moving?.key.rowid ?? 0)]) ?? 0
        }
        if let previous, next.position - previous.position > 1 { return previous.position + 1 }
        // The top: below the first key (keys may be negative), so a move to the top writes one row.
        if previous == nil { return next.position - 1 }
        try db.query("UPDATE fonsters SET position = position + 1 WHERE position >= ?1 AND rowid <> ?2",
                     [.int(next.position), .int(moving?.key.rowid ?? 0)])
        return next.position
    }
}
