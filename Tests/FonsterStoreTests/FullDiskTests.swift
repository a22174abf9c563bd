import Foundation
import Testing
import TestSupport
@testable import FonsterStore

/// A full disk, for real: a tmpfs of its own filled to the last byte. It refuses what would grow
/// the library, but never a delete or a purge (the reserve beside the file makes room for them),
/// and a library on a full disk still opens and reads.
@Suite(.offTheCooperativeThreads, .enabled(if: Tmpfs.unavailable == nil, "needs a tmpfs of its own: \(Tmpfs.unavailable ?? "")"))
struct FullDiskTests {
    /// A library of `count` Fonsters on a new 4-MB tmpfs, closed when the result is released.
    private func library(count: Int = 20) throws -> (Tmpfs, String, [UUID]) {
        let disk = try Tmpfs(bytes: 4 << 20)
        let path = disk.file("library.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let ids = try store.importSeeds((0..<count).map { "seed \($0)" }).created.map(\.id)
        return (disk, path, ids)
    }

    @Test func deletesAndPurgesWorkOnAFullDiskAndCreatesDoNot() throws {
        let (disk, path, ids) = try library()
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(DiskReserve(store: path).held == DiskReserve.bytes)
        disk.fill()
        expectError(.diskFull(path: path)) { try store.create(seed: "one more") }
        // Undoing the last create, and deleting an older one, both go through; creates still
        // fail (the reserve took back what the deletes left), and so does a restore.
        try store.delete(ids[ids.count - 1])
        expectError(.diskFull(path: path)) { try store.create(seed: "one more") }
        try store.delete(ids[0])
        expectError(.diskFull(path: path)) { try store.restore(ids[0]) }
        #expect(try store.purge([ids[0]]) == 1)
        #expect(try store.list().map(\.id) == Array(ids[1..<(ids.count - 1)]))
        #expect(try store.trash().fonsters.map(\.fonster.id) == [ids[ids.count - 1]])
        #expect(try store.integrityCheck() == "ok")
        // Room returns: so do the reserve and the writes.
        disk.empty()
        #expect(try store.restore(ids[ids.count - 1]).position == ids.count - 2)
        #expect(DiskReserve(store: path).held == DiskReserve.bytes)
    }

    @Test func aLibraryOnAFullDiskOpensWithItsReserve() throws {
        let (disk, path, ids) = try library()
        disk.fill()
        // Opening needs room for the log's index: the reserve gives it.
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(!store.isReadOnly && !store.openedOnFullDisk)
        #expect(try store.list().map(\.id) == ids)
        expectError(.diskFull(path: path)) { try store.create(seed: "one more") }
        try store.delete(ids[3])
        #expect(try store.count() == ids.count - 1)
    }

    @Test func withoutAReserveItOpensReadOnlyAndSaysTheDiskIsFull() throws {
        let (disk, path, ids) = try library()
        unlink(DiskReserve(store: path).path)
        disk.fill()
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(store.isReadOnly && store.openedOnFullDisk)
        #expect(try store.list().map(\.id) == ids)
        #expect(try store.get(ids[5]).seed == "seed 5")
        expectError(.diskFull(path: path)) { try store.create(seed: "one more") }
        expectError(.diskFull(path: path)) { try store.delete(ids[0]) }
    }

    /// What one delete writes to the log (with its trash entry and change-log row), measured in
    /// a library of 3,000 with a full trash: well inside the reserve, with room for the log's index.
    @Test func theReserveHoldsADeleteWithRoomToSpare() throws {
        let dir = TempDir()
        let path = dir.file("measure.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let ids = try (0..<3).flatMap { batch throws(StoreError) in
            try store.importSeeds((0..<1_000).map { "seed \(batch) \($0) with some length to it" }).created.map(\.id)
        }
        var largest = 0
        for (n, id) in ids.enumerated() where n % 7 == 0 {
            try store.locked { () throws(StoreError) in try store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)") }
            try store.delete(id)
            var info = stat()
            stat(path + "-wal", &info)
            largest = max(largest, Int(info.st_size))
        }
        print("the largest log one delete wrote: \(largest) bytes (reserve \(DiskReserve.bytes))")
        #expect(largest > 0 && largest + 32_768 < DiskReserve.bytes / 2)
    }

    /// However many deletes come in a row on a full disk, each goes through and is durable, and a
    /// purge after them too: a library of 200 (a third with 2,000-character seeds and some undo
    /// history), its log holding uncheckpointed pages when the disk fills, then 100 deletes, each
    /// checked by reopening the file, and one purge of the whole trash.
    @Test func aHundredDeletesInARowAndAPurgeOnAFullDisk() throws {
        let disk = try Tmpfs(bytes: 8 << 20)
        let path = disk.file("library.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let long = String(repeating: "fonster ", count: 250)  // 2,000 characters
        let ids = try store.importSeeds((0..<200).map { $0 % 3 == 0 ? "\($0) \(long)" : "seed \($0)" }).created.map(\.id)
        store.checkpointAndEmptyLog()
        // Edits leave pages in the log that the first checkpoint on the full disk carries into the file.
        for id in ids.prefix(40) { _ = try store.setSeed(id, to: "edited \(id.uuidString) \(long)") }
        #expect(bytes(path + "-wal").count > 0)
        disk.fill()
        // Creates go on while the log's file has room left from before, then fail.
        var more = 0
        while more < 1_000, (try? store.create(seed: "more \(more)")) != nil { more += 1 }
        print("creates that fitted in the log's room after the disk filled: \(more)")
        expectError(.diskFull(path: path)) { try store.create(seed: "one more") }
        let total = try store.count()
        for (n, id) in ids.prefix(100).enumerated() {
            try store.delete(id)
            // Durable: another connection (as after a restart) no longer lists it.
            let reopened = try FonsterStore(location: .file(path), options: testOptions())
            #expect(try reopened.count() == total - n - 1, "delete \(n + 1) on the full disk")
            #expect(throws: StoreError.notFound(id)) { try reopened.get(id) }
            #expect(DiskReserve(store: path).held >= DiskReserve.bytes / 2, "the reserve after delete \(n + 1): \(DiskReserve(store: path).held) bytes")
        }
        #expect(try store.purge(nil) == 100)
        let reopened = try FonsterStore(location: .file(path), options: testOptions())
        #expect(try reopened.trash().fonsters.isEmpty)
        #expect(try reopened.list().map(\.id).prefix(100) == ids.dropFirst(100))
        #expect(try reopened.integrityCheck() == "ok")
    }
}
