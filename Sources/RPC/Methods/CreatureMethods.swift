import Foundation
import CreatureCore

/// `creature/*`: images, descriptions, evolution frames and animation, taps and environment.
enum CreatureMethods {
    /// Encodes a still, turning an encoder failure into an internal error.
    static func render(_ creature: Creature, format: ImageFormat, size: ImageSize,
                       metadata: PNGMetadata? = nil) throws(ResponseError) -> RenderedImage {
        do { return try Renderer.still(creature, format: format, size: size, metadata: metadata) }
        catch { throw ResponseError.internalError("could not encode the \(format.rawValue) image: \(error)") }
    }

    /// The render result object shared by `creature/render` and `clock/creature`.
    static func renderResult(_ image: RenderedImage, creature: Creature, name: String) -> JSONValue {
        [
            "dataUri": .string(image.dataURI),
            "mime": .string(image.format.mimeType),
            "width": .int(Int64(image.pixels)),
            "height": .int(Int64(image.pixels)),
            "bytes": .int(Int64(image.bytes.count)),
            "etag": .string(image.etag),
            "alt": .string(AltText.sentence(for: creature)),
            "fileName": .string(Naming.exportFileName(name: name, seed: creature.seed, fileExtension: image.format.fileExtension)),
        ]
    }

    static func register(on server: RPCServer, context: ServerContext) {
        server.register(method: "creature/render") { params, _ in
            let p = try Params(params)
            let target = try Target(p, context: context)
            let format = try p.format(), size = try p.size()
            let metadata = try p.bool("metadata") ?? false
            let creature = Creature(seed: target.seed)
            let image = try render(creature, format: format, size: size,
                                   metadata: metadata ? PNGMetadata(seed: target.seed, created: Date()) : nil)
            return renderResult(image, creature: creature, name: target.name)
        }
        server.register(method: "creature/describe") { params, _ in
            let p = try Params(params)
            let target = try Target(p, context: context)
            let tap = try p.int("tap") ?? 0
            guard tap >= 0 else { throw ResponseError.invalidParams(field: "tap", "'tap' must be 0 or more (got \(tap))") }
            return describe(Creature(seed: target.seed), tap: tap)
        }
        server.register(method: "creature/frames") { params, request in
            let p = try Params(params)
            let target = try Target(p, context: context)
            let format = try p.format(), size = try p.size(), interval = try p.intervalMs()
            let prefixes = Evolution.Frames(target.seed)
            let start = try p.int("start") ?? 0
            guard start >= 0 else { throw ResponseError.invalidParams(field: "start", "'start' must be 0 or more (got \(start))") }
            guard start < max(prefixes.count, 1) else {
                throw ResponseError(code: .frameOutOfRange,
                                    message: "'start' \(start) is past the end: the seed has \(prefixes.count) frames",
                                    data: ["field": "start"])
            }
            let count = try p.int("count") ?? prefixes.count
            guard count >= 0 else { throw ResponseError.invalidParams(field: "count", "'count' must be 0 or more (got \(count))") }
            let end = start + min(count, prefixes.count - start)
            request.beginProgress(title: "Rendering frames", percentage: 0)
            var frames: [JSONValue] = []
            frames.reserveCapacity(max(0, end - start))
            for index in start..<max(start, end) {
                try request.checkCancellation()
                let prefix = prefixes[index]
                let image = try render(Creature(seed: prefix), format: format, size: size)
                frames.append(["index": .int(Int64(index + 1)), "prefix": .string(prefix), "dataUri": .string(image.dataURI)])
                if (index - start) % 25 == 24 {
                    request.reportProgress(percentage: (index - start + 1) * 100 / max(1, end - start))
                }
            }
            request.endProgress()
            return ["total": .int(Int64(prefixes.count)), "intervalMs": .int(Int64(interval)), "frames": .array(frames)]
        }
        server.register(method: "creature/animate") { params, request in
            let p = try Params(params)
            let target = try Target(p, context: context)
            let size = try p.size(), interval = try p.intervalMs()
            request.beginProgress(title: "Rendering the evolution")
            let image: RenderedImage
            do {
                image = try Renderer.evolutionGIF(seed: target.seed, size: size, intervalMs: interval,
                                                  isCancelled: { request.isCancelled })
            } catch is CancellationError {
                throw ResponseError.requestCancelled
            } catch {
                throw ResponseError.internalError("could not encode the animation: \(error)")
            }
            request.endProgress()
            return [
                "dataUri": .string(image.dataURI), "mime": "image/gif",
                "width": .int(Int64(image.pixels)), "height": .int(Int64(image.pixels)),
                "bytes": .int(Int64(image.bytes.count)),
                "frames": .int(Int64(max(1, Evolution.frameCount(of: target.seed)))),
                "intervalMs": .int(Int64(interval)),
                "fileName": .string(Naming.exportFileName(name: target.name, seed: target.seed, fileExtension: "gif")),
            ]
        }
        server.register(method: "creature/tapAnimation") { params, _ in
            let p = try Params(params)
            let target = try Target(p, context: context)
            let tap = try p.int("tap") ?? 0
            guard tap >= 0 else { throw ResponseError.invalidParams(field: "tap", "'tap' must be 0 or more (got \(tap))") }
            let size = try p.double("size") ?? 100
            guard size > 0 && size <= 100_000 else {
                throw ResponseError.invalidParams(field: "size", "'size' must be a view size in points, more than 0 (got \(size))")
            }
            let count = try p.int("samples") ?? 5
            guard (2...1000).contains(count) else {
                throw ResponseError.invalidParams(field: "samples", "'samples' must be between 2 and 1000 (got \(count))")
            }
            let kind = TapAnimation.kind(seed: target.seed, tap: tap)
            let samples: [JSONValue] = (0..<count).map { i in
                let t = Double(i) / Double(count - 1)
                return transformJSON(kind.transform(t: t, size: size), t: t)
            }
            return [
                "tap": .int(Int64(tap)), "kind": .string(kind.rawValue),
                "ignored": .bool(Seeds.trim(target.seed).isEmpty),
                "forwardMs": .int(Int64(TapAnimation.forwardMs)), "reverseMs": .int(Int64(TapAnimation.reverseMs)),
                "samples": .array(samples),
            ]
        }
        server.register(method: "creature/environment") { params, _ in
            let target = try Target(try Params(params), context: context)
            return environmentJSON(Environment(seed: target.seed))
        }
        server.register(method: "clock/creature") { params, _ in
            let p = try Params(params)
            let format = try p.format(), size = try p.size()
            let seed = Clock.seed()
            let creature = Creature(seed: seed)
            let image = try render(creature, format: format, size: size)
            return renderResult(image, creature: creature, name: "").merging([("seed", .string(seed))])
        }
    }

    /// The `creature/describe` result: the golden record's fields, grouped, plus alt text.
    static func describe(_ creature: Creature, tap: Int) -> JSONValue {
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
            "alt": .string(AltText.sentence(for: creature)),
            "tapAnimation": ["tap": .int(Int64(tap)), "kind": .string(TapAnimation.kind(seed: creature.seed, tap: tap).rawValue)],
            "environment": environmentJSON(Environment(seed: creature.seed)),
        ]
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
