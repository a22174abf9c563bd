import CSQLite
import Foundation
import Testing
import TestSupport
import CreatureCore
import FonsterStore
@testable import RPC

/// The look-alike keys kept in the library file (`StoredKeys`): a restarted server reads
/// them instead of drawing the library, draws only what changed, and never trusts a row it
/// cannot check. Each "restart" is a new context on the same file; its finder counts what it drew.
@Suite(.offTheCooperativeThreads) struct StoredKeysTests {
    /// 300 fonsters-v1 seeds in big exact and near groups, and four of their own.
    static let seeds = (1000..<1300).map { "alice \($0)" } + ["hello", "grace", "linus", "a seed of its own"]

    /// A library file of `seeds` imported by one server, whose keys it drew and kept.
    static func library() async throws -> (path: String, first: MethodHarness) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stored-keys-\(UUID().uuidString).sqlite").path
        let h = MethodHarness(location: .file(path))
        let fonsters: [JSONValue] = seeds.map { ["name": "", "seed": .string($0)] }
        _ = try await h.result("library/import", ["bundle": ["format": "fonsters-library", "version": 1, "engine": "fonsters-v1",
                                                             "exportedAt": "2026-01-01T00:00:00.000Z", "fonsters": .array(fonsters)]])
        // The keys are kept on the store thread after the import's answer; a later library
        // request runs after that.
        _ = try await h.result("fonsters/list", ["count": 1])
        return (path, h)
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", ".reserve"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// `fonsters/lookalikes` of the library `h` serves equals the groups of its pictures drawn here.
    static func expectFresh(_ h: MethodHarness, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let drawn = try await LookalikeAnswerTests.drawnLibrary(h)
        let groups = Lookalikes.groups(drawn.map(\.picture)).map { drawn[$0].id }
        let answer = try await h.result("fonsters/lookalikes")
        #expect(answer["exact"] == .array(groups.exact.map { .array($0) }), "\(step): exact", sourceLocation: sourceLocation)
        #expect(answer["near"] == .array(groups.near.map { .array($0) }), "\(step): near", sourceLocation: sourceLocation)
        #expect(!groups.exact.isEmpty && !groups.near.isEmpty, "\(step): the library has both kinds of groups", sourceLocation: sourceLocation)
    }

    /// Runs `sql` on the library file as another program would.
    static func edit(_ path: String, _ sql: String) {
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(sql)")
        sqlite3_close(db)
    }

    /// Methods asking a restarted server for the library one after another, before the first
    /// has used what it read (two `lookalikesOf` at once), read its rows once: the keys the file
    /// kept are kept as they are read (a million were read and held twice).
    @Test func theKeysAreKeptAsTheyAreReadSoTheNextMethodDoesNotReadThemAgain() async throws {
        let (path, _) = try await Self.library()
        defer { Self.remove(path) }
        let restarted = MethodHarness(location: .file(path))
        let pictures = restarted.context.pictures
        let (first, second) = try await restarted.context.withStore { store throws(StoreError) in
            (try pictures.library(store), try pictures.library(store))
        }
        #expect(pictures.readCount == 1 && first.count == Self.seeds.count && second.count == Self.seeds.count)
        #expect(pictures.keptCount == Self.seeds.count && pictures.drawnCount == 0)
        try await Self.expectFresh(restarted, "from the keys kept as read")
        #expect(pictures.readCount == 1 && pictures.drawnCount == 0)
    }

    @Test func aRestartedServerReadsTheKeysItKept() async throws {
        let (path, first) = try await Self.library()
        defer { Self.remove(path) }
        #expect(first.context.pictures.drawnCount == Self.seeds.count)
        let before = try await first.result("fonsters/lookalikes")
        let restarted = MethodHarness(location: .file(path))
        #expect(try await restarted.result("fonsters/lookalikes") == before)
        #expect(restarted.context.pictures.drawnCount == 0, "every picture read from the file")
        try await Self.expectFresh(restarted, "restarted")
    }

    /// Edits made since the keys were kept are drawn once: by the next server (here another
    /// process) that reads the library, which keeps them too.
    @Test func aChangedSeedIsRedrawn() async throws {
        let (path, first) = try await Self.library()
        defer { Self.remove(path) }
        let ids = try #require(try await first.result("fonsters/list")["fonsters"]?.array).map { $0["id"]! }
        _ = try await first.result("fonsters/update", ["id": ids[0], "seed": "zebra"])
        _ = try await first.result("fonsters/update", ["id": ids[1], "engine": "fonsters-v2"])
        let other = MethodHarness(location: .file(path))  // another process
        _ = try await other.result("fonsters/update", ["id": ids[2], "seed": "quokka"])
        #expect(other.context.pictures.drawnCount == 3, "the two edits not kept yet and its own")
        _ = try await other.result("fonsters/list", ["count": 1])
        let restarted = MethodHarness(location: .file(path))
        try await Self.expectFresh(restarted, "after three edits")
        #expect(restarted.context.pictures.drawnCount == 0)
    }

    @Test func aCorruptedOrMissingRowIsRedrawn() async throws {
        let (path, _) = try await Self.library()
        defer { Self.remove(path) }
        Self.edit(path, """
            UPDATE fonsters SET picture_key = x'00' WHERE seed = 'hello';
            UPDATE fonsters SET picture_key = picture_key || x'00' WHERE seed = 'grace';
            UPDATE fonsters SET picture_key = 'not a key' WHERE seed = 'linus';
            UPDATE fonsters SET picture_key = substr(picture_key, 1, 51) WHERE seed = 'alice 1001';
            UPDATE fonsters SET picture_key = NULL WHERE seed = 'alice 1000';
            """)
        let restarted = MethodHarness(location: .file(path))
        try await Self.expectFresh(restarted, "after five rows were spoiled")
        #expect(restarted.context.pictures.drawnCount == 5)
    }

    /// Rows that are keys, but of other seeds (a file edited with care, or kept by an engine
    /// fixed since): the check by drawing some again finds them, and
    /// the whole library is drawn.
    @Test func keysOfOtherSeedsAreNotTrusted() async throws {
        let (path, _) = try await Self.library()
        defer { Self.remove(path) }
        Self.edit(path, "UPDATE fonsters SET picture_key = (SELECT picture_key FROM fonsters WHERE seed = 'a seed of its own')")
        let restarted = MethodHarness(location: .file(path))
        try await Self.expectFresh(restarted, "after every row was given one key")
        #expect(restarted.context.pictures.drawnCount == Self.seeds.count)
    }
}
