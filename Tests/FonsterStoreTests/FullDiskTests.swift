import Foundation
import Testing
import TestSupport
@testable import FonsterStore

/// A full disk refuses what would grow the library, but never a delete: the library keeps a
/// reserve of free pages that a delete the disk would refuse gives back.
@Suite(.offTheCooperativeThreads) struct FullDiskTests {
    let dir = TempDir()

    /// A library whose file may not grow by a single page, filled up to its last byte.
    private func fullLibrary() throws -> (FonsterStore, [UUID]) {
        let store = try FonsterStore(location: .file(dir.file("full-\(UUID().uuidString).sqlite")), options: testOptions())
        try store.locked { () throws(StoreError) in
            let pages = try store.db.scalarInt("PRAGMA page_count") ?? 0
            try store.db.exec("PRAGMA max_page_count = \(pages + 1)")
        }
        var ids: [UUID] = []
        while ids.count < 10_000 {
            do { ids.append(try store.create(name: "n", seed: "fill \(ids.count)").id) }
            catch .diskFull { break }
        }
        return (store, ids)
    }

    @Test func aDeleteWorksOnAFullDisk() throws {
        let (store, ids) = try fullLibrary()
        #expect(ids.count > 3 && ids.count < 10_000)
        expectError(.diskFull(path: store.path)) { try store.create(name: "n", seed: "one more") }
        // Undoing the last create, and deleting an older one, both go through.
        try store.delete(ids[ids.count - 1])
        try store.delete(ids[0])
        #expect(try store.list().count == ids.count - 2)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func aNewLibraryKeepsItsReserve() throws {
        let store = try FonsterStore(location: .file(dir.file("reserve.sqlite")), options: testOptions())
        let reserve = try store.locked { () throws(StoreError) in
            try store.db.scalarInt("SELECT length(value) FROM meta WHERE key = 'reserve'") ?? 0
        }
        #expect(reserve == Int64(FonsterStore.reserveBytes))
    }
}
