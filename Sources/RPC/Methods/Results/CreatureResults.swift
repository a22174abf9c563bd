import Foundation
import CreatureCore

/// A still image of a creature (`creature/render`), with its alt text and the file name to
/// save it under.
struct RenderResult: ResultObject {
    let image: RenderedImage
    let alt: String
    let fileName: String
    static let component: String? = "RenderResult"
    static let members: [Member<RenderResult>] = image { $0.image } + [
        Member("etag") { $0.image.etag },
        Member("alt") { $0.alt },
        Member("fileName") { $0.fileName },
    ]

    /// The members every image result starts with: its data URI, type, size and length.
    static func image<Root>(mime: JSONValue = Schema.enumeration(ImageFormat.allCases.map(\.mimeType)),
                            _ image: @escaping @Sendable (Root) -> RenderedImage) -> [Member<Root>] {
        [
            Member("dataUri") { ImageURI(image: image($0)) },
            Member("mime", schema: mime) { image($0).format.mimeType },
            Member("width", schema: Schema.ref("Size")) { image($0).pixels },
            Member("height", schema: Schema.ref("Size")) { image($0).pixels },
            Member("bytes", schema: Schema.integer(minimum: 1)) { image($0).bytes.count },
        ]
    }
}

/// The scene around a creature: its layers (§8), the sky's light, and the scene the apps draw
/// behind it (§8.1).
struct EnvironmentResult: ResultObject {
    let environment: Environment
    let scene: Scene

    /// The environment and scene of `seed` drawn by `engine`.
    init(seed: String, engine: EngineVersion) {
        environment = Environment(seed: seed, engine: engine)
        scene = Scene(seed: seed, engine: engine)
    }

    static let component: String? = "Environment"
    static let members: [Member<EnvironmentResult>] = [
        Member("layers") { Layers(environment: $0.environment) },
        Member("showOptionalEffects") { $0.environment.showOptionalEffects },
        Member("sky") { Sky(environment: $0.environment) },
        Member("scene") { SceneResult(scene: $0.scene) },
    ]

    /// Whether the sun or moon shows.
    struct Shown: ResultObject {
        let on: Bool
        static let members: [Member<Shown>] = [Member("on") { $0.on }]
    }

    /// Each layer of the environment.
    struct Layers: ResultObject {
        let environment: Environment
        static let members: [Member<Layers>] = [
            Member("sun") { Shown(on: $0.environment.sun) },
            Member("moon") { Shown(on: $0.environment.moon) },
            Member("clouds") { $0.environment.clouds },
            Member("birds") { $0.environment.birds },
            Member("butterflies") { $0.environment.butterflies },
            Member("flowers") { $0.environment.flowers },
            Member("clovers") { $0.environment.clovers },
            Member("fireworks") { $0.environment.fireworks },
            Member("leaves") { $0.environment.leaves },
            Member("christmasLights") { $0.environment.christmasLights },
        ]
    }

    /// The sky's light (`k`) and its gradient.
    struct Sky: ResultObject {
        let environment: Environment
        static let members: [Member<Sky>] = [
            Member("k") { $0.environment.sky },
            Member("top") { $0.environment.skyGradient.top },
            Member("middle") { $0.environment.skyGradient.middle },
            Member("bottom") { $0.environment.skyGradient.bottom },
        ]
    }
}

/// A layer of the environment: whether it shows, and how many of its things (null where it has
/// no count).
extension Environment.Layer: ResultObject {
    static let component: String? = "Layer"
    static let members: [Member<Environment.Layer>] = [
        Member("on") { $0.on },
        Member("count") { $0.count },
    ]
}

/// The scene behind the creature as the apps draw it, in the numbers of `scene-v1.json`.
struct SceneResult: ResultObject {
    let scene: Scene
    static let summary: String? = "The scene behind the creature as the apps draw it (ENGINE.md §8.1), the numbers of scene-v1.json."
    static let members: [Member<SceneResult>] = [
        Member("sky", schema: Schema.array(Double.schema, minimum: 3, maximum: 3)) { [$0.scene.sky.top, $0.scene.sky.middle, $0.scene.sky.bottom] },
        Member("showOptionalEffects") { $0.scene.showOptionalEffects },
        Member("sun") { $0.scene.sun },
        Member("clouds") { $0.scene.clouds },
    ]
}

extension Scene.Sun: ResultObject {
    static let members: [Member<Scene.Sun>] = [Member("periodSeconds") { $0.periodSeconds }]
}

extension Scene.Clouds: ResultObject {
    static let members: [Member<Scene.Clouds>] = [
        Member("initial") { $0.initial },
        Member("max") { $0.max },
        Member("items") { $0.items },
    ]
}

extension Scene.Cloud: ResultObject {
    static let members: [Member<Scene.Cloud>] = [
        Member("index") { $0.index },
        Member("startsLeft") { $0.startsLeft },
        Member("y") { $0.y },
        Member("size") { $0.size },
        Member("driftSeconds") { $0.driftSeconds },
        Member("shapeSeed") { $0.shapeSeed },
    ]
}

/// How a creature looks at one moment of a tap's animation (`t` from 0 to 1 over the forward half).
struct TapSample: ResultObject {
    let t: Double
    let transform: TapTransform
    static let component: String? = "TapSample"
    static let members: [Member<TapSample>] = [
        Member("t") { $0.t },
        Member("scaleX") { $0.transform.scaleX },
        Member("scaleY") { $0.transform.scaleY },
        Member("rotationDegrees") { $0.transform.rotationDegrees },
        Member("rotation3DYDegrees") { $0.transform.rotation3DYDegrees },
        Member("offsetX") { $0.transform.offsetX },
        Member("offsetY") { $0.transform.offsetY },
        Member("opacity") { $0.transform.opacity },
        Member("overlay") { $0.transform.overlay },
    ]
}

/// An effect drawn over the creature: `{kind, …its numbers}`.
extension TapTransform.Overlay: ResultValue {
    /// The kind and its numbers.
    private var parts: (kind: String, numbers: [(String, Double)]) {
        switch self {
        case .topBand(let opacity, let offset): ("topBand", [("opacity", opacity), ("offset", offset)])
        case .rain(let intensity): ("rain", [("intensity", intensity)])
        case .explode(let burst, let flash): ("explode", [("burst", burst), ("flash", flash)])
        case .wipe(let reveal): ("wipe", [("reveal", reveal)])
        case .blinds(let open): ("blinds", [("open", open)])
        case .spotlight(let vignette): ("spotlight", [("vignette", vignette)])
        }
    }

    /// The kinds, as `parts` names them.
    private static let kinds: [JSONValue] = [
        .topBand(opacity: 0, offset: 0), .rain(intensity: 0), .explode(burst: 0, flash: 0), .wipe(reveal: 0), .blinds(open: 0),
        .spotlight(vignette: 0),
    ].map { (overlay: TapTransform.Overlay) in .string(overlay.parts.kind) }

    static var schema: JSONValue {
        ["type": "object", "properties": ["kind": ["enum": .array(kinds)]], "required": ["kind"], "additionalProperties": Double.schema]
    }

    func write(to out: inout JSONWriter) {
        let (kind, numbers) = parts
        out.beginObject()
        out.key("kind"); out.string(kind)
        for (name, value) in numbers {
            out.key(name)
            out.double(value)
        }
        out.endObject()
    }
}
