import CSQLite
import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import FonsterStore

/// Runs a program and returns its exit status (-1 when it cannot start).
@discardableResult
func run(_ program: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
}

@Suite(.offTheCooperativeThreads) struct StoreFaultTests {
    let dir = TempDir()

    func removeStoreFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", ".reserve"] { unlink(path + suffix) }
    }

    /// A store file removed while open: writes are refused (never acknowledged and then lost),
    /// reads go on, and the message says what happened.
    @Test func removedStoreFileRefusesWrites() throws {
        let path = dir.file("lib.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let kept = try store.create(name: "Kept", seed: "before")
        removeStoreFiles(path)
        expectError(.storeReplaced(path: path)) { try store.create(seed: "after") }
        expectError(.storeReplaced(path: path)) { try store.setSeed(kept.id, to: "changed") }
        expectError(.storeReplaced(path: path)) { try store.importSeeds(["x"], engine: .current) }
        expectError(.storeReplaced(path: path)) { try store.delete(kept.id) }
        #expect(try store.list().map(\.seed) == ["before"])
        #expect(StoreError.storeReplaced(path: path).message == "The library file \(path) was removed or replaced while fonsters-rpc was running; this change was not saved. Restart fonsters-rpc to open the library again.")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// Only the write-ahead log removed (it holds the newest commits until a checkpoint, so a
    /// crash would lose them): writes are refused too.
    @Test func removedWriteAheadLogRefusesWrites() throws {
        let path = dir.file("lib.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let kept = try store.create(seed: "before")
        #expect(unlink(path + "-wal") == 0)
        expectError(.storeReplaced(path: path)) { try store.setSeed(kept.id, to: "after") }
        #expect(try store.get(kept.id).seed == "before")
    }

    /// Replaced by another library (moved over it): writes are refused; the new file is untouched.
    @Test func replacedStoreFileRefusesWrites() throws {
        let path = dir.file("lib.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        _ = try store.create(seed: "old")
        let other = dir.file("other.sqlite")
        do { _ = try FonsterStore(location: .file(other), options: testOptions()).create(seed: "new") }
        removeStoreFiles(path)
        #expect(rename(other, path) == 0)
        expectError(.storeReplaced(path: path)) { try store.create(seed: "lost?") }
        #expect(try FonsterStore(location: .file(path), options: testOptions()).list().map(\.seed) == ["new"])
    }

    @Test func emptyPathIsRefused() {
        expectError(.invalidLocation(path: "", detail: "the path is empty; give the path of a library file")) {
            try FonsterStore(location: .file(""), options: testOptions())
        }
        #expect(throws: StoreError.self) { try StoreLocation.file("").check() }
        #expect(throws: Never.self) { try StoreLocation.file("x").check() }
    }

    /// A store on a read-only mount opens read-only: reads work, writes are refused with `readOnly`.
    @Test func readOnlyMountOpensReadOnly() throws {
        let mountPoint = dir.file("mnt")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint]) == 0 else {
            try Test.cancel("Skipped: this environment does not allow mounting a tmpfs (needs root outside a sandbox).")
        }
        defer { run("/usr/bin/umount", ["-l", mountPoint]) }
        let path = mountPoint + "/lib.sqlite"
        let id: UUID
        do {
            let store = try FonsterStore(location: .file(path), options: testOptions())
            id = try store.create(name: "Saved", seed: "precious").id
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))  // closed cleanly
        #expect(run("/usr/bin/mount", ["-o", "remount,ro", mountPoint]) == 0)
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(store.isReadOnly)
        #expect(try store.list().map(\.seed) == ["precious"])
        #expect(try store.get(id).name == "Saved")
        expectError(.readOnly(path: path)) { try store.create(seed: "new") }
        expectError(.readOnly(path: path)) { try store.setSeed(id, to: "changed") }
    }

    /// `position` is the 0-based place in list order, contiguous after deletes and moves.
    @Test func positionsAreListIndices() throws {
        let store = try fileStore(dir)
        let a = try store.create(seed: "a"), b = try store.create(seed: "b"), c = try store.create(seed: "c")
        #expect([a, b, c].map(\.position) == [0, 1, 2])
        try store.delete(a.id)
        #expect(try store.list().map(\.position) == [0, 1])
        #expect(try store.get(c.id).position == 1)
        let d = try store.create(seed: "d")
        #expect(d.position == 2)
        #expect(try store.move(d.id, to: 0).position == 0)
        #expect(try store.move(b.id, to: 2).position == 2)
        #expect(try store.list().map(\.seed) == ["d", "c", "b"])
        #expect(try store.list().map(\.position) == [0, 1, 2])
        #expect(try store.setSeed(c.id, to: "c2").position == 1)
        #expect(try store.duplicate(c.id).position == 3)
    }

    /// Our own UUID text is Foundation's, for every byte value in every place.
    @Test func uuidTextIsTheCanonicalText() {
        var ids = (0..<2000).map { _ in UUID() }
        for byte in 0...255 {
            let b = UInt8(byte)
            ids.append(UUID(uuid: (b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b)))
        }
        for id in ids { #expect(id.text == id.uuidString) }
    }

    /// A row another program wrote with a text id gets the same UUID on every list, and that
    /// UUID reads, edits and deletes it.
    @Test func nonUUIDRowIdsAreStableAndAddressable() throws {
        let path = dir.file("lib.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        _ = try store.create(seed: "ours")
        // A miss first: the store notes the (no) foreign rows, and must see the ones added after.
        expectError(.notFound(StoredID.derived(from: "their-row-7"))) { try store.get(StoredID.derived(from: "their-row-7")) }
        rawSQL(path, """
            INSERT INTO fonsters (id, position, name, seed, created_ms, created_iso, created_zone, engine)
            VALUES ('their-row-7', 5, 'Theirs', 'seed', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1'),
                   ('0a1b2c3d-0000-4000-8000-00000000abcd', 6, 'Lower', 'seed2', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1'),
                   ('0a1b2c3d-0000-4000-8000-00000000abcg', 7, 'Almost', 'seed3', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1'),
                   ('0a1b2c3d0-000-4000-8000-00000000abcd', 8, 'Shifted', 'seed4', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1'),
                   ('0a1b2c3d-0000-4000-8000-0000000-abcd', 9, 'Dashes', 'seed5', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1')
            """)
        let first = try store.list()
        #expect(try store.list().map(\.id) == first.map(\.id))
        let reopened = try FonsterStore(location: .file(path), options: testOptions())
        #expect(try reopened.list().map(\.id) == first.map(\.id))
        let theirs = try #require(first.first { $0.name == "Theirs" })
        let lower = try #require(first.first { $0.name == "Lower" })
        #expect(lower.id == UUID(uuidString: "0A1B2C3D-0000-4000-8000-00000000ABCD"))
        let almost = try #require(first.first { $0.name == "Almost" })
        #expect(almost.id == StoredID.derived(from: "0a1b2c3d-0000-4000-8000-00000000abcg"), "a UUID shape with a non-hex digit")
        #expect(try store.get(almost.id).seed == "seed3")
        // Hex digits and dashes, 36 of them, but not where a UUID has them: text ids too.
        let shifted = try #require(first.first { $0.name == "Shifted" }), dashes = try #require(first.first { $0.name == "Dashes" })
        #expect(shifted.id == StoredID.derived(from: "0a1b2c3d0-000-4000-8000-00000000abcd"))
        #expect(try store.get(shifted.id).seed == "seed4" && store.get(dashes.id).seed == "seed5")
        #expect(try store.get(theirs.id).seed == "seed")
        #expect(try store.setSeed(theirs.id, to: "edited").seed == "edited")
        #expect(try store.rename(lower.id, to: "Renamed").name == "Renamed")
        #expect(try store.move(theirs.id, to: 0).position == 0)
        try store.delete(theirs.id)
        expectError(.notFound(theirs.id)) { try store.get(theirs.id) }
        #expect(try store.create(seed: "reused", id: theirs.id).id == theirs.id, "a deleted row's id is free again")
        try store.delete(theirs.id)
        #expect(try store.list().map(\.name) == ["", "Renamed", "Almost", "Shifted", "Dashes"])
    }

    /// The engine is per Fonster: switching it keeps the seed history and is not undone.
    @Test func switchingTheEngineKeepsTheHistory() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "one", engine: .v1)
        #expect(f.engine == .v1)
        _ = try store.setSeed(f.id, to: "two")
        let switched = try store.edit(f.id, engine: .v1)
        #expect(switched.history.past == ["one"] && switched.seed == "two")
        let seen = Collected<StoreChange>()
        let observation = store.onChange { seen.append($0) }
        defer { observation.cancel() }
        let made = try store.importSeeds(["x"], engine: .v1).created
        #expect(seen.all.last?.engines == [made[0].id: .v1])
    }

    /// Nothing in the store changes after any refused request.
    @Test func refusedRequestsChangeNothing() throws {
        let path = dir.file("lib.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let a = try store.create(name: "A", seed: "a")
        _ = try store.create(seed: "b")
        func dump() throws -> [Fonster] { try store.list() }
        let before = try dump()
        let bundle = try store.exportLibrary()
        expectError(.repeatedIndex(index: 1)) { try store.importLibrary(bundle, select: [1, 1], engine: nil) }
        expectError(.indexOutOfRange(index: 2, count: 2)) { try store.move(a.id, to: 2) }
        expectError(.tooLong(TextLimit.TooLong(field: "seed", length: 10_001))) { try store.setSeed(a.id, to: String(repeating: "x", count: 10_001)) }
        expectError(.invalidArgument("A Fonster with the id \(a.id.uuidString) already exists; leave the id out to get a new one.")) {
            try store.create(seed: "dup", id: a.id)
        }
        #expect(try dump() == before)
    }
}
