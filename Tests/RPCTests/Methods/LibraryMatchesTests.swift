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

    /// A document line drawing a Fonster's picture is told by that Fonster's name, read from the
    /// store for what a request shows (not for the whole library): the problems, the hover, the
    /// inlay hints and the outline. "linus" draws the fonsters-v1 picture of "hello" (Amy, first)
    /// and "grace" (Bea).
    @Test func namesAreReadForWhatADocumentShows() async throws {
        let pictures = LibraryPictures()
        let h = MethodHarness(pictures: pictures)
        let amy = try await h.result("fonsters/create", ["seed": "hello", "name": "Amy", "engine": "fonsters-v1"])
        _ = try await h.result("fonsters/create", ["seed": "grace", "name": "Bea", "engine": "fonsters-v1"])
        let zed = try await h.result("fonsters/create", ["seed": "zebra crossing", "name": "Zed", "engine": "fonsters-v1"])
        _ = try await h.result("fonsters/create", ["seed": "never in the document", "name": "Nobody", "engine": "fonsters-v1"])
        _ = try await h.result("initialize", ["capabilities": [:]])
        let document: JSONValue = ["uri": "file:///names.fonsters"]
        h.client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///names.fonsters", "languageId": "fonsters", "version": 1,
                                                                  "text": "# engine: fonsters-v1\nlinus\nzebra crossing\na line of its own\n"]])
        let items = try #require(try await h.result("textDocument/diagnostic", ["textDocument": document])["items"]?.array)
        let inLibrary = items.filter { $0["code"] == "in-library" }
        #expect(inLibrary.map { $0["range"]?["start"]?["line"] } == [1, 2])
        #expect(inLibrary.map { $0["data"]?["id"] } == [amy["id"], zed["id"]])
        #expect(inLibrary.first?["message"]?.string?.contains("“Amy” in your library (and 1 more Fonster)") == true, "\(inLibrary)")
        #expect(inLibrary.last?["message"]?.string?.contains("“Zed”") == true, "\(inLibrary)")
        let view = try #require(pictures.lastMatches)
        #expect(Set(view.names.values) == ["Amy", "Zed"], "only the names shown are read")

        let hover = try await h.result("textDocument/hover", ["textDocument": document, "position": ["line": 1, "character": 0]])
        #expect("\(hover)".contains("Amy"))
        let hints = try #require(try await h.result("textDocument/inlayHint", ["textDocument": document, "range": [
            "start": ["line": 0, "character": 0], "end": ["line": 4, "character": 0]]]).array)
        #expect(hints.compactMap { $0["label"]?.string }.filter { $0.hasPrefix("“") } == ["“Amy”", "“Zed”"])
        let symbols = try #require(try await h.result("textDocument/documentSymbol", ["textDocument": document]).array)
        #expect(symbols.compactMap { $0["detail"]?.string }.filter { $0.contains("in your library") }.count == 2)
        #expect(symbols.first { $0["name"] == "linus" }?["detail"]?.string?.contains("“Amy” in your library") == true)
    }
}
