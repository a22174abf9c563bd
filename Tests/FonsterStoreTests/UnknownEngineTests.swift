import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import FonsterStore

/// A row whose engine column names an engine this build does not know (a newer program's, a
/// hand edit) reads as the store's `StoreOptions.defaultEngine` everywhere the store hands out
/// an engine, keeps its name in the file through edits that do not switch the engine, and keeps
/// no look-alike key (which engine drew it could change with the default).
@Suite(.offTheCooperativeThreads) struct UnknownEngineTests {
    let dir = TempDir()

    /// A library file holding a Fonster drawn by `other` and one whose row SQLite then rewrites
    /// to name `fonsters-v9`, opened again with `fallback` as the default engine.
    private func library(fallback: EngineVersion) throws -> (store: FonsterStore, known: UUID, unknown: UUID) {
        let other: EngineVersion = fallback == .v1 ? .v2 : .v1
        var options = testOptions()
        options.defaultEngine = fallback
        let path = dir.file("lib.sqlite")
        let (known, unknown) = try {
            let store = try FonsterStore(location: .file(path), options: options)
            return (try store.create(seed: "known", engine: other).id, try store.create(seed: "unknown", engine: other).id)
        }()
        rawSQL(path, "UPDATE fonsters SET engine = 'fonsters-v9' WHERE seed = 'unknown'")
        return (try FonsterStore(location: .file(path), options: options), known, unknown)
    }

    /// The engine name the row of `id` holds in the file.
    private func storedName(_ store: FonsterStore, _ id: UUID) throws -> String? {
        try store.locked { () throws(StoreError) in try store.db.scalarText("SELECT engine FROM fonsters WHERE id = ?", [.text(id.text)]) }
    }

    @Test(arguments: EngineVersion.allCases) func anUnknownEngineReadsAsTheDefaultEngineEverywhere(_ fallback: EngineVersion) throws {
        let (store, known, unknown) = try library(fallback: fallback)
        let other: EngineVersion = fallback == .v1 ? .v2 : .v1
        #expect(try store.get(unknown).engine == fallback)
        #expect(try store.get(known).engine == other)
        #expect(try store.list().map(\.engine) == [other, fallback])
        #expect(try store.seeds().map(\.engine) == [other, fallback])
        #expect(try store.seedsWithKeys().seeds.map(\.engine) == [other, fallback])
        var listed: [EngineVersion] = []
        _ = try store.visitList(start: 0, count: nil) { row in
            listed.append(row.engine)
            return true
        }
        #expect(listed == [other, fallback])
        try store.delete(unknown)
        #expect(try store.trash().fonsters.map(\.fonster.engine) == [fallback])
    }

    @Test func editsKeepTheUnknownNameUntilTheEngineIsSwitched() throws {
        let (store, _, unknown) = try library(fallback: .v2)
        #expect(try store.edit(unknown, name: "renamed", seed: "unknown, edited").engine == .v2)
        #expect(try storedName(store, unknown) == "fonsters-v9")
        _ = try store.undo(unknown)
        #expect(try storedName(store, unknown) == "fonsters-v9")
        #expect(try store.edit(unknown, engine: .v1).engine == .v1)
        #expect(try storedName(store, unknown) == "fonsters-v1")
    }

    @Test func itsRowKeepsNoLookAlikeKey() throws {
        let (store, known, unknown) = try library(fallback: .v1)
        let read = try store.seedsWithKeys()
        let index = try #require(read.seeds.firstIndex { $0.id == unknown }), knownIndex = try #require(read.seeds.firstIndex { $0.id == known })
        let v1Key = PictureKey(Picture(seed: "unknown", engine: .v1)), v2Key = PictureKey(Picture(seed: "unknown", engine: .v2))
        // A key in its row (another program's) is never used.
        try store.locked { () throws(StoreError) in
            try store.db.query("UPDATE fonsters SET picture_key = ? WHERE id = ?", [.blob(v2Key.bytes), .text(unknown.text)])
        }
        #expect(try store.seedsWithKeys().missing.contains(index))
        // Nor is a key of the engine it reads as kept for it; a known row's key is.
        try store.storeKeys([("unknown", .v1, v1Key), ("known", .v2, PictureKey(Picture(seed: "known", engine: .v2)))])
        let again = try store.seedsWithKeys()
        #expect(again.missing == [index])
        #expect(again.keys[knownIndex] == PictureKey(Picture(seed: "known", engine: .v2)))
    }
}
