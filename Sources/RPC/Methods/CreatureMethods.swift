import Foundation
import CreatureCore

/// `creature/*`: images, descriptions, evolution frames and animation, taps and environment.
enum CreatureMethods {
    /// Encodes a still, turning an encoder failure into an internal error.
    static func render(_ creature: Creature, format: ImageFormat, size: ImageSize,
                       metadata: PNGMetadata? = nil, request: RequestContext? = nil) throws(ResponseError) -> RenderedImage {
        do { return try Renderer.still(creature, format: format, size: size, metadata: metadata,
                                       isCancelled: { request?.takeTurn() ?? false }) }
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

    /// The errors every creature method with a target may answer.
    static let targetErrors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong, .storeUnavailable]

    static func declarations(_ context: ServerContext) -> [MethodDeclaration] {
        [
            MethodDeclaration("creature/render", "A still image of a creature.", effect: .pure, resolves: "id",
                              errors: targetErrors) { params, request in
                let p = try Params(params)
                let target = try await Target(p, context: context, request: request)
                let format = try p.format(), size = try p.size()
                let metadata = try p.bool("metadata") ?? false
                let (creature, alt) = target.creatureAndAlt
                let pngMetadata = metadata ? PNGMetadata(seed: target.seed, created: Date()) : nil
                let image = try await request.compute { () throws(ResponseError) -> RenderedImage in
                    try render(creature, format: format, size: size, metadata: pngMetadata, request: request)
                }
                return renderResult(image, creature: creature, alt: alt, name: target.name)
            },
            MethodDeclaration("creature/describe", "Everything the engine decides about a creature.", effect: .pure,
                              resolves: "id", errors: targetErrors) { params, request in
                let p = try Params(params)
                let target = try await Target(p, context: context, request: request)
                let tap = try p.tap()
                try request.checkCancellation()
                let (creature, alt) = target.creatureAndAlt
                return describe(creature, alt: alt, tap: tap)
            },
            MethodDeclaration("creature/frames", "The evolution's frames as images, one page at a time.", effect: .pure,
                              resolves: "id", cost: .heavy,
                              errors: targetErrors + [.frameOutOfRange, .responseTooLarge, .requestCancelled]) { params, request in
                try await frames(try Params(params), context: context, request: request)
            },
            MethodDeclaration("creature/animate", "The evolution as one animated GIF.", effect: .pure, resolves: "id",
                              cost: .heavy, errors: targetErrors + [.responseTooLarge, .requestCancelled]) { params, request in
                let p = try Params(params)
                let target = try await Target(p, context: context, request: request)
                let size = try p.size(), interval = try p.intervalMs()
                // The data URI is base64: 4 bytes for every 3 of the GIF.
                let maxBytes = request.maxResponseBytes / 4 * 3 - 4096
                let (seed, engine) = (target.seed, target.engine)
                let image: RenderedImage = try await request.withProgress(title: "Rendering the evolution") { () throws(ResponseError) -> RenderedImage in
                  try await request.compute { () throws(ResponseError) -> RenderedImage in
                    do {
                        return try Renderer.evolutionGIF(seed: seed, size: size, intervalMs: interval, engine: engine,
                                                         maxBytes: maxBytes, isCancelled: { request.takeTurn() })
                    } catch is CancellationError {
                        throw ResponseError.requestCancelled
                    } catch ImageError.tooLarge {
                        throw ResponseError(
                            code: .responseTooLarge,
                            message: "The animation at \(size.pixels) pixels would take more than \(request.maxResponseBytes) bytes. Ask for a smaller 'size', or page through the frames with creature/frames 'start' and 'count'.",
                            data: ["field": "size", "limit": .int(Int64(request.maxResponseBytes))])
                    } catch {
                        throw ResponseError.internalError("The animation could not be encoded: \(error)")
                    }
                  }
                }
                return [
                    "dataUri": .string(image.dataURI), "mime": "image/gif",
                    "width": .int(Int64(image.pixels)), "height": .int(Int64(image.pixels)),
                    "bytes": .int(Int64(image.bytes.count)),
                    "frames": .int(Int64(max(1, Evolution.frameCount(of: target.seed)))),
                    "intervalMs": .int(Int64(interval)),
                    "fileName": .string(Naming.exportFileName(name: target.name, seed: target.seed, fileExtension: "gif")),
                ]
            },
            MethodDeclaration("creature/tapAnimation", "How a creature reacts to a tap, sampled over time.", effect: .pure,
                              resolves: "id", errors: targetErrors) { params, request in
                let p = try Params(params)
                let target = try await Target(p, context: context, request: request)
                let tap = try p.tap()
                let size = try p.double("size") ?? 100
                guard size > 0 && size <= 100_000 else {
                    throw ResponseError.invalidParams(field: "size", "'size' must be a view size in points, more than 0 and at most 100,000; it is \(size).")
                }
                let count = try p.int("samples") ?? 5
                guard (2...1000).contains(count) else {
                    throw ResponseError.invalidParams(field: "samples", "'samples' must be between 2 and 1,000; it is \(count).")
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
            },
            MethodDeclaration("creature/environment", "The scene around a creature.", effect: .pure, resolves: "id",
                              errors: targetErrors) { params, request in
                let target = try await Target(try Params(params), context: context, request: request)
                return environmentJSON(Environment(seed: target.seed))
            },
            MethodDeclaration("clock/creature", "The creature of the current minute.", effect: .pure,
                              errors: [.invalidParams]) { params, request in
                let p = try Params(params)
                let format = try p.format(), size = try p.size()
                let engine = try p.engine() ?? context.defaultEngine
                let seed = Clock.seed()
                let (creature, alt) = AltText.creatureAndSentence(seed: seed, engine: engine)
                let image = try await request.compute { () throws(ResponseError) -> RenderedImage in
                    try render(creature, format: format, size: size, request: request)
                }
                return renderResult(image, creature: creature, alt: alt, name: "").merging([("seed", .string(seed))])
            },
        ]
    }

    /// `creature/frames`: a page of the evolution's frames, stopping with a paging hint as soon
    /// as the response would pass the server's limit.
    static func frames(_ p: Params, context: ServerContext, request: RequestContext) async throws(ResponseError) -> JSONValue {
        let target = try await Target(p, context: context, request: request)
        let format = try p.format(), size = try p.size(), interval = try p.intervalMs()
        let prefixes = Evolution.Frames(target.seed)
        let start = try p.int("start") ?? 0
        guard start >= 0 else { throw ResponseError.invalidParams(field: "start", "'start' must be 0 or more; it is \(start).") }
        guard start < max(prefixes.count, 1) else {
            throw ResponseError(code: .frameOutOfRange,
                                message: "'start' \(start) is past the end: the seed has \(prefixes.count) frames.",
                                data: ["field": "start"])
        }
        let count = try p.int("count") ?? prefixes.count
        guard count >= 0 else { throw ResponseError.invalidParams(field: "count", "'count' must be 0 or more; it is \(count).") }
        let end = start + min(count, prefixes.count - start)
        let engine = target.engine
        return try await request.withProgress(title: "Rendering frames") { () throws(ResponseError) -> JSONValue in
          try await request.compute { () throws(ResponseError) -> JSONValue in
            var frames: [JSONValue] = []
            frames.reserveCapacity(min(max(0, end - start), 4096))
            var bytes = 0
            for index in start..<max(start, end) {
                try request.checkpoint()
                let prefix = prefixes[index]
                let image = try render(Creature(seed: prefix, engine: engine), format: format, size: size, request: request)
                let dataURI = image.dataURI
                bytes += dataURI.utf8.count + prefix.utf8.count + 64
                if bytes > request.maxResponseBytes {
                    let fit = index - start
                    throw ResponseError(
                        code: .responseTooLarge,
                        message: "The frames from \(start) on would take more than \(request.maxResponseBytes) bytes; \(fit) fit. Ask for fewer at a time with 'start' and 'count' (e.g. start \(start), count \(max(1, fit))).",
                        data: ["field": "count", "limit": .int(Int64(request.maxResponseBytes)), "fit": .int(Int64(fit))])
                }
                frames.append(["index": .int(Int64(index + 1)), "prefix": .string(prefix), "dataUri": .string(dataURI)])
                if (index - start) % 25 == 24 {
                    request.reportProgress(percentage: (index - start + 1) * 100 / max(1, end - start))
                }
            }
            return ["total": .int(Int64(prefixes.count)), "intervalMs": .int(Int64(interval)), "frames": .array(frames)]
          }
        }
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
