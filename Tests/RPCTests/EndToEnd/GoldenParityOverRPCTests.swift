import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// Parity through the path every front takes: every field of every golden record (v1, v1 edge,
    /// v2) asked of the real server over pipes — `creature/describe`, `creature/tapAnimation`,
    /// `creature/environment` by seed, and `creature/describe` of a stored Fonster by id, drawn
    /// with the engine it was created with. (v2's taps and environment once answered with v1's
    /// hash here while the CLI was right.)
    @Suite(.tags(.slow), .notInQuickTier) struct GoldenParityOverRPC {
        static let files = ["engine-v1.json", "engine-v1-edge.json", "engine-v2.json"]

        @Test(arguments: files)
        func everyFieldOfEveryRecord(file: String) throws {
            let golden = try JSONParser.parse(Array(try Fixtures.golden(file)))
            let engine = try #require(golden["engine"])
            let records = try #require(golden["records"]?.array)
            #expect(records.count > 300)
            let server = try ServerProcess()
            // Pipelined in chunks, so that neither side's pipe fills while the other waits.
            let chunk = 200
            var checked = 0
            for start in stride(from: 0, to: records.count, by: chunk) {
                let slice = records[start..<min(records.count, start + chunk)]
                var pending: [(record: JSONValue, ids: [JSONValue])] = []
                for record in slice {
                    let seed = try #require(record["seed"])
                    let bySeed: JSONValue = ["seed": seed, "engine": engine]
                    pending.append((record, [
                        server.sendRequest("creature/describe", bySeed),
                        server.sendRequest("creature/tapAnimation", ["seed": seed, "engine": engine, "tap": 1]),
                        server.sendRequest("creature/tapAnimation", ["seed": seed, "engine": engine, "tap": 2]),
                        server.sendRequest("creature/environment", bySeed),
                        server.sendRequest("fonsters/create", ["seed": seed, "engine": engine]),
                    ]))
                }
                var created: [(record: JSONValue, id: JSONValue)] = []
                for (record, ids) in pending {
                    let seed = record["seed"]!
                    let describe = try result(server, ids[0])
                    expectDescribe(describe, matches: record, tap: 0, engine: engine)
                    #expect(try result(server, ids[1])["kind"] == record["tapAnimation"]?[1], "tap 1 of \(seed)")
                    #expect(try result(server, ids[2])["kind"] == record["tapAnimation"]?[2], "tap 2 of \(seed)")
                    expectEnvironment(try result(server, ids[3]), matches: record)
                    let fonster = try result(server, ids[4])
                    #expect(fonster["engine"] == engine)
                    created.append((record, server.sendRequest("creature/describe", ["id": fonster["id"]!, "tap": 2])))
                }
                for (record, id) in created {
                    expectDescribe(try result(server, id), matches: record, tap: 2, engine: engine)
                    checked += 1
                }
            }
            #expect(checked == records.count)
            #expect(try server.shutdownAndExit() == 0)
        }

        /// Every scene of `scene-v1.json` (§8.1) as `creature/environment` gives it, field by field.
        @Test func everySceneOverTheProtocol() throws {
            let golden = try JSONParser.parse(Array(try Fixtures.golden("scene-v1.json")))
            let scenes = try #require(golden["scenes"]?.array)
            #expect(scenes.count > 2000)
            let server = try ServerProcess()
            for start in stride(from: 0, to: scenes.count, by: 200) {
                let slice = scenes[start..<min(scenes.count, start + 200)]
                let ids = slice.map { server.sendRequest("creature/environment", ["seed": $0["seed"]!, "engine": "fonsters-v1"]) }
                for (scene, id) in zip(slice, ids) {
                    let got = try result(server, id)["scene"]
                    for field in ["sky", "showOptionalEffects", "sun", "clouds"] {
                        #expect(got?[field] == scene[field], "\(field) of \(scene["seed"]!)")
                    }
                }
            }
            #expect(try server.shutdownAndExit() == 0)
        }

        private func result(_ server: ServerProcess, _ id: JSONValue) throws -> JSONValue {
            let response = try server.response(to: id)
            guard let result = response["result"] else { throw E2EFailure("error for \(id): \(response)") }
            return result
        }

        /// The configuration fields of a golden record, as `creature/describe` groups them.
        static let configurationFields = [
            "tier", "mode", "symmetryAxis", "palette", "opaqueBackground", "creatureType", "symmetric", "diagonal",
            "upsideDown", "shapeMask", "eyes", "eyeShape", "mouth", "mouthStyle", "nose", "body", "hair", "eyebrows",
            "beard", "ears", "horn", "antlers", "appendages", "appendageCount", "appendageStyle", "appendageRadial",
        ]

        private func expectDescribe(_ describe: JSONValue, matches record: JSONValue, tap: Int, engine: JSONValue) {
            let seed = record["seed"]!
            #expect(describe["seed"] == seed)
            #expect(describe["engine"] == engine)
            for field in Self.configurationFields {
                #expect(describe["configuration"]?[field] == record[field], "\(field) of \(seed)")
            }
            #expect(describe["grid"] == record["grid"], "grid of \(seed)")
            #expect(describe["colors"] == record["colors"], "colors of \(seed)")
            #expect(describe["tapAnimation"]?["kind"] == record["tapAnimation"]?[tap], "tap \(tap) of \(seed)")
            if let environment = describe["environment"] { expectEnvironment(environment, matches: record) }
            else { Issue.record("describe of \(seed) has no environment") }
            #expect(describe["alt"]?.string?.hasPrefix("A ") == true)
        }

        /// The golden record's flat environment fields against the protocol's grouped layers.
        private func expectEnvironment(_ environment: JSONValue, matches record: JSONValue) {
            let seed = record["seed"]!, golden = record["environment"]!
            #expect(environment["layers"]?["sun"]?["on"] == golden["sun"], "sun of \(seed)")
            #expect(environment["layers"]?["moon"]?["on"] == golden["moon"], "moon of \(seed)")
            for (layer, count) in [("clouds", "cloudCount"), ("birds", "birdCount"), ("butterflies", "butterflyCount"),
                                   ("flowers", "flowerCount"), ("clovers", "cloverCount"), ("fireworks", "fireworkCount"),
                                   ("leaves", "leafCount"), ("christmasLights", "christmasLightsCount")] {
                #expect(environment["layers"]?[layer]?["on"] == golden[layer], "\(layer) of \(seed)")
                #expect(environment["layers"]?[layer]?["count"] == golden[count], "\(count) of \(seed)")
            }
            #expect(environment["showOptionalEffects"] == golden["showOptionalEffects"], "showOptionalEffects of \(seed)")
            #expect(environment["sky"]?["k"]?.double == golden["sky"]?.double, "sky of \(seed)")
        }
    }
}
