import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct ChangeTests {
    let dir = TempDir()

    @Test func localWritesAreReportedWithIdsAndReasons() throws {
        let store = try fileStore(dir)
        let seen = Collected<StoreChange>()
        let observation = store.onChange { seen.append($0) }
        defer { observation.cancel() }
        let a = try store.create(seed: "a")
        _ = try store.setSeed(a.id, to: "b")
        _ = try store.setSeed(a.id, to: "b")  // no-op: no report
        let b = try store.duplicate(a.id)
        _ = try store.move(b.id, to: 0)
        let imported = try store.importSeeds(["x", "y"], engine: .current).created
        try store.delete(a.id)
        #expect(seen.all.filter { !$0.external } == [
            StoreChange(ids: [a.id], reason: .create, external: false, engines: [a.id: .v2]),
            StoreChange(ids: [a.id], reason: .update, external: false, engines: [a.id: .v2]),
            StoreChange(ids: [b.id], reason: .create, external: false, engines: [b.id: .v2]),
            StoreChange(ids: [b.id], reason: .move, external: false, engines: [b.id: .v2]),
            StoreChange(ids: imported.map(\.id), reason: .imported, external: false,
                        engines: Dictionary(uniqueKeysWithValues: imported.map { ($0.id, EngineVersion.v2) })),
            StoreChange(ids: [a.id], reason: .delete, external: false),
        ])
    }

    @Test func cancelledObservationsHearNothing() throws {
        let store = try fileStore(dir)
        let seen = Collected<StoreChange>()
        store.onChange { seen.append($0) }.cancel()
        _ = try store.create(seed: "a")
        #expect(seen.all.isEmpty)
    }

    @Test func otherConnectionsChangesAreDetected() throws {
        let mine = try fileStore(dir)
        let theirs = try fileStore(dir)
        #expect(mine.checkForExternalChanges().isEmpty)
        let a = try mine.create(seed: "mine")
        #expect(mine.checkForExternalChanges().isEmpty)  // our own write is not external
        let b = try theirs.create(seed: "theirs")
        _ = try theirs.setSeed(a.id, to: "edited")
        _ = try theirs.setSeed(b.id, to: "edited")
        try theirs.delete(b.id)
        #expect(mine.checkForExternalChanges() == [
            StoreChange(ids: [b.id], reason: .create, external: true),
            StoreChange(ids: [a.id, b.id], reason: .update, external: true, engines: [a.id: .v2]),  // b is gone
            StoreChange(ids: [b.id], reason: .delete, external: true),
        ])
        #expect(mine.checkForExternalChanges().isEmpty)
        #expect(theirs.checkForExternalChanges() == [StoreChange(ids: [a.id], reason: .create, external: true, engines: [a.id: .v2])])
    }

    @Test func unloggedWritersAndPrunedLogsAskForAReload() throws {
        let path = dir.file("lib.sqlite")
        let mine = try FonsterStore(location: .file(path), options: testOptions())
        _ = try mine.create(seed: "x")
        rawSQL(path, "UPDATE fonsters SET name = 'by hand'")
        #expect(mine.checkForExternalChanges() == [StoreChange(ids: [], reason: .external, external: true)])
        let theirs = try FonsterStore(location: .file(path), options: testOptions())
        for round in 0..<11 { _ = try theirs.importSeeds((0..<1_000).map { "bulk \(round) \($0)" }, engine: .current) }
        #expect(mine.checkForExternalChanges() == [StoreChange(ids: [], reason: .reload, external: true)])
    }

    /// Another process keeping look-alike keys changes nothing in the library; a write by
    /// hand after it still asks for a reload.
    @Test func keptKeysAreNoChange() throws {
        let path = dir.file("lib.sqlite")
        let mine = try FonsterStore(location: .file(path), options: testOptions())
        let theirs = try FonsterStore(location: .file(path), options: testOptions())
        _ = try mine.create(seed: "x", engine: .v1)
        #expect(theirs.checkForExternalChanges().count == 1)
        for round in 0..<2 {
            try theirs.storeKeys([("x \(round)", .v1, PictureKey(Picture(seed: "x \(round)", engine: .v1)))])
            #expect(mine.checkForExternalChanges().isEmpty, "round \(round)")
        }
        #expect(try mine.seedsWithKeys().missing == [0])
        try theirs.storeKeys([("x", .v1, PictureKey(Picture(seed: "x", engine: .v1)))])
        #expect(mine.checkForExternalChanges().isEmpty)
        #expect(try mine.seedsWithKeys().missing.isEmpty)
        rawSQL(path, "UPDATE fonsters SET name = 'by hand'")
        #expect(mine.checkForExternalChanges() == [StoreChange(ids: [], reason: .external, external: true)])
    }

    @Test func pollingObserverHearsAnotherProcess() async throws {
        let mine = try fileStore(dir)
        let theirs = try fileStore(dir)
        let seen = Collected<StoreChange>()
        let observation = mine.onChange { seen.append($0) }
        defer { observation.cancel() }
        let made = try theirs.create(seed: "from elsewhere")
        try await waitUntil("the background poll to report the other process's create") { !seen.all.isEmpty }
        #expect(seen.all == [StoreChange(ids: [made.id], reason: .create, external: true, engines: [made.id: .v2])])
    }
}
