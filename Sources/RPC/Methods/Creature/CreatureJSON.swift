import Foundation
import CreatureCore

/// What the creature methods share: encoding a still and the JSON of their results.
enum CreatureJSON {
    /// The errors every creature method with a target may answer.
    static let targetErrors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong, .storeUnavailable]

    /// Encodes a still, turning an encoder failure into an internal error; `alt` (the creature's
    /// alt text, when at hand) spares an SVG drawing the creature again for its title.
    static func render(_ creature: Creature, format: ImageFormat, size: ImageSize, background: Background? = nil,
                       metadata: PNGMetadata? = nil, alt: String? = nil, request: RequestContext? = nil) throws(ResponseError) -> RenderedImage {
        do { return try Renderer.still(creature, format: format, size: size, background: background ?? .transparent, metadata: metadata,
                                       alt: alt, isCancelled: { request?.takeTurn() ?? false }) }
        catch is CancellationError { throw ResponseError.requestCancelled }
        catch { throw ResponseError.internalError("The \(format.rawValue) image could not be encoded: \(error)") }
    }

    /// The render result object shared by `creature/render` and `clock/creature`; `alt` is the
    /// creature's alt text (`AltText.creatureAndSentence` makes both from one drawing).
    static func renderResult(_ image: RenderedImage, creature: Creature, alt: String, name: String) -> JSONValue {
        [
            "dataUri": .string(image.dataURI),
            "mime": .string(image.format.mimeType),
            "width": .int(Int64(image.pixels)),
            "height": .int(Int64(image.pixels)),
            "bytes": .int(Int64(image.bytes.count)),
            "etag": .string(image.etag),
            "alt": .string(alt),
            "fileName": .string(Naming.exportFileName(name: name, seed: creature.seed, fileExtension: image.format.fileExtension)),
        ]
    }

    /// The `creature/describe` result: the golden record's fields, grouped, plus its alt text.
    static func describe(_ creature: Creature, alt: String, tap: Int) -> JSONValue {
        let c = creature.configuration
        let configuration: JSONValue = [
            "tier": .int(Int64(c.tier)), "mode": .string(c.mode.rawValue), "symmetryAxis": .string(c.axis.rawValue),
            "palette": .array(c.palette.map { .string($0) }), "opaqueBackground": .bool(c.opaqueBackground),
            "creatureType": .string(c.creatureType.rawValue), "symmetric": .bool(c.symmetric),
            "diagonal": .bool(c.diagonal), "upsideDown": .bool(c.upsideDown), "shapeMask": .string(c.shapeMask.name),
            "eyes": .bool(c.eyes), "eyeShape": .string(c.eyeShape.rawValue), "mouth": .bool(c.mouth),
            "mouthStyle": .string(c.mouthStyle.rawValue), "nose": .bool(c.nose), "body": .bool(c.body),
            "hair": .bool(c.hair), "eyebrows": .bool(c.eyebrows), "beard": .bool(c.beard), "ears": .bool(c.ears),
            "horn": .bool(c.horn), "antlers": .bool(c.antlers), "appendages": .bool(c.appendages),
            "appendageCount": .int(Int64(c.appendageCount)), "appendageStyle": .string(c.appendageStyle.rawValue),
            "appendageRadial": .bool(c.appendageRadial),
        ]
        return [
            "seed": .string(creature.seed), "renderSeed": .string(creature.renderSeed),
            "engine": .string(creature.engine.rawValue),
            "configuration": configuration,
            "grid": .array(creature.grid.rows.map { .string($0) }),
            "colors": .array(creature.colors.map { .string($0.hex) }),
            "alt": .string(alt),
            "tapAnimation": ["tap": .int(Int64(tap)), "kind": .string(creature.tapAnimation(tap).rawValue)],
            "environment": environmentJSON(seed: creature.seed, engine: creature.engine),
        ]
    }

    /// The scene behind the creature (§8.1), in the numbers of `scene-v1.json`.
    static func sceneJSON(_ scene: Scene) -> JSONValue { .object(JSONObject(scene.jsonFields)) }

    /// The environment (§8) with the scene (§8.1) of `seed` under `engine`.
    static func environmentJSON(seed: String, engine: EngineVersion) -> JSONValue {
        environmentJSON(Environment(seed: seed, engine: engine)).merging([("scene", sceneJSON(Scene(seed: seed, engine: engine)))])
    }

    static func environmentJSON(_ e: Environment) -> JSONValue {
        func layer(_ l: Environment.Layer) -> JSONValue {
            ["on": .bool(l.on), "count": l.count.map { .int(Int64($0)) } ?? .null]
        }
        let sky = e.skyGradient
        return [
            "layers": [
                "sun": ["on": .bool(e.sun)], "moon": ["on": .bool(e.moon)],
                "clouds": layer(e.clouds), "birds": layer(e.birds), "butterflies": layer(e.butterflies),
                "flowers": layer(e.flowers), "clovers": layer(e.clovers), "fireworks": layer(e.fireworks),
                "leaves": layer(e.leaves), "christmasLights": layer(e.christmasLights),
            ],
            "showOptionalEffects": .bool(e.showOptionalEffects),
            "sky": ["k": .double(e.sky), "top": .double(sky.top), "middle": .double(sky.middle), "bottom": .double(sky.bottom)],
        ]
    }

    static func transformJSON(_ x: TapTransform, t: Double) -> JSONValue {
        let overlay: JSONValue
        switch x.overlay {
        case nil: overlay = .null
        case .topBand(let opacity, let offset)?: overlay = ["kind": "topBand", "opacity": .double(opacity), "offset": .double(offset)]
        case .rain(let intensity)?: overlay = ["kind": "rain", "intensity": .double(intensity)]
        case .explode(let burst, let flash)?: overlay = ["kind": "explode", "burst": .double(burst), "flash": .double(flash)]
        case .wipe(let reveal)?: overlay = ["kind": "wipe", "reveal": .double(reveal)]
        case .blinds(let open)?: overlay = ["kind": "blinds", "open": .double(open)]
        case .spotlight(let vignette)?: overlay = ["kind": "spotlight", "vignette": .double(vignette)]
        }
        return [
            "t": .double(t), "scaleX": .double(x.scaleX), "scaleY": .double(x.scaleY),
            "rotationDegrees": .double(x.rotationDegrees), "rotation3DYDegrees": .double(x.rotation3DYDegrees),
            "offsetX": .double(x.offsetX), "offsetY": .double(x.offsetY), "opacity": .double(x.opacity),
            "overlay": overlay,
        ]
    }
}
