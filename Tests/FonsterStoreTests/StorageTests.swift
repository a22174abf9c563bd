import CSQLite
import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import FonsterStore

/// Runs SQL on a file with a plain SQLite connection (outside the store).
func rawSQL(_ path: String, _ sql: String) {
    var db: OpaquePointer?
    #expect(sqlite3_open(path, &db) == SQLITE_OK)
    #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(sql)")
    sqlite3_close(db)
}

@Suite(.offTheCooperativeThreads) struct StorageTests {
    let dir = TempDir()

    /// A closed store file holding one Fonster.
    func savedLibrary() throws -> (path: String, id: UUID) {
        let path = dir.file("lib.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let id = try store.create(name: "Saved", seed: "precious").id
        return (path, id)
    }

    @Test func usesWALAndCreatesDirectories() throws {
        let path = dir.file("a/b/c/lib.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(store.wasCreated)
        #expect(FileManager.default.fileExists(atPath: path))
        let mode = try store.locked { () throws(StoreError) in try store.db.scalarText("PRAGMA journal_mode") }
        #expect(mode == "wal")
        #expect(try store.locked { () throws(StoreError) in try store.db.scalarInt("PRAGMA synchronous") } == 2)  // FULL by default
        #expect(try store.locked { () throws(StoreError) in try store.db.scalarInt("PRAGMA foreign_keys") } == 1)
        #expect(try store.locked { () throws(StoreError) in try store.db.scalarInt("PRAGMA user_version") } == Int64(Schema.currentVersion))
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func garbageFileIsCorruptAndUntouched() throws {
        let path = dir.file("garbage.sqlite")
        var generator = SeededGenerator(seed: 7)
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        #expect(FileManager.default.createFile(atPath: path, contents: garbage))
        expectError(.corrupt(path: path, detail: "not an SQLite database")) {
            try FonsterStore(location: .file(path), options: testOptions())
        }
        #expect(bytes(path) == garbage)
    }

    @Test func damagedPagesAreCorruptAndUntouched() throws {
        let (path, _) = try savedLibrary()
        _ = try FonsterStore(location: .file(path), options: testOptions()).importSeeds((0..<300).map { "seed \($0) " + String(repeating: "x", count: 200) }, engine: .current)
        var data = bytes(path)
        #expect(data.count > 8 * 4096)
        for i in (4096 * 2)..<(4096 * 6) { data[i] = 0xA5 }  // wipe pages 3 to 6
        #expect(FileManager.default.createFile(atPath: path, contents: data))
        do {
            let store = try FonsterStore(location: .file(path), options: testOptions())
            _ = try store.list()
            Issue.record("a damaged library was read without error")
        } catch {
            #expect(error.code == "corrupt")
            #expect(error.message.contains(path))
        }
        #expect(bytes(path) == data)
    }

    @Test func anotherProgramsDatabaseIsRefusedUntouched() throws {
        let path = dir.file("other.sqlite")
        rawSQL(path, "CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance REAL); INSERT INTO accounts VALUES (1, 9.5);")
        let before = bytes(path)
        expectError(.corrupt(path: path, detail: "an SQLite database of another program, not a Fonsters library")) {
            try FonsterStore(location: .file(path), options: testOptions())
        }
        #expect(bytes(path) == before)
    }

    @Test func negativeSchemaVersionIsRefusedUntouched() throws {
        let path = dir.file("negative.sqlite")
        rawSQL(path, "CREATE TABLE t (x); PRAGMA user_version = -1")
        let before = bytes(path)
        expectError(.corrupt(path: path, detail: "an SQLite database of another program, not a Fonsters library")) {
            try FonsterStore(location: .file(path), options: testOptions())
        }
        #expect(bytes(path) == before)
    }

    @Test func newerSchemaIsRefusedUntouched() throws {
        let (path, _) = try savedLibrary()
        rawSQL(path, "PRAGMA user_version = \(Schema.currentVersion + 1)")
        let before = bytes(path)
        expectError(.newerSchema(path: path, found: Schema.currentVersion + 1, supported: Schema.currentVersion)) {
            try FonsterStore(location: .file(path), options: testOptions())
        }
        #expect(bytes(path) == before)
    }

    @Test func readOnlyFileReadsButRefusesWrites() throws {
        let (path, id) = try savedLibrary()
        chmod(path, 0o444)
        let before = bytes(path)
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(store.isReadOnly)
        #expect(try store.list().map(\.seed) == ["precious"])
        #expect(try store.get(id).name == "Saved")
        expectError(.readOnly(path: path)) { try store.create(seed: "new") }
        expectError(.readOnly(path: path)) { try store.setSeed(id, to: "changed") }
        expectError(.readOnly(path: path)) { try store.delete(id) }
        expectError(.readOnly(path: path)) { try store.importSeeds(["a"], engine: .current) }
        #expect(bytes(path) == before)
        #expect(StoreError.readOnly(path: path).message.contains(path))
    }

    @Test func readOnlyOptionOnAWritableFile() throws {
        let (path, id) = try savedLibrary()
        let before = bytes(path)
        let store = try FonsterStore(location: .file(path), options: { var o = testOptions(); o.readOnly = true; return o }())
        #expect(try store.get(id).seed == "precious")
        expectError(.readOnly(path: path)) { try store.rename(id, to: "x") }
        #expect(bytes(path) == before)
    }

    @Test func diskFullFailsCleanlyAndKeepsTheStore() throws {
        let path = dir.file("full.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let kept = try store.create(name: "Kept", seed: "kept")
        try store.locked { () throws(StoreError) in
            let pages = try store.db.scalarInt("PRAGMA page_count") ?? 0
            try store.db.exec("PRAGMA max_page_count = \(pages + 2)")  // simulate a nearly full disk
        }
        let big = (0..<50).map { "\($0)" + String(repeating: "z", count: 9_000) }
        expectError(.diskFull(path: path)) { try store.importSeeds(big, engine: .current) }
        #expect(try store.list().map(\.id) == [kept.id])
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.setSeed(kept.id, to: "still works").seed == "still works")
    }

    @Test func missingDirectoryThatCannotBeCreated() throws {
        #expect(FileManager.default.createFile(atPath: dir.file("plainfile"), contents: Data("x".utf8)))
        let path = dir.file("plainfile/sub/lib.sqlite")
        #expect(throws: StoreError.unavailable(path: path, detail: "cannot create the directory \(dir.file("plainfile/sub"))")) {
            try FonsterStore(location: .file(path), options: testOptions())
        }
    }

    @Test func defaultPathFollowsTheEnvironment() {
        #expect(StoreLocation.defaultPath(environment: ["FONSTERS_STORE": "/x/y.sqlite", "XDG_DATA_HOME": "/d"]) == "/x/y.sqlite")
        #if os(macOS)
        #expect(StoreLocation.defaultPath(environment: ["HOME": "/h"]) == "/h/Library/Application Support/Fonsters/fonsters.sqlite")
        #else
        #expect(StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/d/", "HOME": "/h"]) == "/d/fonsters/fonsters.sqlite")
        #expect(StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/fonsters/fonsters.sqlite")
        #expect(StoreLocation.defaultPath(environment: ["FONSTERS_STORE": "", "HOME": "/h"]) == "/h/.local/share/fonsters/fonsters.sqlite")
        #endif
        #expect(StoreLocation.file("/a").resolvedPath() == "/a")
        #expect(StoreLocation.memory.resolvedPath() == nil)
    }

    @Test func defaultLocationOpensTheEnvironmentsFile() throws {
        // `.default` resolves through the process environment; check the resolution it uses.
        let path = StoreLocation.default.resolvedPath(environment: ["FONSTERS_STORE": dir.file("env/lib.sqlite")])
        #expect(path == dir.file("env/lib.sqlite"))
        let store = try FonsterStore(location: .file(path!), options: testOptions())
        #expect(store.path == path)
    }
}

@Suite(.offTheCooperativeThreads) struct FirstLaunchTests {
    let dir = TempDir()
    let facts = MachineFacts(hostName: "pumpkin", timeZoneIdentifier: "America/Los_Angeles",
                             physicalMemory: 17_179_869_184, storageAvailable: 1_000, storageTotal: 5_000)

    func options(starters: Bool) -> StoreOptions {
        var options = testOptions()
        options.starterFonsters = starters
        options.machineFacts = facts
        return options
    }

    @Test func newStoreGetsStarterFonstersFromTheMachine() throws {
        let store = try FonsterStore(location: .file(dir.file("new.sqlite")), options: options(starters: true))
        let starters = try store.list()
        #expect(starters.map(\.seed) == [
            "pumpkin", "2026-11-21T09:30:00-08:00", "America/Los_Angeles",
            "ram:17179869184_storage_avail:1000_storage_total:5000", "pumpkin • device",
        ])
        for fonster in starters {
            let words = fonster.name.split(separator: " ")
            #expect(words.count == 2)
            #expect(NameGenerator.adjectives.contains(String(words[0])))
        }
    }

    @Test func firstLaunchRunsOnlyWhenTheFileIsCreated() throws {
        let path = dir.file("once.sqlite")
        do {
            let store = try FonsterStore(location: .file(path), options: options(starters: true))
            for fonster in try store.list() { try store.delete(fonster.id) }
        }
        let reopened = try FonsterStore(location: .file(path), options: options(starters: true))
        #expect(!reopened.wasCreated)
        #expect(try reopened.count() == 0)
    }

    @Test func optionTurnsStartersOff() throws {
        let path = dir.file("off.sqlite")
        #expect(try FonsterStore(location: .file(path), options: options(starters: false)).count() == 0)
        #expect(try FonsterStore(location: .file(path), options: options(starters: true)).count() == 0)
    }

    @Test func realMachineFactsAreFilledIn() {
        let real = MachineFacts.current(directory: dir.path)
        #expect(!real.hostName.isEmpty)
        #expect(real.physicalMemory > 0 && real.storageTotal >= real.storageAvailable && real.storageTotal > 0)
    }
}
