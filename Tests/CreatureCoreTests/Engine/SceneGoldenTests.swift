import Foundation
import Testing
import TestSupport
import JSON
@testable import CreatureCore

/// Parity with the apps' scene (docs/engine.md §8.1, `scene-v1.json`): every field of every scene
/// record — sky levels, effects, sun period and each cloud — for every seed of the v1 goldens.
@Suite(.offTheCooperativeThreads) struct SceneGoldenTests {
    struct SceneFile: Decodable { let engine: String; let scenes: [SceneRecord] }

    static let scenes: [SceneRecord] = {
        (try? Fixtures.golden("scene-v1.json", as: SceneFile.self).scenes) ?? []
    }()

    @Test func sceneFileHasEveryRecord() throws {
        let file = try Fixtures.golden("scene-v1.json", as: SceneFile.self)
        #expect(file.engine == EngineVersion.v1.rawValue)
        #expect(file.scenes.count == 2031)
        // The file exercises every branch: effects off, sun and clouds each on and off, keyword counts.
        #expect(file.scenes.contains { !$0.showOptionalEffects })
        #expect(file.scenes.contains { $0.sun != nil } && file.scenes.contains { $0.showOptionalEffects && $0.sun == nil })
        #expect(file.scenes.contains { $0.clouds != nil } && file.scenes.contains { $0.showOptionalEffects && $0.clouds == nil })
    }

    @Test(arguments: scenes)
    func everyFieldOfEveryScene(_ golden: SceneRecord) {
        let ours = SceneRecord(seed: golden.seed, engine: .v1)
        #expect(ours == golden, "scene of \(golden.seed.debugDescription): ours \(ours), golden \(golden)")
    }

    /// The scene's JSON fields (what `creature/environment` and `describe --scene` write) read back
    /// as the engine's scene, nulls included.
    @Test func jsonFieldsReadBackAsTheScene() throws {
        for seed in ["", "hello", "3 clouds", "sun and clouds"] {
            let record = SceneRecord(seed: seed, engine: .v1)
            let written = JSONValue.object(JSONObject([("seed", .string(seed))] + Scene(seed: seed, engine: .v1).jsonFields))
            let text = String(decoding: written.serialized(), as: UTF8.self)
            #expect(text.contains(#""sun":"#) && text.contains(#""clouds":"#))
            #expect(try Fixtures.read(SceneRecord.self, json: Data(text.utf8)) == record)
        }
    }

    /// The sky's level runs linearly through its three stops.
    @Test func skyLevelInterpolatesTheStops() {
        let scene = Scene(seed: "hello", engine: .v2)
        #expect(scene.skyLevel(at: 0) == scene.sky.top)
        #expect(scene.skyLevel(at: 0.5) == scene.sky.middle)
        #expect(scene.skyLevel(at: 1) == scene.sky.bottom)
        #expect(abs(scene.skyLevel(at: 0.25) - (scene.sky.top + scene.sky.middle) / 2) < 1e-12)
    }
}
