import Foundation
import CreatureCore

/// `clock/creature`: the creature of the current second.
enum ClockMethod: RPCMethod {
    struct Params: MethodParams {
        var format: ImageFormat?
        var size: ImageSize?
        var background: Background?
        var engine: EngineVersion?
        static var notes: [String: String] { ["engine": "The engine to draw with (default: the server's default).", "background": "What the image stands on: transparent (default), sky (the seed's own sky) or #rrggbb."] }
    }
    static let name = "clock/creature"
    static let summary = "The creature of the current second."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams]
    static let result = Schema.json(#"""
    {"type":"object","properties":{"seed":{"type":"string"},"dataUri":{"$ref":"#/components/schemas/DataURI"},
     "mime":{"enum":["image/png","image/gif","image/jpeg","image/svg+xml"]},"width":{"$ref":"#/components/schemas/Size"},
     "height":{"$ref":"#/components/schemas/Size"},"bytes":{"type":"integer","minimum":1},"etag":{"type":"string"},
     "alt":{"type":"string"},"fileName":{"type":"string"}},
     "required":["seed","dataUri","mime","width","height","bytes","etag","alt","fileName"],"additionalProperties":false}
    """#)

    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        RequestCost.still(params.format, params.size, into: &scheduling)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let seed = Clock.seed()
        let (creature, alt) = AltText.creatureAndSentence(seed: seed, engine: params.engine ?? context.defaultEngine)
        let image = try await request.compute { () throws(ResponseError) -> RenderedImage in
            try CreatureJSON.render(creature, format: params.format ?? .png, size: params.size ?? .standard,
                                    background: params.background, alt: alt, request: request)
        }
        return CreatureJSON.renderResult(image, creature: creature, alt: alt, name: "").merging([("seed", .string(seed))])
    }
}
