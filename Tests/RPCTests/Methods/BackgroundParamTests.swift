import Foundation
import Testing
import CreatureCore
import FonsterStore
@testable import RPC

/// `background` reaches every method that draws an image, and a bad one is refused
/// naming it. The pixels themselves are checked against the decoders in CreatureCoreTests and
/// Pillow; here, that each method asks the renderer for what the client asked.
@Suite struct BackgroundParamTests {
    static func bytes(_ result: JSONValue?) -> [UInt8] {
        guard let uri = result?["dataUri"]?.string ?? result?.string, let comma = uri.firstIndex(of: ",") else { return [] }
        return Array(Data(base64Encoded: String(uri[uri.index(after: comma)...])) ?? Data())
    }

    /// The render's alt text (and an SVG's title) names what the image stands on: its sky, or a
    /// colour, not "a transparent background".
    @Test func renderAltNamesTheBackgroundAsked() async throws {
        let h = MethodHarness()
        let seed = "Dark Bob"
        let plain = try #require(try await h.result("creature/render", ["seed": .string(seed), "engine": "fonsters-v1"])["alt"]?.string)
        #expect(plain.hasSuffix("transparent background."), "\(plain)")
        for (background, ground) in [("sky", "its sky."), ("#101a48", "a navy background.")] {
            let render = try await h.result("creature/render", ["seed": .string(seed), "engine": "fonsters-v1", "background": .string(background)])
            let alt = try #require(render["alt"]?.string)
            #expect(alt.hasSuffix(ground) && !alt.contains("transparent"), "\(background): \(alt)")
            let svg = try await h.result("creature/render", ["seed": .string(seed), "engine": "fonsters-v1", "format": "svg", "background": .string(background)])
            #expect(String(decoding: Self.bytes(svg), as: UTF8.self).contains("<title>\(alt)</title>"), "\(background)")
        }
    }

    @Test func renderFramesAnimateClockAndListDrawOnTheBackgroundAsked() async throws {
        let h = MethodHarness()
        let seed = "Dark Bob", creature = Creature(seed: seed, engine: .v1)
        for background in ["sky", "#1e1e1e", "transparent"] {
            let parsed = try Background(parsing: background)
            let expected = try Renderer.still(creature, format: .png, size: .thumbnail, background: parsed).bytes
            let render = try await h.result("creature/render", ["seed": .string(seed), "engine": "fonsters-v1", "size": 64, "background": .string(background)])
            #expect(Self.bytes(render) == expected, "\(background)")
            // Every frame stands on the whole seed's sky, as the animation does.
            let frames = try await h.result("creature/frames", ["seed": .string(seed), "engine": "fonsters-v1", "size": 64, "background": .string(background)])
            let last = try #require(frames["frames"]?.array?.last)
            let backdrop = parsed.backdrop(seed: seed, engine: .v1)
            #expect(Self.bytes(last["dataUri"]) == (try Renderer.still(creature, format: .png, size: .thumbnail, backdrop: backdrop).bytes))
            let gif = try await h.result("creature/animate", ["seed": .string(seed), "engine": "fonsters-v1", "size": 64, "background": .string(background)])
            #expect(Self.bytes(gif) == (try Renderer.evolutionGIF(seed: seed, size: .thumbnail, engine: .v1, background: parsed).bytes))
        }
        _ = try await h.result("fonsters/create", ["seed": .string(seed), "engine": "fonsters-v1"])
        let listed = try await h.result("fonsters/list", ["thumbnails": ["size": 64, "background": "sky"]])
        #expect(Self.bytes(listed["fonsters"]?[0]?["thumbnail"]) == (try Renderer.still(creature, format: .png, size: .thumbnail, background: .sky).bytes))
        let clock = try await h.result("clock/creature", ["size": 64, "background": "#ffffff", "format": "jpeg"])
        #expect(clock["mime"] == "image/jpeg" && !Self.bytes(clock).isEmpty)
    }

    @Test func aBadBackgroundIsRefusedNamingIt() async throws {
        let h = MethodHarness()
        for (method, params, field) in [
            ("creature/render", ["seed": "a", "background": "blue"] as JSONValue, "background"),
            ("creature/frames", ["seed": "a", "background": 3], "background"),
            ("fonsters/list", ["thumbnails": ["background": "#12345"]], "thumbnails.background"),
        ] {
            let error = try await h.error(method, params)
            #expect(error["code"] == -32602 && error["data"]?["field"]?.string == field, "\(method): \(error)")
            #expect(error["message"]?.string?.contains("sky") == true, "\(error)")
        }
    }
}
