import Foundation
import Testing
import CreatureCore
import TestSupport
@testable import FonsterStore

/// Libraries of schema version 1 (every library before the trash) open and migrate without
/// loss; the library's default engine is fonsters-v2 for a new library, fonsters-v1 for one
/// that already held Fonsters, and a setting of the file after that.
@Suite(.offTheCooperativeThreads) struct MigrationTests {
    let dir = TempDir()

    /// A version-1 library as that program wrote it: its tables, its meta rows (with the old
    /// reserve blob), and rows with gaps in their sort keys, history, a random source and a
    /// row another program wrote.
    func versionOneLibrary(_ name: String, fonsters: Bool = true) -> String {
        let path = dir.file(name)
        let rows = """
            INSERT INTO fonsters (id, position, name, seed, random_source, history, future, created_ms, created_iso, created_zone, engine) VALUES
                ('0000000A-0000-4000-8000-000000000000', 0, 'Bob', 'hello world', 'words', '["hello"]', '["hello world again"]',
                 1795282200123, '2026-11-21T09:30:00.123-08:00', 'America/Los_Angeles', 'fonsters-v1'),
                ('0000000B-0000-4000-8000-000000000000', 4, '', 'amy', NULL, '[]', '[]',
                 1795282201000, '2026-11-21T09:30:01.000-08:00', 'America/Los_Angeles', 'fonsters-v2'),
                ('their-row', 2, 'Theirs', 'seed', NULL, '[]', '[]', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1'),
                ('0000000C-0000-4000-8000-000000000000', 3000, 'Far', 'far', NULL, '[]', '[]',
                 1795282202000, '2026-11-21T09:30:02.000-08:00', 'America/Los_Angeles', 'fonsters-v1');
            """
        rawSQL(path, """
            PRAGMA journal_mode = WAL;
            \(Schema.migrations[0])
            PRAGMA user_version = 1;
            INSERT INTO meta (key, value) VALUES ('created', '2026-01-01T00:00:00.000Z'), ('first_launch', 'empty'), ('reserve', zeroblob(65536));
            \(fonsters ? rows : "")
            """)
        return path
    }

    @Test func aVersionOneLibraryMigratesWithoutLoss() throws {
        let path = versionOneLibrary("one.sqlite")
        let before = try FonsterStore(location: .file(path), options: StoreOptions(readOnly: true)).list()
        #expect(before.map(\.name) == ["Bob", "Theirs", "", "Far"])

        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(!store.wasCreated && store.hasTrash)
        #expect(try store.list() == before)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.defaultEngine() == .v1, "it held Fonsters: they were made with fonsters-v1's default")
        #expect(try store.locked { () throws(StoreError) in
            try store.db.scalarInt("SELECT count(*) FROM meta WHERE key = 'reserve'")
        } == 0, "the reserve moved out of the file")
        #expect(DiskReserve(store: path).held == DiskReserve.bytes)
        try ListOrderTests.expectBlocksAgree(store)
        // Everything works on it: pages, a delete and its restore, history.
        #expect(try store.list(start: 2, count: 2).fonsters.map(\.name) == ["", "Far"])
        try store.delete(before[0].id)
        #expect(try store.restore(before[0].id) == before[0])
        #expect(try store.undo(before[0].id).seed == "hello")
        #expect(try store.create(seed: "new").engine == .v1)
    }

    @Test func anEmptyVersionOneLibraryTakesTheNewDefault() throws {
        let store = try FonsterStore(location: .file(versionOneLibrary("empty.sqlite", fonsters: false)), options: testOptions())
        #expect(try store.defaultEngine() == .v2)
        #expect(try store.create(seed: "first").engine == .v2)
    }

    /// A version-1 library on a read-only disk cannot be migrated: it is read as it is.
    @Test func aReadOnlyVersionOneLibraryIsReadAsItIs() throws {
        let path = versionOneLibrary("readonly.sqlite")
        chmod(path, 0o444)
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(store.isReadOnly && !store.hasTrash)
        #expect(try store.list().map(\.name) == ["Bob", "Theirs", "", "Far"])
        #expect(try store.list(start: 1, count: 2).fonsters.map(\.name) == ["Theirs", ""])
        #expect(try store.get(UUID(uuidString: "0000000C-0000-4000-8000-000000000000")!).position == 3)
        #expect(try store.defaultEngine() == .v1)
        #expect(try store.trash().total == 0)
        expectError(.readOnly(path: path)) { try store.create(seed: "x") }
    }

    @Test func theDefaultEngineIsTheLibrarysSetting() throws {
        let path = dir.file("settings.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(try store.defaultEngine() == .v2)
        let seen = Collected<StoreChange>()
        let observation = store.onChange { seen.append($0) }
        defer { observation.cancel() }
        #expect(try store.setDefaultEngine(.v1) == .v1)
        #expect(seen.all == [StoreChange(ids: [], reason: .settings, external: false, defaultEngine: .v1)])
        #expect(try store.setDefaultEngine(.v1) == .v1)
        #expect(seen.all.count == 1, "setting what it is changes nothing")
        #expect(try store.create(seed: "a").engine == .v1)
        #expect(try store.importSeeds(["b"]).created.map(\.engine) == [.v1])
        #expect(try store.create(seed: "c", engine: .v2).engine == .v2)
        // Another process on the file reads it, and hears when it changes.
        var quiet = testOptions()
        quiet.changePollInterval = 3_600
        let other = try FonsterStore(location: .file(path), options: quiet)
        #expect(try other.defaultEngine() == .v1)
        _ = try store.setDefaultEngine(.v2)
        #expect(other.checkForExternalChanges() == [StoreChange(ids: [], reason: .settings, external: true, defaultEngine: .v2)])
        // A new library takes the engine its options give, and so do its starters.
        var starters = testOptions()
        starters.starterFonsters = true
        starters.defaultEngine = .v1
        let made = try FonsterStore(location: .file(dir.file("starters.sqlite")), options: starters)
        #expect(try made.defaultEngine() == .v1 && made.list().allSatisfy { $0.engine == .v1 })
        #expect(try FonsterStore(location: .file(dir.file("new.sqlite")), options: { var o = testOptions(); o.starterFonsters = true; return o }())
            .list().allSatisfy { $0.engine == .v2 })
    }
}
