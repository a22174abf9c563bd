import CreatureCore
import Foundation
import Testing
import TestSupport
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct OperationTests {
    let dir = TempDir()

    @Test func createGetAndListInCreationOrder() throws {
        let store = try fileStore(dir)
        let empty = try store.create()
        let bob = try store.create(name: "Bob", seed: "bob seed")
        #expect(empty.name == "" && empty.seed == "")
        #expect(bob.engine == .v2)
        #expect(bob.history == History() && bob.randomSource == nil)
        #expect(try store.get(bob.id) == bob)
        #expect(try store.list().map(\.id) == [empty.id, bob.id])
        #expect(try store.count() == 2)
    }

    @Test func creationTimeHasLocalOffsetAndMilliseconds() throws {
        let store = try fileStore(dir)
        let fonster = try store.create(seed: "x")
        #expect(fonster.createdAtISO8601 == "2026-11-21T09:30:00.123-08:00")
        #expect(fonster.createdTimeZone == "America/Los_Angeles")
        #expect(abs(fonster.createdAt.timeIntervalSince(fixedNow)) < 0.001)
        #expect(try store.get(fonster.id).createdAt == fonster.createdAt)
    }

    @Test func everythingSurvivesReopening() throws {
        var store: FonsterStore? = try fileStore(dir)
        let made = try store!.create(name: "Keep", seed: "one")
        _ = try store!.setSeed(made.id, to: "two")
        _ = try store!.setSeed(made.id, to: "three")
        _ = try store!.undo(made.id)
        let saved = try store!.applyRandomText(made.id, text: "lorem words", source: .lorem, prepend: true)
        store = nil
        let reopened = try fileStore(dir)
        #expect(try reopened.get(made.id) == saved)
        #expect(saved.seed == "lorem words two")
        #expect(saved.history.past == ["one", "two"])
    }

    @Test func missingIdsThrowNotFound() throws {
        let store = try fileStore(dir)
        let id = UUID()
        expectError(.notFound(id)) { try store.get(id) }
        expectError(.notFound(id)) { try store.setSeed(id, to: "x") }
        expectError(.notFound(id)) { try store.rename(id, to: "x") }
        expectError(.notFound(id)) { try store.delete(id) }
        expectError(.notFound(id)) { try store.undo(id) }
        expectError(.notFound(id)) { try store.duplicate(id) }
        expectError(.notFound(id)) { try store.move(id, to: 0) }
    }

    @Test func setSeedIsUndoableAndRedoable() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "a")
        _ = try store.setSeed(f.id, to: "b")
        let c = try store.setSeed(f.id, to: "c")
        #expect(c.history.past == ["a", "b"] && c.canUndo && !c.canRedo)
        let undone = try store.undo(f.id)
        #expect(undone.seed == "b" && undone.history.past == ["a"] && undone.history.future == ["c"])
        let twice = try store.undo(f.id)
        #expect(twice.seed == "a" && twice.history.past.isEmpty && twice.history.future == ["b", "c"])
        expectError(.nothingToUndo(f.id)) { try store.undo(f.id) }
        let redone = try store.redo(f.id)
        #expect(redone.seed == "b" && redone.history.past == ["a"] && redone.history.future == ["c"])
        #expect(try store.get(f.id) == redone)
    }

    @Test func aNewEditClearsRedo() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "a")
        _ = try store.setSeed(f.id, to: "b")
        _ = try store.undo(f.id)
        let edited = try store.setSeed(f.id, to: "z")
        #expect(edited.history.future.isEmpty && edited.history.past == ["a"])
        expectError(.nothingToRedo(f.id)) { try store.redo(f.id) }
        #expect(try store.get(f.id) == edited)
    }

    @Test func historyIsCappedAtTwenty() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "s0")
        for i in 1...25 { _ = try store.setSeed(f.id, to: "s\(i)") }
        let full = try store.get(f.id)
        #expect(full.history.past == (5...24).map { "s\($0)" })
        for _ in 0..<20 { _ = try store.undo(f.id) }
        let bottom = try store.get(f.id)
        #expect(bottom.seed == "s5" && bottom.history.past.isEmpty)
        #expect(bottom.history.future == (6...25).map { "s\($0)" })
        expectError(.nothingToUndo(f.id)) { try store.undo(f.id) }
        for _ in 0..<20 { _ = try store.redo(f.id) }
        #expect(try store.get(f.id).seed == "s25")
        expectError(.nothingToRedo(f.id)) { try store.redo(f.id) }
    }

    @Test func settingTheSameSeedIsANoOp() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "same")
        let after = try store.setSeed(f.id, to: "same")
        #expect(after.history.past.isEmpty)
        #expect(try store.get(f.id) == f)
    }

    @Test func renameIsNotUndoable() throws {
        let store = try fileStore(dir)
        let f = try store.create(name: "Old", seed: "s")
        let renamed = try store.rename(f.id, to: "New")
        #expect(renamed.name == "New" && renamed.history.past.isEmpty)
        #expect(try store.get(f.id).name == "New")
    }

    @Test func tooLongSeedsAndNamesAreRefused() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "ok")
        let long = String(repeating: "é", count: 10_001)
        #expect(try store.create(seed: String(repeating: "x", count: 10_000)).seed.utf16.count == 10_000)
        expectError(.tooLong(TextLimit.TooLong(field: "seed", length: 10_001))) { try store.setSeed(f.id, to: long) }
        expectError(.tooLong(TextLimit.TooLong(field: "name", length: 10_001))) { try store.rename(f.id, to: long) }
        expectError(.tooLong(TextLimit.TooLong(field: "seed", length: 10_002))) { try store.create(seed: String(repeating: "😀", count: 5_001)) }
        #expect(try store.get(f.id) == f)
        #expect(try store.count() == 2)
    }

    @Test func deleteKeepsTheOthersOrder() throws {
        let store = try fileStore(dir)
        let ids = try (0..<4).map { try store.create(seed: "\($0)").id }
        try store.delete(ids[1])
        #expect(try store.list().map(\.id) == [ids[0], ids[2], ids[3]])
        expectError(.notFound(ids[1])) { try store.get(ids[1]) }
        let fifth = try store.create(seed: "4")
        #expect(try store.list().map(\.id) == [ids[0], ids[2], ids[3], fifth.id])
    }

    @Test func duplicateHasFreshHistoryAndNewId() throws {
        let store = try fileStore(dir)
        let f = try store.create(name: "Twin", seed: "a")
        _ = try store.applyRandomText(f.id, text: "b", source: .words, prepend: false)
        let copy = try store.duplicate(f.id)
        #expect(copy.id != f.id)
        #expect(copy.name == "Twin" && copy.seed == "b" && copy.randomSource == .words)
        #expect(copy.history == History())
        #expect(try store.list().map(\.id) == [f.id, copy.id])
        #expect(try store.get(f.id).history.past == ["a"])
    }

    @Test func moveReordersAndKeepsRelativeOrder() throws {
        let store = try fileStore(dir)
        let ids = try (0..<5).map { try store.create(seed: "\($0)").id }
        _ = try store.move(ids[4], to: 0)
        #expect(try store.list().map(\.id) == [ids[4], ids[0], ids[1], ids[2], ids[3]])
        _ = try store.move(ids[4], to: 4)
        #expect(try store.list().map(\.id) == ids)
        _ = try store.move(ids[0], to: 2)
        #expect(try store.list().map(\.id) == [ids[1], ids[2], ids[0], ids[3], ids[4]])
        try store.delete(ids[2])
        _ = try store.move(ids[4], to: 1)
        #expect(try store.list().map(\.id) == [ids[1], ids[4], ids[0], ids[3]])
        expectError(.indexOutOfRange(index: 4, count: 4)) { try store.move(ids[0], to: 4) }
        expectError(.indexOutOfRange(index: -1, count: 4)) { try store.move(ids[0], to: -1) }
        #expect(try store.list().map(\.id) == [ids[1], ids[4], ids[0], ids[3]])
    }

    @Test func useFrameIsAnUndoableEdit() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "  B👩‍👩‍👧b ")
        let framed = try store.useFrame(f.id, frame: 2)
        #expect(framed.seed == "B👩‍👩‍👧")
        #expect(framed.history.past == ["  B👩‍👩‍👧b "])
        #expect(try store.undo(f.id).seed == "  B👩‍👩‍👧b ")
        expectError(.frameOutOfRange(frame: 4, count: 3)) { try store.useFrame(f.id, frame: 4) }
        expectError(.frameOutOfRange(frame: 0, count: 3)) { try store.useFrame(f.id, frame: 0) }
        let blank = try store.create(seed: " \t")
        expectError(.frameOutOfRange(frame: 1, count: 0)) { try store.useFrame(blank.id, frame: 1) }
        #expect(try store.get(blank.id) == blank)
    }

    @Test func displayNameFollowsTheEngine() throws {
        let store = try fileStore(dir)
        #expect(try store.create(name: "Bob", seed: "x").displayName == "Bob")
        #expect(try store.create(name: "  ", seed: " seed ").displayName == "seed")
        #expect(try store.create(seed: String(repeating: "a", count: 31)).displayName == String(repeating: "a", count: 27) + "...")
        #expect(try store.create().displayName == "Untitled")
    }

    @Test func birthdayIsEvaluatedInTheCreationZone() throws {
        // Created 2025-03-10 23:30 in Los Angeles, which is already 03-11 in UTC.
        let born = ISO8601DateFormatter().date(from: "2025-03-11T06:30:00Z")!
        let store = try fileStore(dir, options: testOptions(now: born))
        let f = try store.create(seed: "cake")
        #expect(f.createdAtISO8601.hasPrefix("2025-03-10T23:30:00.000-07:00"))
        let date = { (s: String) in ISO8601DateFormatter().date(from: s)! }
        #expect(f.isBirthday(now: date("2026-03-10T19:00:00Z")))  // 12:00 on 03-10 in LA
        #expect(f.isBirthday(now: date("2027-03-11T06:00:00Z")))  // 23:00 on 03-10 in LA
        #expect(!f.isBirthday(now: date("2026-03-11T19:00:00Z")))  // 03-11 in LA
        #expect(!f.isBirthday(now: date("2025-03-11T07:00:00Z")))  // the day itself, not a year on
    }

    @Test func importSeedsCreatesManyAtOnce() throws {
        let store = try fileStore(dir)
        let first = try store.create(seed: "first")
        let made = try store.importSeeds(["a", "b", "c"], names: ["A", "", "C"]).created
        #expect(made.map(\.seed) == ["a", "b", "c"])
        #expect(made.map(\.name) == ["A", "", "C"])
        #expect(try store.list().map(\.id) == [first.id] + made.map(\.id))
        #expect(try store.importSeeds((0..<1_000).map { "x\($0)" }, engine: .current).created.count == 1_000)
        #expect(made.map(\.position) == [1, 2, 3])
    }

    @Test func badImportsChangeNothing() throws {
        let store = try fileStore(dir)
        _ = try store.create(seed: "only")
        expectError(.tooMany(count: 1_001, limit: 1_000)) { try store.importSeeds(Array(repeating: "x", count: 1_001), engine: .current) }
        var seeds = Array(repeating: "ok", count: 10)
        seeds[6] = String(repeating: "y", count: 10_001)
        expectError(.tooLong(TextLimit.TooLong(field: "seed at index 6", length: 10_001))) { try store.importSeeds(seeds, engine: .current) }
        expectError(.invalidArgument("There are 1 names for 2 seeds; give one name per seed, or none.")) { try store.importSeeds(["a", "b"], names: ["A"]) }
        #expect(try store.count() == 1)
    }

    @Test func inMemoryStoreWorks() throws {
        let store = try FonsterStore(location: .memory, options: testOptions())
        let f = try store.create(seed: "m")
        #expect(try store.list() == [f])
        #expect(store.path == ":memory:")
    }
}
