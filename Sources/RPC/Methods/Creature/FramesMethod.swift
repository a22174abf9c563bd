import Foundation
import CreatureCore

/// `creature/frames`: the evolution's frames as images, one page at a time, stopping with a
/// paging hint as soon as the response would pass the server's limit.
enum FramesMethod: RPCMethod {
    struct Params: TargetParams {
        let seed: Seed?, id: UUID?, format: ImageFormat?, size: ImageSize?, start: Count?, count: Count?, speed: Speed?
        let background: Background?, workDoneToken: ProgressToken?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            seed = try p.optional("seed", TargetNote.seed)
            id = try p.optional("id", TargetNote.id)
            format = try p.optional("format")
            size = try p.optional("size")
            start = try p.optional("start", "The first frame to give, from 0 (default 0).")
            count = try p.optional("count", "How many frames to give (default: all from start).")
            speed = try p.optional("speed", "Playback speed 0.1…1.0 (10 %…100 %); gives intervalMs.")
            background = try p.optional("background", """
                What every frame stands on: transparent (default), sky (the whole seed's sky, still while the creature grows) \
                or #rrggbb.
                """)
            workDoneToken = try p.optional("workDoneToken", "Report $/progress with this token.")
            engine = try p.optional("engine", TargetNote.engine)
        }
    }

    /// A page of frames, with how many there are and the interval between them.
    struct Result: ResultObject {
        let total: Int, intervalMs: Int, frames: [Frame]
        static let members: [Member<Result>] = [
            Member("total", schema: Schema.integer(minimum: 0)) { $0.total },
            Member("intervalMs", schema: Schema.integer(minimum: 1)) { $0.intervalMs },
            Member("frames") { $0.frames },
        ]
    }

    /// One frame: its number (from 1), the seed's prefix it draws, and its image.
    struct Frame: ResultObject {
        let index: Int, prefix: String, image: ImageURI
        static let members: [Member<Frame>] = [
            Member("index", schema: Schema.integer(minimum: 1)) { $0.index },
            Member("prefix") { $0.prefix },
            Member("dataUri") { $0.image },
        ]
    }
    static let name = "creature/frames"
    static let summary = "The evolution's frames as images, one page at a time."
    static let effect = MethodDeclaration.Effect.pure
    static let cost = MethodDeclaration.Cost.heavy
    static let errors = CreatureMethods.targetErrors + [.frameOutOfRange, .responseTooLarge, .requestCancelled]
    static var heaviest: JSONValue { ["seed": .string(HeavyParams.seed), "format": "jpeg", "size": 2048, "background": "sky", "engine": "fonsters-v2"] }
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

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
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
        return try await request.withProgress(title: "Rendering frames") { () throws(ResponseError) -> Result in
          try await request.compute { () throws(ResponseError) -> Result in
            var frames: [Frame] = []
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
                let uri = ImageURI(image: image)
                bytes += uri.length + prefix.utf8.count + 64
                if bytes > request.maxResponseBytes {
                    let fit = index - start
                    throw ResponseError(
                        code: .responseTooLarge,
                        message: "The frames from \(start) on would take more than \(request.maxResponseBytes) bytes; \(fit) fit. Ask for fewer at a time with 'start' and "
                            + "'count' (e.g. start \(start), count \(max(1, fit))).",
                        data: ["field": "count", "limit": .int(Int64(request.maxResponseBytes)), "fit": .int(Int64(fit))])
                }
                frames.append(Frame(index: index + 1, prefix: prefix, image: uri))
                if (index - start) % 25 == 24 {
                    request.reportProgress(percentage: (index - start + 1) * 100 / max(1, end - start))
                }
            }
            return Result(total: prefixes.count, intervalMs: interval, frames: frames)
          }
        }
    }
}
