import Foundation
import CreatureCore

/// `creature/animate`: the evolution as one animated GIF.
enum AnimateMethod: RPCMethod {
    struct Params: TargetParams {
        let seed: Seed?, id: UUID?, size: ImageSize?, speed: Speed?, background: Background?, workDoneToken: ProgressToken?
        let engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            seed = try p.optional("seed", TargetNote.seed)
            id = try p.optional("id", TargetNote.id)
            size = try p.optional("size")
            speed = try p.optional("speed", "Playback speed 0.1…1.0 (10 %…100 %): the frame delay.")
            background = try p.optional("background", "What every frame stands on: transparent (default), sky (the whole seed's sky) or #rrggbb.")
            workDoneToken = try p.optional("workDoneToken", "Report $/progress with this token.")
            engine = try p.optional("engine", TargetNote.engine)
        }
    }

    /// The animated GIF, with its frame count and interval.
    struct Result: ResultObject {
        let image: RenderedImage, frames: Int, intervalMs: Int, fileName: String
        static let members: [Member<Result>] = RenderResult.image(mime: Schema.const("image/gif")) { $0.image } + [
            Member("frames", schema: Schema.integer(minimum: 1)) { $0.frames },
            Member("intervalMs", schema: Schema.integer(minimum: 1)) { $0.intervalMs },
            Member("fileName") { $0.fileName },
        ]
    }
    static let name = "creature/animate"
    static let summary = "The evolution as one animated GIF."
    static let effect = MethodDeclaration.Effect.pure
    static let cost = MethodDeclaration.Cost.heavy
    static let errors = CreatureMethods.targetErrors + [.responseTooLarge, .requestCancelled]
    static var heaviest: JSONValue { ["seed": .string(HeavyParams.seed), "size": 2048, "speed": 1.0, "background": "sky", "engine": "fonsters-v2"] }
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        guard let seed = params.seed?.text else { return }
        let frames = max(1, Evolution.frameCount(of: seed))
        let gif = RequestCost.imageBytes(.gif, pixels: (params.size ?? .standard).pixels)
        // Every frame's sprite is kept until the file is written.
        scheduling.bytes = 2 * min(RequestCost.dataURI(frames * gif.typical), 80 << 20) + frames * 2048
        scheduling.minimumResponseBytes = RequestCost.dataURI(frames * gif.minimum)
        scheduling.tooLargeHint = "Ask for a smaller 'size', or page through the frames with creature/frames 'start' and 'count'."
        scheduling.tooLargeField = "size"
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let target = try await Target(params, context: context, request: request)
        let size = params.size ?? .standard, interval = params.speed?.intervalMs ?? Evolution.defaultIntervalMs
        // The data URI is base64: 4 bytes for every 3 of the GIF.
        let maxBytes = request.maxResponseBytes / 4 * 3 - 4096
        let (seed, engine) = (target.seed, target.engine)
        let image: RenderedImage = try await request.withProgress(title: "Rendering the evolution") { () throws(ResponseError) -> RenderedImage in
          try await request.compute { () throws(ResponseError) -> RenderedImage in
            do {
                return try Renderer.evolutionGIF(seed: seed, size: size, intervalMs: interval, engine: engine,
                                                 background: params.background ?? .transparent, maxBytes: maxBytes, isCancelled: { request.takeTurn() })
            } catch is CancellationError {
                throw ResponseError.requestCancelled
            } catch ImageError.tooLarge {
                throw ResponseError(
                    code: .responseTooLarge,
                    message: "The animation at \(size.pixels) pixels would take more than \(request.maxResponseBytes) bytes. Ask for a smaller 'size', or page through the "
                        + "frames with creature/frames 'start' and 'count'.",
                    data: ["field": "size", "limit": .int(Int64(request.maxResponseBytes))])
            } catch {
                throw ResponseError.internalError("The animation could not be encoded: \(error)")
            }
          }
        }
        return Result(image: image, frames: max(1, Evolution.frameCount(of: target.seed)), intervalMs: interval,
                      fileName: Naming.exportFileName(name: target.name, seed: target.seed, fileExtension: "gif"))
    }
}
