import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import RPC

/// Edits made through the server since its last near groups are merged into them instead of
/// comparing the whole library again: after every edit the answer is that of the library drawn
/// afresh, and the whole library is compared once. A change the server did not make (another
/// process's edit) or does not merge (a move) has the library compared again.
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

    /// An update puts its key into the kept keys where they are, not into a copy of them (a
    /// million Fonsters' keys are about 100 MB), and its look-alikes and the groups after it are
    /// those of the library drawn afresh.
    @Test func anUpdatePutsItsKeyInPlace() async throws {
        let (path, h) = try await StoredKeysTests.library()
        defer { StoredKeysTests.remove(path) }
        try await StoredKeysTests.expectFresh(h, "at first")
        let ids = try #require(try await h.result("fonsters/list")["fonsters"]?.array).map { $0["id"]! }
        let storage = try #require(h.context.pictures.keptSeedsStorage)
        for (step, seed) in ["alice 1003", "quokka 2", "zebra", "alice 1001"].enumerated() {
            let answer = try await h.result("fonsters/update", ["id": ids[step * 3], "seed": .string(seed)])
            let others = try await h.result("fonsters/lookalikesOf", ["seed": .string(seed), "engine": "fonsters-v1", "except": ids[step * 3]])
            #expect(answer["sameCount"] == others["sameCount"] && answer["nearlyCount"] == others["nearlyCount"], "update \(step)")
            #expect(h.context.pictures.keptSeedsStorage == storage, "update \(step): the kept keys were copied")
        }
        try await StoredKeysTests.expectFresh(h, "after the updates")
        #expect(h.context.pictures.nearPassCount == 1)
    }

    @Test func anotherProcessesEditOrAMoveHasTheLibraryComparedAgain() async throws {
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
        #expect(h.context.pictures.nearPassCount == 3)
    }
}
