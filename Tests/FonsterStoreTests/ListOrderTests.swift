import Foundation
import Testing
import CreatureCore
import TestSupport
@testable import FonsterStore

/// Pages are found through the position blocks, not by counting every row before them: every
/// page equals what `LIMIT … OFFSET` over the whole order reads, in a library with the gaps that
/// deletes, moves, restores and other programs' rows leave.
@Suite(.offTheCooperativeThreads) struct ListOrderTests {
    let dir = TempDir()

    /// What a page was before: the rows in order, counted from the start.
    static func offsetPage(_ store: FonsterStore, start: Int, count: Int) throws -> [UUID] {
        try store.locked { () throws(StoreError) in
            var ids: [UUID] = []
            try store.db.query("SELECT id FROM fonsters ORDER BY position, rowid LIMIT ? OFFSET ?", [.int(Int64(count)), .int(Int64(start))]) { row in
                ids.append(row.uuid(0) ?? StoredID.derived(from: row.text(0) ?? ""))
            }
            return ids
        }
    }

    /// That the blocks count what the rows hold.
    static func expectBlocksAgree(_ store: FonsterStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (kept, counted) = try store.locked { () throws(StoreError) in
            var kept: [Int64: Int64] = [:], counted: [Int64: Int64] = [:]
            try store.db.query("SELECT block, count FROM position_blocks") { kept[$0.int(0)] = $0.int(1) }
            try store.db.query("SELECT position >> 10, count(*) FROM fonsters GROUP BY 1") { counted[$0.int(0)] = $0.int(1) }
            return (kept, counted)
        }
        #expect(kept == counted, sourceLocation: sourceLocation)
    }

    @Test func everyPageIsTheOffsetPage() throws {
        let store = try fileStore(dir)
        var generator = SeededGenerator(seed: 31)
        var ids: [UUID] = []
        for batch in 0..<5 { ids += try store.importSeeds((0..<1_000).map { "page \(batch) \($0)" }).created.map(\.id) }
        // Gaps and shuffles: deletes (some restored), moves across blocks, creates at the end.
        var deleted: [UUID] = []
        for step in 0..<400 {
            let live = try store.list().map(\.id)
            switch step % 5 {
            case 0, 1:
                let id = live.randomElement(using: &generator)!
                try store.delete(id)
                deleted.append(id)
            case 2:
                _ = try store.move(live.randomElement(using: &generator)!, to: Int.random(in: 0..<live.count, using: &generator))
            case 3:
                if let id = deleted.popLast() { _ = try store.restore(id) }
            default:
                _ = try store.create(seed: "made at step \(step)")
            }
        }
        try Self.expectBlocksAgree(store)
        let total = try store.count()
        #expect(total > 4_800)
        for start in 0...(total + 3) {
            let count = [1, 7, 50].randomElement(using: &generator)!
            let page = try store.list(start: start, count: count)
            #expect(page.total == total)
            #expect(page.fonsters.map(\.id) == (try Self.offsetPage(store, start: start, count: count)), "start \(start)")
            #expect(page.fonsters.map(\.position) == Array(start..<(start + page.fonsters.count)))
        }
        // A Fonster's place as `get` says it is its index in the list.
        let listed = try store.list()
        for index in stride(from: 0, to: listed.count, by: 211) { #expect(try store.get(listed[index].id).position == index) }
    }

    /// Rows another program wrote may share a sort key, or sit below zero: the order is still
    /// position then rowid, and the blocks follow.
    @Test func sharedAndNegativeKeysKeepTheOrder() throws {
        let path = dir.file("odd.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        _ = try store.importSeeds((0..<10).map { "ours \($0)" })
        rawSQL(path, """
            INSERT INTO fonsters (id, position, name, seed, created_ms, created_iso, created_zone, engine) VALUES
                ('a', 3, '', 'tie a', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1'),
                ('b', 3, '', 'tie b', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1'),
                ('c', -2000, '', 'below', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1'),
                ('d', 5000, '', 'far', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1')
            """)
        try Self.expectBlocksAgree(store)
        let total = try store.count()
        for start in 0...total {
            for count in [1, 3] {
                #expect(try store.list(start: start, count: count).fonsters.map(\.id) == (try Self.offsetPage(store, start: start, count: count)))
            }
        }
        let all = try store.list()
        #expect(all.first?.seed == "below" && all.last?.seed == "far")
        for (index, fonster) in all.enumerated() { #expect(try store.get(fonster.id).position == index) }
        // A move and a restore among them keep the blocks right.
        _ = try store.move(all[2].id, to: 12)
        try store.delete(all[5].id)
        _ = try store.restore(all[5].id)
        try Self.expectBlocksAgree(store)
        #expect(try store.list().map(\.id) == (try Self.offsetPage(store, start: 0, count: 100)))
    }

    /// A page's rows are found by the index, not a scan: SQLite's own plan says so.
    @Test func pagesWalkThePositionIndex() throws {
        let store = try fileStore(dir)
        let plan = try store.locked { () throws(StoreError) in
            var lines: [String] = []
            let page = "SELECT \(FonsterStore.columns) FROM fonsters WHERE (position, rowid) >= (?2, ?3) ORDER BY position, rowid LIMIT ?1"
            let key = "SELECT position, rowid FROM fonsters WHERE position >= ?1 ORDER BY position, rowid LIMIT 1 OFFSET ?2"
            for (sql, bindings) in [(page, [SQLValue.int(1), .int(0), .int(0)]), (key, [.int(0), .int(0)])] {
                try store.db.query("EXPLAIN QUERY PLAN " + sql, bindings) { lines.append($0.text(3) ?? "") }
            }
            return lines
        }
        // e.g. "SEARCH fonsters USING INDEX fonsters_by_position (position>?)": a range of the
        // index, not a SCAN of the table, and no temporary b-tree for the order.
        #expect(plan.count == 2 && plan.allSatisfy { $0.hasPrefix("SEARCH fonsters USING") && $0.contains("INDEX fonsters_by_position") }, "\(plan)")
    }

    /// A delete into a gap costs one row; a restore into the gap its delete left writes no
    /// other row: the sort keys of everyone else stay as they were.
    @Test func aRestoreIntoItsGapMovesNoOne() throws {
        let store = try fileStore(dir)
        let ids = try store.importSeeds((0..<20).map { "g\($0)" }).created.map(\.id)
        func keys() throws -> [Int64] {
            try store.locked { () throws(StoreError) in
                var keys: [Int64] = []
                try store.db.query("SELECT position FROM fonsters ORDER BY position, rowid") { keys.append($0.int(0)) }
                return keys
            }
        }
        let before = try keys()
        try store.delete(ids[7])
        #expect(try keys() == before.filter { $0 != 7 })
        _ = try store.restore(ids[7])
        #expect(try keys() == before)
        // A move to the top takes a key below the first (a library of a million had every key
        // after it moved up by one: 2.4 s): no other row is written, and pages still agree.
        for (n, id) in [ids[12], ids[0], ids[19]].enumerated() {
            _ = try store.move(id, to: 0)
            let moved = [12, 0, 19].prefix(n + 1)
            #expect(try keys() == (1...(n + 1)).reversed().map { -Int64($0) } + before.filter { !moved.contains(Int($0)) }, "move \(n)")
            #expect(try store.list().first?.id == id)
        }
        try Self.expectBlocksAgree(store)
        #expect(try store.list().map(\.id) == (try Self.offsetPage(store, start: 0, count: 100)))
    }
}
