import Foundation
import CreatureCore

/// `creature/frames`: the evolution's frames as images, one page at a time, stopping with a
/// paging hint as soon as the response would pass the server's limit.
enum FramesMethod: RPCMethod {
    struct Params: TargetParams {
        var seed: Seed?
        var id: UUID?
        var format: ImageFormat?
        var size: ImageSize?
        var start: Count?
        var count: Count?
        var speed: Speed?
        var background: Background?
        var workDoneToken: ProgressToken?
        var engine: EngineVersion?
        static var notes: [String: String] {
            targetNotes.merging([
                "start": "The first frame to give, from 0 (default 0).",
                "count": "How many frames to give (default: all from start).",
                "speed": "Playback speed 0.1…1.0 (10 %…100 %); gives intervalMs.",
                "workDoneToken": "Report $/progress with this token.",
                "background": "What every frame stands on: transparent (default), sky (the whole seed's sky, still while the creature grows) or #rrggbb.",
            ]) { a, _ in a }
        }
    }
    static let name = "creature/frames"
    static let summary = "The evolution's frames as images, one page at a time."
    static let effect = MethodDeclaration.Effect.pure
    static let cost = MethodDeclaration.Cost.heavy
    static let errors = CreatureJSON.targetErrors + [.frameOutOfRange, .responseTooLarge, .requestCancelled]
    static let result = Schema.json(#"""
    {"type":"object","properties":{"total":{"type":"integer","minimum":0},"intervalMs":{"type":"integer","minimum":1},
     "frames":{"type":"array","items":{"type":"object","properties":{"index":{"type":"integer","minimum":1},"prefix":{"type":"string"},
     "dataUri":{"$ref":"#/components/schemas/DataURI"}},"required":["index","prefix","dataUri"],"additionalProperties":false}}},
     "required":["total","intervalMs","frames"],"additionalProperties":false}
    """#)
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        guard let seed = params.seed?.text else { return }
        let image = RequestCost.imageBytes(params.format ?? .png, pixels: (params.size ?? .standard).pixels)
        let total = Evolution.frameCount(of: seed)
        let start = params.start?.value ?? 0
        let count = min(params.count?.value ?? total, max(0, total - start))
        // Frame k shows the first k characters of the seed, each at least a byte.
        let first = start + 1, last = start + count
        let prefixes = count > 0 ? (first + last) * count / 2 : 0
        let perFrame = RequestCost.dataURI(image.typical) + 64
        scheduling.bytes = 2 * min(count * perFrame + prefixes, 80 << 20)
            + RequestCost.workingBytes(params.format ?? .png, pixels: (params.size ?? .standard).pixels)
        scheduling.minimumResponseBytes = prefixes + count * (RequestCost.dataURI(image.minimum) + 40)
        scheduling.bytesPerItem = perFrame + 4 * last
        scheduling.tooLargeHint = "Ask for fewer frames at a time with 'start' and 'count' (from start \(start))."
        scheduling.tooLargeField = "count"
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let target = try await Target(params, context: context, request: request)
        let format = params.format ?? .png, size = params.size ?? .standard
        let interval = params.speed?.intervalMs ?? Evolution.defaultIntervalMs
        let prefixes = Evolution.Frames(target.seed)
        let start = params.start?.value ?? 0
        guard start < max(prefixes.count, 1) else {
            throw ResponseError(code: .frameOutOfRange,
                                message: "'start' \(start) is past the end: the seed has \(prefixes.count) frames.",
                                data: ["field": "start"])
        }
        let count = params.count?.value ?? prefixes.count
        let end = start + min(count, prefixes.count - start)
        let engine = target.engine
        let backdrop = params.background?.backdrop(seed: target.seed, engine: engine)
        return try await request.withProgress(title: "Rendering frames") { () throws(ResponseError) -> JSONValue in
          try await request.compute { () throws(ResponseError) -> JSONValue in
            var frames: [JSONValue] = []
            frames.reserveCapacity(min(max(0, end - start), 4096))
            var bytes = 0
            for index in start..<max(start, end) {
                try request.checkpoint()
                let prefix = prefixes[index]
                let image: RenderedImage
                do {
                    image = try Renderer.still(Creature(seed: prefix, engine: engine), format: format, size: size, backdrop: backdrop,
                                               isCancelled: { request.takeTurn() })
                } catch is CancellationError {
                    throw ResponseError.requestCancelled
                } catch {
                    throw ResponseError.internalError("The \(format.rawValue) frame could not be encoded: \(error)")
                }
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
}
