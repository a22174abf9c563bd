import Foundation
import CreatureCore

/// `creature/animate`: the evolution as one animated GIF.
enum AnimateMethod: RPCMethod {
    struct Params: TargetParams {
        var seed: Seed?
        var id: UUID?
        var size: ImageSize?
        var speed: Speed?
        var background: Background?
        var workDoneToken: ProgressToken?
        var engine: EngineVersion?
        static var notes: [String: String] {
            targetNotes.merging([
                "speed": "Playback speed 0.1…1.0 (10 %…100 %): the frame delay.",
                "workDoneToken": "Report $/progress with this token.",
                "background": "What every frame stands on: transparent (default), sky (the whole seed's sky) or #rrggbb.",
            ]) { a, _ in a }
        }
    }
    static let name = "creature/animate"
    static let summary = "The evolution as one animated GIF."
    static let effect = MethodDeclaration.Effect.pure
    static let cost = MethodDeclaration.Cost.heavy
    static let errors = CreatureJSON.targetErrors + [.responseTooLarge, .requestCancelled]
    static let result = Schema.json(#"""
    {"type":"object","properties":{"dataUri":{"$ref":"#/components/schemas/DataURI"},"mime":{"const":"image/gif"},
     "width":{"$ref":"#/components/schemas/Size"},"height":{"$ref":"#/components/schemas/Size"},"bytes":{"type":"integer","minimum":1},
     "frames":{"type":"integer","minimum":1},"intervalMs":{"type":"integer","minimum":1},"fileName":{"type":"string"}},
     "required":["dataUri","mime","width","height","bytes","frames","intervalMs","fileName"],"additionalProperties":false}
    """#)
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

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
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
    }
}
