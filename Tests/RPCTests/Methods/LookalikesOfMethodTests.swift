import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import RPC

/// `fonsters/lookalikesOf`: a seed as it is typed, before it is saved, against the library.
/// "hello", "grace" and "linus" draw one fonsters-v1 picture and three different v2 ones;
/// "alice 1000" and "alice 1001" differ in 8 cells (v1).
@Suite(.offTheCooperativeThreads) struct LookalikesOfMethodTests {
    /// What a typed seed looks like, drawn here: the answer names, in library order, the
    /// Fonsters that draw it or nearly, and adds nothing to the library.
    @Test func aTypedSeedNamesItsLookalikesBeforeItIsSaved() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        _ = try await h.result("fonsters/create", ["seed": "alice 1001", "engine": "fonsters-v1"])
        _ = try await h.result("fonsters/create", ["seed": "linus", "engine": "fonsters-v2"])
        let linus = try await h.result("fonsters/lookalikesOf", ["seed": "linus", "engine": "fonsters-v1"])
        #expect(linus["engine"] == "fonsters-v1" && linus["sameAs"] == [hello["id"]!, grace["id"]!] && linus["sameCount"] == 2)
        let drawn = try await LookalikeAnswerTests.drawnLibrary(h)
        for (seed, engine) in [("linus", EngineVersion.v1), ("alice 1000", .v1), ("linus", .v2), ("a seed of its own", .v2), ("", .v1)] {
            let answer = try await LookalikeAnswerTests.lookalikesOf(seed, engine, in: drawn, h)
            #expect(answer["engine"] == .string(engine.rawValue))
        }
        let alice = try await h.result("fonsters/lookalikesOf", ["seed": "alice 1000", "engine": "fonsters-v1"])
        #expect(alice["nearlyCount"] == 1 && alice["sameCount"] == 0, "alice 1001 is 8 cells away")
        #expect(try await h.result("fonsters/list")["total"] == 4, "asking adds nothing")
    }

    /// One rule of "looks alike" everywhere: the same shape in other colours nearly looks alike, in every library answer.
    /// "mary" and "james 2" draw one silhouette in other colours (fonsters-v2); "hello" another shape.
    @Test func theSameShapeInOtherColoursNearlyLooksAlike() async throws {
        let (mary, james) = (Picture(seed: "mary", engine: .v2), Picture(seed: "james 2", engine: .v2))
        try #require(mary != james && Likeness.silhouette(mary) == Likeness.silhouette(james))
        let h = MethodHarness()
        let first = try await h.result("fonsters/create", ["seed": "mary", "engine": "fonsters-v2"])
        let other = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v2"])
        let typed = try await h.result("fonsters/lookalikesOf", ["seed": "james 2", "engine": "fonsters-v2"])
        #expect(typed["nearlyAs"] == [first["id"]!] && typed["nearlyCount"] == 1 && typed["sameCount"] == 0)
        let created = try await h.result("fonsters/create", ["seed": "james 2", "engine": "fonsters-v2"])
        #expect(created["nearlyAs"] == [first["id"]!] && created["sameAs"] == [])
        let groups = try await h.result("fonsters/lookalikes")
        #expect(groups["near"] == [[first["id"]!, created["id"]!]] && groups["exact"] == [])
        let unlike = try await h.result("fonsters/get", ["id": other["id"]!, "lookalikes": true])
        #expect(unlike["nearlyCount"] == 0 && unlike["sameCount"] == 0, "another shape")
    }

    /// The Fonster being edited is left out, whether it draws the typed seed's picture or
    /// nearly; an id the library does not hold is ignored.
    @Test func exceptLeavesOutTheFonsterBeingEdited() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        let near = try await h.result("fonsters/create", ["seed": "alice 1001", "engine": "fonsters-v1"])
        let without = try await h.result("fonsters/lookalikesOf", ["seed": "linus", "engine": "fonsters-v1", "except": hello["id"]!])
        #expect(without["sameAs"] == [grace["id"]!] && without["sameCount"] == 1)
        let nearly = try await h.result("fonsters/lookalikesOf", ["seed": "alice 1000", "engine": "fonsters-v1", "except": near["id"]!])
        #expect(nearly["nearlyAs"] == [] && nearly["nearlyCount"] == 0)
        let unknown = try await h.result("fonsters/lookalikesOf", ["seed": "linus", "engine": "fonsters-v1", "except": "00000000-0000-4000-8000-0000000000ff"])
        #expect(unknown["sameAs"] == [hello["id"]!, grace["id"]!] && unknown["sameCount"] == 2)
    }

    /// While a seed is typed the warning says what `fonsters/update` answers once it is saved.
    @Test func theWarningWhileTypingIsTheAnswerAfterEnter() async throws {
        let h = MethodHarness()
        let editing = try await h.result("fonsters/create", ["seed": "", "engine": "fonsters-v1"])
        for seed in ["grace", "alice 1001", "alice 1999", "hello", "zebra"] {
            _ = try await h.result("fonsters/create", ["seed": .string(seed), "engine": "fonsters-v1"])
        }
        for seed in ["h", "he", "hel", "hell", "hello", "alice 1000", "alice 1998"] {
            let typed = try await h.result("fonsters/lookalikesOf", ["seed": .string(seed), "engine": "fonsters-v1", "except": editing["id"]!])
            let saved = try await h.result("fonsters/update", ["id": editing["id"]!, "seed": .string(seed)])
            for key in ["sameAs", "sameCount", "nearlyAs", "nearlyCount"] { #expect(typed[key] == saved[key], "\(seed): \(key)") }
        }
    }

    /// Without an engine the seed is drawn by the library's default engine (`library/settings`),
    /// read on each call, and the answer says which.
    @Test func theEngineDefaultsToTheLibrarys() async throws {
        let h = MethodHarness()
        let v1 = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let v2 = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v2"])
        for (engine, same) in [(EngineVersion.v1, v1), (.v2, v2), (.v1, v1)] {
            _ = try await h.result("library/settings", ["defaultEngine": .string(engine.rawValue)])
            let answer = try await h.result("fonsters/lookalikesOf", ["seed": "hello"])
            #expect(answer["engine"] == .string(engine.rawValue) && answer["sameAs"] == [same["id"]!], "\(engine.rawValue)")
        }
    }

    /// A deleted Fonster is no look-alike while it is in the trash, is one again once restored
    /// (its picture right), and is gone for good once purged.
    @Test func theTrashLeavesAndRestoresLookalikes() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        let asked: JSONValue = ["seed": "linus", "engine": "fonsters-v1"]
        #expect(try await h.result("fonsters/lookalikesOf", asked)["sameAs"] == [hello["id"]!, grace["id"]!])
        _ = try await h.result("fonsters/delete", ["id": hello["id"]!])
        #expect(try await h.result("fonsters/lookalikesOf", asked)["sameAs"] == [grace["id"]!], "in the trash")
        _ = try await h.result("fonsters/restore", ["id": hello["id"]!])
        #expect(try await h.result("fonsters/lookalikesOf", asked)["sameAs"] == [hello["id"]!, grace["id"]!], "restored")
        _ = try await h.result("fonsters/delete", ["id": grace["id"]!])
        _ = try await h.result("fonsters/purge")
        let purged = try await h.result("fonsters/lookalikesOf", asked)
        #expect(purged["sameAs"] == [hello["id"]!] && purged["sameCount"] == 1, "purged")
    }

    /// Bad params get -32602 naming the param (1002 for a seed over the limit) and change nothing.
    @Test func badParamsAreRefused() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        for params: JSONValue in [[:], ["seed": 7], ["seed": "x", "engine": "fonsters-v9"], ["seed": "x", "except": "not an id"], ["seed": "x", "except": 3]] {
            let error = try await h.error("fonsters/lookalikesOf", params)
            #expect(error["code"] == -32602, "\(params)")
        }
        let long = try await h.error("fonsters/lookalikesOf", ["seed": .string(String(repeating: "a", count: TextLimit.maxLength + 1))])
        #expect(long["code"] == 1002 && long["data"]?["field"] == "seed")
        #expect(try await h.result("fonsters/list")["total"] == 1)
    }
}
