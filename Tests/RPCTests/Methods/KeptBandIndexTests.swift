import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import RPC
@testable import RPCTransport

/// `lookalikesOf` indexes the kept keys' bands the second time it is asked at one library
/// version (`KeptBandIndex`; here from two Fonsters on), answers through the index as reading
/// every band does, counts it in the budget, and lets it go as the library changes.
@Suite(.offTheCooperativeThreads) struct KeptBandIndexTests {
    @Test func theSecondCallAtOneVersionIndexesTheBandsUntilTheLibraryChanges() async throws {
        let budget = MemoryBudget(limit: 64 << 20)
        let account = budget.account("look-alike keys")
        let pictures = LibraryPictures(account: account, bandIndexAt: 2)
        let index = pictures.bandIndex
        let h = MethodHarness(pictures: pictures)
        for seed in ["mary", "james 2", "hello", "grace", "pear", "plum"] {
            _ = try await h.result("fonsters/create", ["seed": .string(seed), "engine": "fonsters-v2"])
        }
        var drawn = try await LookalikeAnswerTests.drawnLibrary(h)
        func ask(_ seed: String) async throws { _ = try await LookalikeAnswerTests.lookalikesOf(seed, .v2, in: drawn, h) }

        try await ask("mary")
        #expect(index.built.withLock { $0 } == 0 && index.bytes == 0, "not at the first call")
        try await ask("james 2")
        #expect(index.built.withLock { $0 } == 1 && index.bytes > 0, "at the second")
        #expect(account.held(for: .kept) >= index.bytes)
        try await ask("grace")
        try await ask("linus")
        #expect(index.built.withLock { $0 } == 1, "kept while the library stays")

        // A change: the index goes with it, and a new one is made at the second call after.
        let heldBefore = account.held(for: .kept)
        _ = try await h.result("fonsters/create", ["seed": "mary", "engine": "fonsters-v2"])
        #expect(index.bytes == 0)
        #expect(account.held(for: .kept) < heldBefore, "its 4 KB left the budget (a Fonster's key is about 100 bytes)")
        drawn = try await LookalikeAnswerTests.drawnLibrary(h)
        try await ask("mary")
        #expect(index.bytes == 0 && index.built.withLock { $0 } == 1)
        try await ask("james 2")
        #expect(index.built.withLock { $0 } == 2 && index.bytes > 0)
    }
}
