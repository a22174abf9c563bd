import Foundation
import Testing
import CreatureCore
import TestSupport
@testable import FonsterStore

/// Nothing deleted is lost: a delete moves the Fonster to the trash whole, a restore brings it
/// back exactly as it was, at its place.
@Suite(.offTheCooperativeThreads) struct TrashTests {
    let dir = TempDir()

    /// A clock the test moves by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Date
        init(_ start: Date) { current = start }
        var now: Date { lock.lock(); defer { lock.unlock() }; return current }
        func advance(days: Double) { lock.lock(); current += days * 86_400; lock.unlock() }
    }

    /// Options on `clock`, otherwise `testOptions()`.
    func options(_ clock: Clock) -> StoreOptions {
        var options = testOptions()
        options.now = { clock.now }
        return options
    }

    @Test func aRestoredFonsterIsTheOneDeleted() throws {
        let clock = Clock(fixedNow)
        let store = try fileStore(dir, options: options(clock))
        let others = try store.importSeeds(["a", "b", "c"], engine: .v2).created
        var bob = try store.create(name: "Bob", seed: "one", engine: .v1)
        _ = try store.setSeed(bob.id, to: "two")
        _ = try store.applyRandomText(bob.id, text: "three", source: .quote, prepend: false)
        _ = try store.undo(bob.id)
        bob = try store.move(bob.id, to: 1)
        clock.advance(days: 2)
        try store.delete(bob.id)
        expectError(.notFound(bob.id)) { try store.get(bob.id) }
        #expect(try store.list().map(\.id) == others.map(\.id))

        let trashed = try store.trash()
        #expect(trashed.total == 1)
        #expect(trashed.fonsters.first?.fonster == bob)
        #expect(trashed.fonsters.first?.deletedAt == clock.now)
        #expect(trashed.fonsters.first?.deletedAtISO8601 == "2026-11-23T09:30:00.123-08:00")

        clock.advance(days: 1)
        let restored = try store.restore(bob.id)
        #expect(restored == bob)  // same id, name, seed and history, engine, source, creation time, place
        #expect(try store.list().map(\.id) == [others[0].id, bob.id, others[1].id, others[2].id])
        #expect(try store.trash().total == 0)
        // Its history came back with it: undo and redo go on where they were.
        #expect(try store.redo(bob.id).seed == "three")
        #expect(try store.undo(bob.id).seed == "two")
        #expect(try store.undo(bob.id).seed == "one")
        expectError(.notInTrash(bob.id)) { try store.restore(bob.id) }
    }

    @Test func aRestoreGoesBackToItsPlaceClampedToTheList() throws {
        let store = try fileStore(dir)
        let ids = try store.importSeeds((0..<6).map { "f\($0)" }).created.map(\.id)
        // Restored in the order deleted, backwards (undo after undo): the list is as it was.
        for index in [4, 5, 3, 2] { try store.delete(ids[index]) }
        for (index, place) in [(2, 2), (3, 3), (5, 4), (4, 4)] { #expect(try store.restore(ids[index]).position == place) }
        #expect(try store.list().map(\.id) == ids)
        #expect(try store.list().map(\.position) == Array(0..<6))
        // The list shrank below its place: it comes back last.
        for index in [5, 0, 1, 2] { try store.delete(ids[index]) }
        #expect(try store.restore(ids[5]).position == 2)
        #expect(try store.list().map(\.id) == [ids[3], ids[4], ids[5]])
    }

    @Test func theTrashListsTheNewestDeletionFirstAPageAtATime() throws {
        let clock = Clock(fixedNow)
        let store = try fileStore(dir, options: options(clock))
        let ids = try store.importSeeds((0..<5).map { "t\($0)" }).created.map(\.id)
        for id in ids {
            try store.delete(id)
            clock.advance(days: 0.5)
        }
        #expect(try store.trash().fonsters.map(\.fonster.id) == ids.reversed())
        let page = try store.trash(start: 1, count: 2)
        #expect(page.total == 5 && page.fonsters.map(\.fonster.id) == [ids[3], ids[2]])
        #expect(try store.trash(start: 9, count: 2).fonsters.isEmpty)
    }

    @Test func aPurgeIsForGood() throws {
        let store = try fileStore(dir)
        let ids = try store.importSeeds((0..<4).map { "p\($0)" }).created.map(\.id)
        for id in ids { try store.delete(id) }
        let stranger = UUID()
        expectError(.notInTrash(stranger)) { try store.purge([ids[0], stranger]) }
        #expect(try store.trash().total == 4, "a bad purge purges nothing")
        #expect(try store.purge([ids[0], ids[1], ids[0]]) == 2)
        expectError(.notInTrash(ids[0])) { try store.restore(ids[0]) }
        #expect(try store.purge() == 2)
        #expect(try store.trash().total == 0)
        #expect(try store.purge() == 0)
    }

    /// Thirty days in the trash, then gone: on the next open, or with the next delete.
    @Test func thirtyDaysInTheTrash() throws {
        let clock = Clock(fixedNow)
        let path = dir.file("old.sqlite")
        let ids = try FonsterStore(location: .file(path), options: options(clock)).importSeeds(["x", "y", "z"]).created.map(\.id)
        do {
            let store = try FonsterStore(location: .file(path), options: options(clock))
            try store.delete(ids[0])
            clock.advance(days: 20)
            try store.delete(ids[1])
            clock.advance(days: 10.5)
            #expect(try store.trash().total == 2, "kept until something purges it")
        }
        let reopened = try FonsterStore(location: .file(path), options: options(clock))
        #expect(try reopened.trash().fonsters.map(\.fonster.id) == [ids[1]])
        clock.advance(days: 20)
        try reopened.delete(ids[2])
        #expect(try reopened.trash().fonsters.map(\.fonster.id) == [ids[2]])
    }

    @Test func aRestoreNeverDoublesAnId() throws {
        let store = try fileStore(dir)
        let made = try store.create(seed: "once")
        try store.delete(made.id)
        // A client that re-creates a deleted Fonster with its id (undo as fronts did it before
        // the trash): the trash keeps the old one, which cannot come back beside it.
        _ = try store.create(seed: "again", id: made.id)
        expectError(.invalidArgument("A Fonster with the id \(made.id.uuidString) is in the library already, so the one in the trash cannot come back beside it.")) {
            try store.restore(made.id)
        }
        // Deleting that one too keeps the newer deletion.
        try store.delete(made.id)
        #expect(try store.trash().fonsters.map(\.fonster.seed) == ["again"])
        #expect(try store.restore(made.id).seed == "again")
    }

    /// A row another program wrote with an id that is not a UUID goes to the trash and back
    /// with the same text id.
    @Test func aForeignRowComesBackUnderItsOwnId() throws {
        let path = dir.file("foreign.sqlite")
        let store = try FonsterStore(location: .file(path), options: testOptions())
        _ = try store.create(seed: "ours")
        rawSQL(path, """
            INSERT INTO fonsters (id, position, name, seed, created_ms, created_iso, created_zone, engine)
            VALUES ('their-row', 5, 'Theirs', 'seed', 0, '1970-01-01T00:00:00.000Z', 'UTC', 'fonsters-v1')
            """)
        let theirs = try #require(try store.list().last)
        try store.delete(theirs.id)
        #expect(try store.trash().fonsters.map(\.fonster) == [theirs])
        #expect(try store.restore(theirs.id) == theirs)
        #expect(try store.locked { () throws(StoreError) in try store.db.scalarInt("SELECT count(*) FROM fonsters WHERE id = 'their-row'") } == 1)
    }

    /// Changes: a restore says `restore`, here and to other connections; a purge says nothing
    /// to anyone, and does not read as an unknown writer's change.
    @Test func restoresAreHeardAndPurgesAreNot() throws {
        let path = dir.file("shared.sqlite")
        var quiet = testOptions()
        quiet.changePollInterval = 3_600  // no polling: the test asks for others' changes itself
        let mine = try FonsterStore(location: .file(path), options: quiet)
        let theirs = try FonsterStore(location: .file(path), options: testOptions())
        let seen = Collected<StoreChange>()
        let observation = mine.onChange { seen.append($0) }
        defer { observation.cancel() }
        let made = try mine.create(seed: "kept", engine: .v1)
        try mine.delete(made.id)
        _ = theirs.checkForExternalChanges()
        _ = try mine.restore(made.id)
        #expect(seen.all.last == StoreChange(ids: [made.id], reason: .restore, external: false, engines: [made.id: .v1]))
        #expect(theirs.checkForExternalChanges() == [StoreChange(ids: [made.id], reason: .restore, external: true, engines: [made.id: .v1])])
        try theirs.delete(made.id)
        _ = mine.checkForExternalChanges()
        let heard = seen.all.count
        #expect(try theirs.purge() == 1)
        #expect(mine.checkForExternalChanges() == [])
        #expect(seen.all.count == heard)
    }
}
