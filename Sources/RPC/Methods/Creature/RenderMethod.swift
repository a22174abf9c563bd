import Foundation
import CreatureCore

/// `creature/render`: a still image of a creature.
enum RenderMethod: RPCMethod {
    struct Params: TargetParams {
        let seed: Seed?, id: UUID?, format: ImageFormat?, size: ImageSize?, metadata: Bool?, background: Background?
        let engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            seed = try p.optional("seed", TargetNote.seed)
            id = try p.optional("id", TargetNote.id)
            format = try p.optional("format")
            size = try p.optional("size")
            metadata = try p.optional("metadata", "Keep the seed in the file (PNG iTXt, JPEG comment).")
            background = try p.optional("background", "What the image stands on: transparent (default), sky (the seed's own sky) or #rrggbb.")
            engine = try p.optional("engine", TargetNote.engine)
        }
    }
    typealias Result = RenderResult
    static let name = "creature/render"
    static let summary = "A still image of a creature."
    static let effect = MethodDeclaration.Effect.pure
    static let quick = true
    static let errors = CreatureMethods.targetErrors
    static var heaviest: JSONValue {
        ["seed": .string(HeavyParams.longSeed), "format": "jpeg", "size": 2048, "metadata": true, "background": "sky", "engine": "fonsters-v2"]
    }
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        RequestCost.still(params.format, params.size, into: &scheduling)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> RenderResult {
        let target = try await Target(params, context: context, request: request)
        let (creature, alt) = target.creatureAndAlt(on: params.background)
        let metadata = params.metadata == true ? PNGMetadata(seed: target.seed, created: Date()) : nil
        let image = try await request.compute { () throws(ResponseError) -> RenderedImage in
            try CreatureMethods.render(creature, format: params.format ?? .png, size: params.size ?? .standard,
                                      background: params.background, metadata: metadata, alt: alt, request: request)
        }
        return RenderResult(image: image, alt: alt, fileName: CreatureMethods.fileName(image, name: target.name, seed: target.seed))
    }
}
