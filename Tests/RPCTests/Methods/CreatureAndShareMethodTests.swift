import Foundation
import Testing
import TestSupport
@testable import RPC

/// `creature/*`, `clock/*`, `share/*` and `library/*` handlers through the dispatcher.
@Suite(.hangBackstop) struct CreatureAndShareMethodTests {
    @Test(arguments: [("png", "image/png"), ("gif", "image/gif"), ("jpeg", "image/jpeg"), ("jpg", "image/jpeg"), ("svg", "image/svg+xml")])
    func renderInEveryFormat(format: String, mime: String) async throws {
        let h = MethodHarness()
        let image = try await h.result("creature/render", ["seed": "formats", "format": .string(format), "size": 64])
        #expect(image["mime"] == .string(mime) && image["width"] == 64 && image["height"] == 64)
        #expect(image["dataUri"]?.string?.hasPrefix("data:\(mime);base64,") == true)
        #expect((image["bytes"]?.int ?? 0) > 0 && image["alt"]?.string?.isEmpty == false)
        let again = try await h.result("creature/render", ["seed": "formats", "format": .string(format), "size": 64])
        #expect(again["etag"] == image["etag"])
    }

    @Test func sizesAreMultiplesOf32From32To2048() async throws {
        let h = MethodHarness()
        #expect(try await h.result("creature/render", ["seed": "s", "size": 32])["width"] == 32)
        for bad: Int64 in [0, 31, 33, 2080, -32] {
            let error = try await h.error("creature/render", ["seed": "s", "size": .int(bad)])
            #expect(error["code"] == -32602 && error["data"]?["field"] == "size")
        }
    }

    @Test func targetIsExactlyOneOfSeedAndId() async throws {
        let h = MethodHarness()
        #expect(try await h.error("creature/describe")["data"]?["field"] == "seed")
        #expect(try await h.error("creature/describe", ["seed": "a", "id": "0000000A-0000-4000-8000-000000000000"])["code"] == -32602)
        #expect(try await h.error("creature/describe", ["id": "nope"])["data"]?["field"] == "id")
    }

    @Test func describeGivesTheGridColorsAndEnvironment() async throws {
        let h = MethodHarness()
        let d = try await h.result("creature/describe", ["seed": "hello", "tap": 2, "engine": "fonsters-v1"])
        #expect(d["grid"]?.array?.count == 32 && d["grid"]?.array?.allSatisfy { $0.string?.count == 32 } == true)
        #expect(d["colors"]?.array?.count == 6 && d["engine"] == "fonsters-v1")
        #expect(d["tapAnimation"]?["tap"] == 2)
        #expect(d["environment"] == (try await h.result("creature/environment", ["seed": "hello", "engine": "fonsters-v1"])))
        #expect(try await h.error("creature/describe", ["seed": "x", "tap": -1])["data"]?["field"] == "tap")
    }

    @Test func framesWindowAndSpeed() async throws {
        let h = MethodHarness()
        let all = try await h.result("creature/frames", ["seed": "abcde", "size": 32])
        #expect(all["total"] == 5 && all["intervalMs"] == 300 && all["frames"]?.array?.count == 5)
        let window = try await h.result("creature/frames", ["seed": "abcde", "size": 32, "start": 1, "count": 2, "speed": 1.0])
        #expect(window["frames"]?.array?.compactMap { $0["prefix"]?.string } == ["ab", "abc"])
        #expect(window["frames"]?[0]?["index"] == 2)
        #expect(window["intervalMs"]?.int.map { $0 < 300 } == true)
        let empty = try await h.result("creature/frames", ["seed": "   ", "size": 32])
        #expect(empty["total"] == 0 && empty["frames"] == [])
        #expect(try await h.error("creature/frames", ["seed": "abc", "count": -1])["data"]?["field"] == "count")
        #expect(try await h.error("creature/frames", ["seed": "abc", "speed": 0.05])["data"]?["field"] == "speed")
    }

    @Test func animateIsAGifOfEveryFrame() async throws {
        let h = MethodHarness()
        let gif = try await h.result("creature/animate", ["seed": "abcd", "size": 32])
        #expect(gif["mime"] == "image/gif" && gif["frames"] == 4 && gif["dataUri"]?.string?.hasPrefix("data:image/gif;base64,R0lGOD") == true)
    }

    @Test func tapAnimationSamples() async throws {
        let h = MethodHarness()
        let tap = try await h.result("creature/tapAnimation", ["seed": "x", "tap": 3, "samples": 4])
        #expect(tap["samples"]?.array?.count == 4 && tap["samples"]?[0]?["t"] == 0.0 && tap["samples"]?[3]?["t"] == 1.0)
        #expect(tap["ignored"] == false && tap["forwardMs"] == 500)
        #expect(try await h.result("creature/tapAnimation", ["seed": ""])["ignored"] == true)
        #expect(try await h.error("creature/tapAnimation", ["seed": "x", "samples": 1])["data"]?["field"] == "samples")
    }

    @Test func clockCreatureCarriesItsSeed() async throws {
        let h = MethodHarness()
        let clock = try await h.result("clock/creature", ["size": 32])
        let seed = try #require(clock["seed"]?.string)
        let same = try await h.result("creature/render", ["seed": .string(seed), "size": 32])
        #expect(clock["etag"] == same["etag"] && clock["dataUri"] == same["dataUri"])
    }

    @Test func shareRoundTripSkipsSeedsAlreadyInTheLibrary() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["seed": "have"])
        let url = try #require(try await h.result("share/build", ["seeds": ["have", "new", "new"]])["url"])
        let preview = try await h.result("share/preview", ["url": url])
        #expect(preview["seeds"]?.array?.compactMap { $0["exists"]?.bool } == [true, false, false])
        let imported = try await h.result("share/import", ["url": url])
        #expect(imported["created"]?.array?.count == 1 && imported["skipped"] == 2)
        let selected = try await h.error("share/import", ["url": url, "select": [5]])
        #expect(selected["data"]?["field"] == "select")
        #expect(try await h.error("share/build", ["seeds": []])["code"] == -32602)
        #expect(try await h.error("share/build", ["seeds": ["a"], "ids": []])["code"] == -32602)
    }

    @Test func libraryExportImportRoundTrip() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["name": "Exported", "seed": "one"])
        let bundle = try #require(try await h.result("library/export")["bundle"])
        #expect(bundle["format"] == "fonsters-library" && bundle["version"] == 1)
        // Into the library it came from: the Fonster is already there, so it is skipped.
        let imported = try await h.result("library/import", ["bundle": bundle])
        #expect(imported["created"]?.array?.isEmpty == true && imported["skipped"] == 1)
        #expect(try await h.result("fonsters/list")["fonsters"]?.array?.count == 1)
        #expect(try await h.error("library/import", ["bundle": ["format": "zip"]])["code"] == 1010)
        #expect(try await h.error("library/import", ["bundle": bundle, "select": [3]])["data"]?["field"] == "select")
    }

    @Test func initializeDescribesTheServer() async throws {
        let h = MethodHarness()
        let info = try await h.result("initialize", ["clientInfo": ["name": "t"]])
        #expect(info["capabilities"]?["experimental"]?["methods"] == .array(MethodTable.names.map { .string($0) }))
        #expect(info["capabilities"]?["experimental"]?["sizes"] == ["min": 32, "max": 2048, "step": 32])
        #expect(info["store"]?["memory"] == true)
        #expect(try await h.error("initialize", [1])["data"]?["field"] == "params")
    }
}
