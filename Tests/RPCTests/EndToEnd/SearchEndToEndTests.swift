import Foundation
import Testing
import TestSupport
import CreatureCore
import RPC

extension EndToEnd {
    /// `creature/search` and `fonsters/lookalikes` over real pipes: streamed results, the same
    /// answer twice, impossible wants refused at once, cancel stopping the CPU.
    @Suite struct Search {
        @Test func resultsStreamAsProgressAndTheAnswerListsThemAll() throws {
            let server = try ServerProcess()
            let params: JSONValue = ["base": "alice", "want": ["antlers": true, "beard": true], "limit": 4, "engine": "fonsters-v2",
                                      "workDoneToken": "find"]
            let id = server.sendRequest("creature/search", params)
            let answer = try server.response(to: id)
            let results = try #require(answer["result"]?["results"]?.array, "\(answer)")
            #expect(results.count == 4)
            #expect(answer["result"]?["stoppedBy"] == "limit")
            var streamed: [JSONValue] = []
            while let report = try server.notification("$/progress", timeout: 1, where: { $0["params"]?["value"]?["kind"] == "report" }) {
                streamed.append(try #require(report["params"]?["value"]?["result"]))
            }
            #expect(streamed == results)
            for result in results {
                let seed = try #require(result["seed"]?.string)
                #expect(result["thumbnail"]?.string?.hasPrefix("data:image/png;base64,") == true)
                #expect(result["traits"] == ["antlers": "true", "beard": "true"])
                let described = try server.result("creature/describe", ["seed": .string(seed), "engine": "fonsters-v2"])
                #expect(described["configuration"]?["antlers"] == true && described["configuration"]?["beard"] == true)
                #expect(described["configuration"]?["mode"] == "creature")
            }
            let again = try server.result("creature/search", ["base": "alice", "want": "antlers,beard", "limit": 4, "engine": "fonsters-v2"])
            #expect(again["results"] == answer["result"]?["results"])
            #expect(try server.shutdownAndExit() == 0)

            // Across a restart too.
            let restarted = try ServerProcess()
            #expect(try restarted.result("creature/search", ["base": "alice", "want": "antlers,beard", "limit": 4, "engine": "fonsters-v2"])["results"]
                    == answer["result"]?["results"])
            #expect(try restarted.shutdownAndExit() == 0)
        }

        @Test func impossibleAndMalformedWantsAreInvalidParams() throws {
            let server = try ServerProcess()
            let space = try server.error("creature/search", ["base": "a", "want": ["antlers": true, "mode": "space"], "engine": "fonsters-v1"])
            #expect(space["code"] == -32602)
            #expect(space["data"]?["traits"] == ["antlers", "mode"] && space["data"]?["impossible"] == true)
            #expect(space["message"]?.string?.contains("antlers") == true)
            let tier = try server.error("creature/search", ["base": "a", "want": ["tier": 1], "engine": "fonsters-v2"])
            #expect(tier["data"]?["traits"] == ["tier"])
            let unknown = try server.error("creature/search", ["base": "a", "want": ["wings": true]])
            #expect(unknown["code"] == -32602 && unknown["data"]?["impossible"] == false)
            #expect(try server.error("creature/search", ["base": "a"])["data"]?["field"] == "want")
            #expect(try server.error("creature/search", ["base": "a", "want": "eyes", "limit": 0])["data"]?["field"] == "limit")
            #expect(try server.error("creature/search", ["base": "a", "want": "eyes", "variants": ["anagrams"]])["data"]?["field"] == "variants[0]")
            let missing = try server.error("creature/search", ["base": "a", "want": "eyes", "unlike": ["00000000-0000-4000-8000-000000000009"]])
            #expect(missing["code"] == 1001)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func unlikeLeavesOutTheLibrarysPictures() throws {
            let server = try ServerProcess()
            let first = try server.result("creature/search", ["base": "bob", "want": "tier=3", "limit": 3, "engine": "fonsters-v2"])["results"]?.array ?? []
            #expect(first.count == 3)
            let taken = try server.result("fonsters/create", ["seed": first[0]["seed"]!, "engine": "fonsters-v2"])
            let unlike = try server.result("creature/search", ["base": "bob", "want": "tier=3", "limit": 2, "engine": "fonsters-v2", "unlike": [taken["id"]!]])
            #expect(unlike["results"]?.array?.compactMap { $0["seed"] } == [first[1]["seed"]!, first[2]["seed"]!])
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func lookalikesGroupTheLibrary() throws {
            let server = try ServerProcess()
            var ids: [String: JSONValue] = [:]
            for seed in ["hello", "grace", "linus", "alice", "bob"] {
                ids[seed] = try server.result("fonsters/create", ["seed": .string(seed), "engine": "fonsters-v1"])["id"]
            }
            let groups = try server.result("fonsters/lookalikes")
            #expect(groups["count"] == 5 && groups["nearlyMaxCells"] == nil)
            let exact = try #require(groups["exact"]?.array)
            #expect(exact.count == 1)
            // hello, grace and linus (and alice) draw one v1 picture, bob another.
            let hello = Picture(seed: "hello", engine: .v1)
            let same = ids.filter { Picture(seed: $0.key, engine: .v1) == hello }.map(\.value)
            #expect(same.count >= 3 && same.count < 5)
            #expect(Set(exact[0].array ?? []) == Set(same))
            #expect(try server.shutdownAndExit() == 0)
        }

        /// A search that would run for minutes stops when cancelled: the answer is -32800, the
        /// progress ends, and the process uses (almost) no CPU afterwards.
        @Test func cancellingALongSearchStopsTheCPU() throws {
            let server = try ServerProcess()
            let id = server.sendRequest("creature/search", ["base": "zed", "want": "hair,ears,horn,antlers,colors=6", "limit": 200,
                                                            "maxCandidates": 100_000_000, "timeoutMs": 60_000, "workDoneToken": "s"])
            let begin = try #require(try server.notification("$/progress"))
            #expect(begin["params"]?["value"]?["kind"] == "begin")
            try server.cancelAndExpectTheCPUToStop(id, token: "s")
            #expect(try server.shutdownAndExit() == 0)
        }
    }
}
