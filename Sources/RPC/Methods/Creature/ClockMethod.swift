import Foundation
import CreatureCore

/// `clock/creature`: the creature of the current second.
enum ClockMethod: RPCMethod {
    struct Params: MethodParams {
        let format: ImageFormat?, size: ImageSize?, background: Background?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            format = try p.optional("format")
            size = try p.optional("size")
            background = try p.optional("background", "What the image stands on: transparent (default), sky (the seed's own sky) or #rrggbb.")
            engine = try p.optional("engine", "The engine to draw with (default: the server's default).")
        }
    }

    /// The render result and the seed of the second.
    struct Result: ResultObject {
        let render: RenderResult
        let seed: String
        static let members: [Member<Result>] = [Member("seed") { $0.seed }] + RenderResult.members.lifted { $0.render }
    }

    static let name = "clock/creature"
    static let summary = "The creature of the current second."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams]
    static var heaviest: JSONValue { ["format": "jpeg", "size": 2048, "background": "sky", "engine": "fonsters-v2"] }

    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        RequestCost.still(params.format, params.size, into: &scheduling)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let seed = Clock.seed()
        let (creature, alt) = AltText.creatureAndSentence(seed: seed, engine: params.engine ?? context.defaultEngine)
        let image = try await request.compute { () throws(ResponseError) -> RenderedImage in
            try CreatureMethods.render(creature, format: params.format ?? .png, size: params.size ?? .standard,
                                       background: params.background, alt: alt, request: request)
        }
        return Result(render: RenderResult(image: image, alt: alt, fileName: CreatureMethods.fileName(image, name: "", seed: seed)), seed: seed)
    }
}
