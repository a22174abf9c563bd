import Foundation
import Testing
import TestSupport
@testable import RPC
@testable import RPCTransport
import CreatureCore
import FonsterStore

/// The documents' view of the library (`LibraryPictures.Matches`): worked out from the look-alike
/// keys, it keeps no picture, and what it keeps is charged to the keys' budget account.
@Suite(.hangBackstop) struct LibraryMatchesTests {
    /// A library of 400 Fonsters (some drawing the same picture) opened against a document: the
    /// view names each picture's first Fonster and how many draw it, as `fonsters/lookalikes`
    /// groups them, and the account holds the keys and the view, far below a picture a Fonster.
    @Test func theDocumentsViewCostsWhatTheKeysCost() async throws {
        let budget = MemoryBudget(limit: 64 << 20)
        let account = budget.account("look-alike keys")
        let pictures = LibraryPictures(account: account)
        let h = MethodHarness(pictures: pictures)
        // Among these, some draw the same picture (groups of more than 21).
        let seeds = (900..<1300).map { "alice \($0)" }
        let link = try await h.result("share/build", ["seeds": .array(seeds.map { .string($0) })])
        let created = try #require(try await h.result("share/import", ["url": link["url"]!, "engine": "fonsters-v1"])["created"]?.array)
        try #require(created.count == seeds.count)
        _ = try await h.result("initialize", ["capabilities": [:]])
        h.client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///a.fonsters", "languageId": "fonsters", "version": 1,
                                                                  "text": "alice 1000\n"]])
        try await waitUntil("the documents' view is worked out") { pictures.lastMatches?.isEmpty == false }
        let view = try #require(pictures.lastMatches)
        // What the account holds: the keys with their bands and seeds, the view, and the groups
        // the import's answer came from (kept for the next call). The old picture cache kept
        // about 1 KB a Fonster outside the budget; this is a small part of that.
        let keys = seeds.count * (MemoryLayout<PictureKey>.stride + MemoryLayout<SilhouetteBands>.stride + MemoryLayout<StoredSeed>.stride)
        let kept = try #require(pictures.grouped.withLock { $0?.bytes })
        #expect(view.bytes > 0 && kept > 0)
        // The import's own work (its keys kept, its answer's groups) may still be letting go.
        try await waitUntil("the account to hold the keys, the view and the groups: \(account.held(for: .kept)) held, \(keys) + \(view.bytes) + \(kept)") {
            account.held(for: .kept) == keys + view.bytes + kept
        }
        #expect(account.held(for: .kept) < seeds.count * 200, "\(account.held(for: .kept)) bytes for \(seeds.count) Fonsters")


        let groups = try await h.result("fonsters/lookalikes", ["near": false])
        let exact = try #require(groups["exact"]?.array).map { $0.array ?? [] }
        let big = try #require(exact.max { $0.count < $1.count })
        try #require(big.count > 1, "some Fonsters draw the same picture")
        let index = try #require(created.firstIndex { $0["id"] == big[0] })
        let match = try #require(view.match(Picture(Creature(seed: seeds[index], engine: .v1)).fingerprint))
        #expect(match.count == big.count && JSONValue.string(match.id) == big[0])
        #expect(match.name == Naming.displayName(name: created[index]["name"]?.string ?? "", seed: seeds[index]), "the first Fonster's display name")
        for group in exact {
            let first = try #require(created.firstIndex { $0["id"] == group[0] })
            let found = view.match(Picture(Creature(seed: seeds[first], engine: .v1)).fingerprint)
            #expect(found?.count == group.count && found.map { JSONValue.string($0.id) } == group[0])
        }

    }
}
