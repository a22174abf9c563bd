import Foundation
import Testing
import CreatureCore
import TestSupport
@testable import FonsterStore

/// Look-alike keys kept in the Fonsters' rows (`StoredKeys`, schema version 7): kept for every
/// row that draws the seed, forgotten when a row's seed or engine changes (by any path, another
/// program's SQL included), untouched by renames and moves, and carried over from the table of
/// version 6.
@Suite(.offTheCooperativeThreads) struct KeysInRowsTests {
    let dir = TempDir()

    private func key(_ seed: String, _ engine: EngineVersion = .v2) -> PictureKey { PictureKey(Picture(seed: seed, engine: engine)) }

    /// The stored key of each Fonster in list order (nil where it is missing).
    private func keys(_ store: FonsterStore) throws -> [PictureKey?] {
        let read = try store.seedsWithKeys()
        return read.keys.indices.map { read.missing.contains($0) ? nil : read.keys[$0] }
    }

    @Test func aKeyIsKeptPerRowAndForgottenWhenItsSeedOrEngineChanges() throws {
        let path = dir.file("keys.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        let a = try store.create(seed: "ada", engine: .v2), b = try store.create(seed: "ada", engine: .v2)
        let c = try store.create(seed: "cy", engine: .v2)
        #expect(try keys(store) == [nil, nil, nil])
        try store.storeKeys([("ada", .v2, key("ada")), ("cy", .v2, key("cy")), ("ada", .v1, key("ada", .v1))])
        #expect(try keys(store) == [key("ada"), key("ada"), key("cy")], "both rows of the seed; no row draws ada with v1")

        _ = try store.edit(a.id, name: "renamed")
        _ = try store.move(c.id, to: 0)
        #expect(try keys(store) == [key("cy"), key("ada"), key("ada")], "a rename and a move keep them")
        _ = try store.edit(a.id, seed: "ada 2")
        _ = try store.edit(b.id, engine: .v1)
        #expect(try keys(store) == [key("cy"), nil, nil], "a new seed and a new engine forget them")
        try store.storeKeys([("ada 2", .v2, key("ada 2"))])
        _ = try store.undo(a.id)
        #expect(try keys(store) == [key("cy"), nil, nil], "an undo is a new seed too")
        rawSQL(path, "UPDATE fonsters SET seed = 'changed elsewhere' WHERE seed = 'cy'")
        #expect(try keys(store) == [nil, nil, nil], "another program's edit forgets it as well")
    }

    @Test func theKeysOfVersionSixCarryOverIntoTheRows() throws {
        let path = dir.file("six.sqlite")
        rawSQL(path, """
            PRAGMA journal_mode = WAL;
            \(Schema.migrations[0..<6].joined(separator: "\n"))
            PRAGMA user_version = 6;
            INSERT INTO meta (key, value) VALUES ('created', '2026-01-01T00:00:00.000Z'), ('first_launch', 'empty');
            INSERT INTO fonsters (id, position, name, seed, random_source, history, future, created_ms, created_iso, created_zone, engine) VALUES
                ('0000000A-0000-4000-8000-000000000000', 0, 'A', 'ada', NULL, '[]', '[]', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v2'),
                ('0000000B-0000-4000-8000-000000000000', 1, 'B', 'bo', NULL, '[]', '[]', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v2'),
                ('0000000C-0000-4000-8000-000000000000', 2, 'C', 'ada', NULL, '[]', '[]', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1');
            """)
        let ada = key("ada")
        rawSQL(path, "INSERT INTO picture_keys (seed, engine, key) VALUES ('ada', 'fonsters-v2', x'\(ada.bytes.map { String(format: "%02x", $0) }.joined())')")
        // Read-only, an older library has no keys to read.
        #expect(try keys(FonsterStore(location: .file(path), options: StoreOptions(readOnly: true))) == [nil, nil, nil])
        let store = try FonsterStore(location: .file(path), options: testOptions())
        #expect(try keys(store) == [ada, nil, nil])
        #expect(try store.integrityCheck() == "ok")
    }
}
