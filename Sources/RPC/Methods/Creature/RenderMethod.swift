import Foundation
import CreatureCore

/// `creature/render`: a still image of a creature.
enum RenderMethod: RPCMethod {
    struct Params: TargetParams {
        var seed: Seed?
        var id: UUID?
        var format: ImageFormat?
        var size: ImageSize?
        var metadata: Bool?
        var background: Background?
        var engine: EngineVersion?
        static var notes: [String: String] {
            targetNotes.merging(["metadata": "Keep the seed in the file (PNG iTXt, JPEG comment).", "background": "What the image stands on: transparent (default), sky (the seed's own sky) or #rrggbb."]) { a, _ in a }
        }
    }
    static let name = "creature/render"
    static let summary = "A still image of a creature."
    static let effect = MethodDeclaration.Effect.pure
    static let errors = CreatureJSON.targetErrors
    static let result = Schema.ref("RenderResult")
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        RequestCost.still(params.format, params.size, into: &scheduling)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let target = try await Target(params, context: context, request: request)
        let (creature, alt) = target.creatureAndAlt
        let metadata = params.metadata == true ? PNGMetadata(seed: target.seed, created: Date()) : nil
        let image = try await request.compute { () throws(ResponseError) -> RenderedImage in
            try CreatureJSON.render(creature, format: params.format ?? .png, size: params.size ?? .standard,
                                    background: params.background, metadata: metadata, alt: alt, request: request)
        }
        return CreatureJSON.renderResult(image, creature: creature, alt: alt, name: target.name)
    }
}
