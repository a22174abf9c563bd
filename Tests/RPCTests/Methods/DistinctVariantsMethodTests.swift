import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import RPC

/// `fonsters/distinctVariants` against the library's look-alike keys (`LibraryPictures.LookalikeTest`).
@Suite(.offTheCooperativeThreads) struct DistinctVariantsMethodTests {
    /// Variants saved as Fonsters are not offered again, and no variant looks like a Fonster of
    /// the library (checked here against its pictures drawn) nor like another; the Fonster being
    /// edited (`except`) does not count.
    @Test func variantsLookLikeNoFonsterButTheOneBeingEdited() async throws {
        let h = MethodHarness()
        func variants(_ params: JSONValue) async throws -> [String] {
            try #require(try await h.result("fonsters/distinctVariants", params)["variants"]?.array).compactMap { $0["seed"]?.string }
        }
        _ = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        let offered = try await variants(["seed": "grace", "engine": "fonsters-v1", "count": 3])
        try #require(offered.count == 3)
        var saved: [JSONValue] = []
        for seed in offered {
            saved.append(try #require(try await h.result("fonsters/create", ["seed": .string(seed), "engine": "fonsters-v1"])["id"]))
        }
        let drawn = try await LookalikeAnswerTests.drawnLibrary(h)
        let later = try await variants(["seed": "grace", "engine": "fonsters-v1", "count": 3])
        #expect(!later.isEmpty && Set(later).isDisjoint(with: offered))
        let pictures = later.map { Picture(seed: $0, engine: .v1) }
        for (seed, picture) in zip(later, pictures) {
            #expect(!drawn.contains { $0.picture == picture || Likeness.looksAlike($0.picture, picture) }, "\(seed) looks like a Fonster")
        }
        for i in pictures.indices { for j in pictures.indices where j > i { #expect(!Likeness.looksAlike(pictures[i], pictures[j])) } }
        let editing = try await variants(["seed": "grace", "engine": "fonsters-v1", "count": 1, "except": saved[0]])
        #expect(editing == [offered[0]], "the picture of the Fonster being edited does not count")
    }
}
