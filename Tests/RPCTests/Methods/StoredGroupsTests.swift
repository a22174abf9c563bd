import Foundation
import Testing
import TestSupport
import CreatureCore
import FonsterStore
@testable import RPC

/// The near look-alike groups kept in the library file (`StoredGroups`): a restarted server whose
/// library has not changed reads them instead of comparing its looks; a changed library, or a row
/// that is not groups of it, is compared afresh. Each "restart" is a new context on the same file.
@Suite(.offTheCooperativeThreads) struct StoredGroupsTests {
    /// A library file of `StoredKeysTests.seeds` whose look-alikes one server worked out and kept.
    static func grouped() async throws -> (path: String, first: MethodHarness, answer: JSONValue) {
        let (path, first) = try await StoredKeysTests.library()
        let answer = try await first.result("fonsters/lookalikes")
        // The groups are kept on the store thread after the answer; a later library request runs after that.
        _ = try await first.result("fonsters/list", ["count": 1])
        #expect(first.context.pictures.nearPassCount == 1)
        return (path, first, answer)
    }

    @Test func aRestartedServerReadsTheGroupsItKept() async throws {
        let (path, _, answer) = try await Self.grouped()
        defer { StoredKeysTests.remove(path) }
        let restarted = MethodHarness(location: .file(path))
        #expect(try await restarted.result("fonsters/lookalikes") == answer)
        #expect(restarted.context.pictures.nearPassCount == 0, "the groups read from the file")
        try await StoredKeysTests.expectFresh(restarted, "restarted")
    }

    /// An edit since (here by another process) changes the keys: the groups are compared afresh
    /// and kept again, and the next restart reads those.
    @Test func aChangedLibraryIsComparedAfresh() async throws {
        let (path, first, _) = try await Self.grouped()
        defer { StoredKeysTests.remove(path) }
        let ids = try #require(try await first.result("fonsters/list")["fonsters"]?.array).map { $0["id"]! }
        let other = MethodHarness(location: .file(path))
        _ = try await other.result("fonsters/update", ["id": ids[0], "seed": "alice 1001"])
        _ = try await other.result("fonsters/list", ["count": 1])
        let restarted = MethodHarness(location: .file(path))
        try await StoredKeysTests.expectFresh(restarted, "after an edit")
        #expect(restarted.context.pictures.nearPassCount == 1)
        _ = try await restarted.result("fonsters/list", ["count": 1])
        let again = MethodHarness(location: .file(path))
        try await StoredKeysTests.expectFresh(again, "restarted after the edit")
        #expect(again.context.pictures.nearPassCount == 0)
    }

    /// Rows that are not groups of this library (spoiled bytes, another library's groups with
    /// this one's fingerprint, too few bytes, no row) are compared afresh, never trusted.
    @Test(arguments: [
        "UPDATE lookalike_groups SET groups = x'00'",
        "UPDATE lookalike_groups SET groups = groups || x'00000000'",
        "UPDATE lookalike_groups SET groups = substr(groups, 1, length(groups) - 4)",
        "UPDATE lookalike_groups SET groups = x'01000000' || x'05000000' || x'01000000' || x'02000000' || x'00000000' || x'01000000'",
        "UPDATE lookalike_groups SET groups = 'not groups'",
        "UPDATE lookalike_groups SET fingerprint = fingerprint + 1",
        "DELETE FROM lookalike_groups",
    ])
    func aRowThatIsNotGroupsOfTheLibraryIsComparedAfresh(sql: String) async throws {
        let (path, _, answer) = try await Self.grouped()
        defer { StoredKeysTests.remove(path) }
        StoredKeysTests.edit(path, sql)
        let restarted = MethodHarness(location: .file(path))
        #expect(try await restarted.result("fonsters/lookalikes") == answer)
        #expect(restarted.context.pictures.nearPassCount == 1)
    }

    /// The bytes of groups read back as the same groups; any other bytes (a word changed, cut
    /// short, made longer) read as groups `Lookalikes.groups` could give, or as none.
    @Test func theGroupsReadBackAndSpoiledBytesNeverPassForGroups() {
        let near = [[0, 4, 9], [2, 3], [5, 7, 8, 11]]
        let bytes = NearGroupsCoding.bytes(near, count: 12)
        #expect(NearGroupsCoding.groups(bytes, count: 12) == near)
        #expect(NearGroupsCoding.groups(bytes, count: 13) == nil, "groups of another size of library")
        #expect(NearGroupsCoding.groups(NearGroupsCoding.bytes([], count: 12), count: 12) == [])
        var random = SeededGenerator(seed: 38)
        for round in 0..<3_000 {
            var spoiled = bytes
            switch round % 3 {
            case 0: spoiled[Int(random.next() % UInt64(spoiled.count))] = UInt8(truncatingIfNeeded: random.next())
            case 1: spoiled.removeLast(Int(random.next() % UInt64(spoiled.count)) + 1)
            default: spoiled += (0..<Int(random.next() % 9) + 1).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            guard let read = NearGroupsCoding.groups(spoiled, count: 12) else { continue }
            let members = read.flatMap { $0 }
            #expect(read.allSatisfy { $0.count >= 2 && zip($0, $0.dropFirst()).allSatisfy { $0 < $1 } })
            #expect(Set(members).count == members.count && members.allSatisfy { (0..<12).contains($0) })
            #expect(zip(read, read.dropFirst()).allSatisfy { $0[0] < $1[0] })
        }
    }

    /// The fingerprint tells keys apart by order and by any key.
    @Test func theFingerprintIsOfTheKeysInOrder() {
        let keys = ["a", "b", "c"].map { PictureKey(Picture(seed: $0, engine: .v2)) }
        #expect(NearGroupsCoding.fingerprint(keys) == NearGroupsCoding.fingerprint(keys))
        #expect(NearGroupsCoding.fingerprint(keys) != NearGroupsCoding.fingerprint(keys.reversed()))
        #expect(NearGroupsCoding.fingerprint(keys) != NearGroupsCoding.fingerprint(Array(keys.prefix(2))))
        #expect(NearGroupsCoding.fingerprint(keys) != NearGroupsCoding.fingerprint([keys[0], keys[1], PictureKey(Picture(seed: "d", engine: .v2))]))
    }
}
