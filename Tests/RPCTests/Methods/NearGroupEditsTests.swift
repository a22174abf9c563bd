import Foundation
import Testing
import TestSupport
import CreatureCore
import FonsterStore
@testable import RPC

/// Edits made through the server since its last near groups are merged into them instead of
/// comparing the whole library again: after every edit the answer is that of the library drawn
/// afresh, and the whole library is compared once. A change the server did not make (another
/// process's edit) has the library compared again; moves have the groups placed again.
@Suite(.offTheCooperativeThreads) struct NearGroupEditsTests {
    /// Seeds that fall into the library's groups, and seeds of their own.
    static let vocabulary = (1000..<1040).map { "alice \($0)" } + (0..<20).map { "quokka \($0)" } + ["hello", "grace", "linus", "zebra"]

    @Test func createsUpdatesAndDeletesAreMergedIntoTheGroups() async throws {
        let (path, h) = try await StoredKeysTests.library()
        defer { StoredKeysTests.remove(path) }
        try await StoredKeysTests.expectFresh(h, "at first")
        #expect(h.context.pictures.nearPassCount == 1)
        var random = SeededGenerator(seed: 38)
        var ids = try #require(try await h.result("fonsters/list")["fonsters"]?.array).map { $0["id"]! }
        for step in 0..<32 {
            let seed = JSONValue.string(Self.vocabulary[Int(random.next() % UInt64(Self.vocabulary.count))])
            let engine: JSONValue = random.next() % 4 == 0 ? "fonsters-v2" : "fonsters-v1"
            switch step % 4 {
            case 0: ids.append(try await h.result("fonsters/create", ["seed": seed, "engine": engine])["id"]!)
            case 1: _ = try await h.result("fonsters/update", ["id": ids[Int(random.next() % UInt64(ids.count))], "seed": seed])
            case 2: _ = try await h.result("fonsters/update", ["id": ids[Int(random.next() % UInt64(ids.count))], "seed": seed, "engine": engine])
            default: _ = try await h.result("fonsters/delete", ["id": ids.remove(at: Int(random.next() % UInt64(ids.count)))])
            }
            // Several edits between two answers, as well as one.
            if step % 5 != 1 && step % 5 != 2 { try await StoredKeysTests.expectFresh(h, "step \(step)") }
        }
        #expect(h.context.pictures.nearPassCount == 1, "the library compared once, every edit merged")
    }

    /// An import's Fonsters are put into the kept keys and merged into the near groups as
    /// creates are, its answer listing each one's groups as the library drawn afresh does; an
    /// import of more than `editsMerged` has the library compared again, once, for its answer
    /// and the next call.
    @Test func importsAreMergedIntoTheGroups() async throws {
        let (path, h) = try await StoredKeysTests.library()
        defer { StoredKeysTests.remove(path) }
        try await StoredKeysTests.expectFresh(h, "at first")
        let passes = h.context.pictures.nearPassCount
        let link = try await h.result("share/build", ["seeds": ["alice 1002", "alice 2001", "quokka 3", "alice 1003 again"]])
        let answer = try await h.result("share/import", ["url": link["url"]!, "engine": "fonsters-v1"])
        try await StoredKeysTests.expectFresh(h, "after a share link's import")
        #expect(h.context.pictures.nearPassCount == passes, "merged: \(h.context.pictures.nearPassCount) passes")
        let drawn = try await LookalikeAnswerTests.drawnLibrary(h)
        let groups = Lookalikes.groups(drawn.map(\.picture)).map { drawn[$0].id }
        for made in try #require(answer["created"]?.array) {
            let near = groups.near.first { $0.contains(made["id"]!) } ?? []
            let exact = groups.exact.first { $0.contains(made["id"]!) } ?? []
            #expect(made["nearlyCount"] == .int(Int64(near.isEmpty ? 0 : near.count - max(exact.count, 1))), "\(made["seed"]!)")
            #expect(made["sameCount"] == .int(Int64(max(exact.count - 1, 0))), "\(made["seed"]!)")
        }
        let bundle: [JSONValue] = (0..<(LibraryPictures.editsMerged + 1)).map { ["name": "", "seed": .string("alice \(3000 + $0)")] }
        _ = try await h.result("library/import", ["bundle": ["format": "fonsters-library", "version": 1, "engine": "fonsters-v1",
                                                             "exportedAt": "2026-01-01T00:00:00.000Z", "fonsters": .array(bundle)]])
        try await StoredKeysTests.expectFresh(h, "after a bundle past the merge")
        #expect(h.context.pictures.nearPassCount == passes + 1, "compared once, for the import and the next call")
    }

    /// An update puts its key into the kept keys where they are, and a delete takes its key out
    /// of them there, not in a copy of them (a million Fonsters' keys are about 100 MB); the
    /// groups after them are those of the library drawn afresh, merged. The edits are made on the
    /// store thread as the methods make them, with nothing else running: a request just answered
    /// may still hold the keys for a moment (its task not yet gone), and then the first edit after
    /// it copies them, as it must.
    @Test func editsPutAndTakeKeysInPlace() async throws {
        let (path, h) = try await StoredKeysTests.library()
        defer { StoredKeysTests.remove(path) }
        try await StoredKeysTests.expectFresh(h, "at first")
        let ids = try #require(try await h.result("fonsters/list")["fonsters"]?.array).compactMap { $0["id"]?.string.flatMap(UUID.init(uuidString:)) }
        let context = h.context
        func update(_ id: UUID, _ seed: String) async throws {
            _ = try await context.withStore { store throws(StoreError) in
                try context.pictures.library(store) { () throws(StoreError) in try store.edit(id, seed: seed) }.0
            }
        }
        try await update(ids[0], "alice 1002")
        let storage = try #require(context.pictures.keptSeedsStorage)
        for (step, seed) in ["alice 1003", "quokka 2", "zebra", "alice 1001"].enumerated() {
            try await update(ids[step * 3 + 1], seed)
            #expect(context.pictures.keptSeedsStorage == storage, "update \(step): the kept keys were copied")
        }
        let deleted = ids[2]
        try await context.withStore { (store: FonsterStore) throws(StoreError) -> Void in
            try context.pictures.delete(deleted, store) { () throws(StoreError) -> Void in try store.delete(deleted) }
        }
        #expect(context.pictures.keptSeedsStorage == storage, "the delete: the kept keys were copied")
        #expect(context.pictures.keptCount == ids.count - 1, "the delete's key taken out of the kept keys")
        try await StoredKeysTests.expectFresh(h, "after the edits")
        #expect(context.pictures.nearPassCount == 1)
    }

    /// Another process's edit has the library compared again; moves, here or by another
    /// process, do not (the same Fonsters drawing the same pictures: the groups by id, placed
    /// again); a move with an edit does.
    @Test func anotherProcessesEditHasTheLibraryComparedAgainAndAMoveDoesNot() async throws {
        let (path, h) = try await StoredKeysTests.library()
        defer { StoredKeysTests.remove(path) }
        try await StoredKeysTests.expectFresh(h, "at first")
        let ids = try #require(try await h.result("fonsters/list")["fonsters"]?.array).map { $0["id"]! }
        _ = try await h.result("fonsters/delete", ["id": ids[3]])
        try await StoredKeysTests.expectFresh(h, "after a delete")
        #expect(h.context.pictures.nearPassCount == 1, "a delete made here is merged")
        let other = MethodHarness(location: .file(path))
        _ = try await other.result("fonsters/update", ["id": ids[5], "seed": "zebra"])
        try await StoredKeysTests.expectFresh(h, "after another process's edit")
        #expect(h.context.pictures.nearPassCount == 2)
        _ = try await h.result("fonsters/move", ["id": ids[7], "index": 0])
        try await StoredKeysTests.expectFresh(h, "after a move")
        _ = try await other.result("fonsters/move", ["id": ids[9], "index": 4])
        // The last of a near group to the top: that group comes first now, led by it.
        let near = try #require(try await h.result("fonsters/lookalikes")["near"]?.array?.last?.array)
        _ = try await h.result("fonsters/move", ["id": near.last!, "index": 0])
        try await StoredKeysTests.expectFresh(h, "after moves here and by another process")
        #expect(try await h.result("fonsters/lookalikes")["near"]?.array?.first?.array?.first == near.last)
        #expect(h.context.pictures.nearPassCount == 2, "moves: the groups placed again")
        _ = try await h.result("fonsters/move", ["id": ids[1], "index": 6])
        _ = try await other.result("fonsters/update", ["id": ids[8], "seed": "alice 1003"])
        try await StoredKeysTests.expectFresh(h, "after a move and another process's edit")
        #expect(h.context.pictures.nearPassCount == 3)
    }
}
