import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import RPC
@testable import RPCTransport

/// `lookalikesOf` keeps what it found for a look many Fonsters share (`PopularLooks`; here from
/// two Fonsters on): another picture of that look is answered from it, as comparing the
/// library gives, and a change to the library lets it go.
@Suite(.offTheCooperativeThreads) struct PopularLooksTests {
    /// "mary" and "james 2" draw one silhouette in other colours (fonsters-v2); "hello",
    /// "grace" and "linus" one fonsters-v1 picture.
    @Test func anotherPictureOfAKeptLookIsAnsweredAsComparingGivesUntilTheLibraryChanges() async throws {
        let budget = MemoryBudget(limit: 64 << 20)
        let account = budget.account("look-alike keys")
        let pictures = LibraryPictures(account: account, popularAt: 2)
        let popular = pictures.popular
        let h = MethodHarness(pictures: pictures)
        for (seed, engine) in [("mary", "fonsters-v2"), ("hello", "fonsters-v1"), ("mary", "fonsters-v2"), ("grace", "fonsters-v1"), ("pear", "fonsters-v2")] {
            _ = try await h.result("fonsters/create", ["seed": .string(seed), "engine": .string(engine)])
        }
        var drawn = try await LookalikeAnswerTests.drawnLibrary(h)
        func ask(_ seed: String, _ engine: EngineVersion) async throws -> JSONValue {
            try await LookalikeAnswerTests.lookalikesOf(seed, engine, in: drawn, h)
        }

        // Two Fonsters nearly alike "james 2": kept. "mary" has that look: answered from it.
        #expect(try await ask("james 2", .v2)["nearlyCount"] == 2)
        #expect(popular.count.answers == 1 && popular.served.withLock { $0 } == 0)
        let mary = try await ask("mary", .v2)
        #expect(mary["sameCount"] == 2 && mary["nearlyCount"] == 0)
        #expect(popular.served.withLock { $0 } == 1, "taken from the kept answer")
        let kept = popular.count.bytes
        #expect(kept > 0)
        #expect(account.held(for: .kept) >= kept)

        // A change to the library: the next answer is worked out again, with the new Fonster.
        _ = try await h.result("fonsters/create", ["seed": "james 2", "engine": "fonsters-v2"])
        drawn = try await LookalikeAnswerTests.drawnLibrary(h)
        let after = try await ask("mary", .v2)
        #expect(after["sameCount"] == 2 && after["nearlyCount"] == 1)
        #expect(popular.served.withLock { $0 } == 1, "not from the answer kept before the change")

        // An answer of one Fonster is not kept; "linus" draws the picture of "hello" and "grace".
        _ = try await ask("pear", .v2)
        #expect(popular.count.answers == 1)
        #expect(try await ask("linus", .v1)["sameCount"] == 2)
        #expect(popular.count.answers == 2)
    }
}
