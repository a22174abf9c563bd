import Foundation
import CreatureCore

/// `creature/describe`: everything the engine decides about a creature.
enum DescribeMethod: RPCMethod {
    struct Params: TargetParams {
        var seed: Seed?
        var id: UUID?
        var tap: Count?
        var engine: EngineVersion?
        static var notes: [String: String] {
            targetNotes.merging(["tap": "Which tap's animation kind to give (0 for the first)."]) { a, _ in a }
        }
    }
    static let name = "creature/describe"
    static let summary = "Everything the engine decides about a creature."
    static let effect = MethodDeclaration.Effect.pure
    static let errors = CreatureJSON.targetErrors
    static let result = Schema.json(#"""
    {"type":"object","properties":{"seed":{"type":"string"},"renderSeed":{"type":"string"},"engine":{"$ref":"#/components/schemas/Engine"},
     "configuration":{"type":"object"},"grid":{"type":"array","items":{"type":"string","minLength":32,"maxLength":32},"minItems":32,"maxItems":32},
     "colors":{"type":"array","items":{"type":"string","pattern":"^[0-9a-f]{6}$"},"minItems":6,"maxItems":6},"alt":{"type":"string"},
     "tapAnimation":{"type":"object","properties":{"tap":{"type":"integer","minimum":0},"kind":{"type":"string"}},"required":["tap","kind"],"additionalProperties":false},
     "environment":{"$ref":"#/components/schemas/Environment"}},
     "required":["seed","renderSeed","engine","configuration","grid","colors","alt","tapAnimation","environment"],"additionalProperties":false}
    """#)
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let target = try await Target(params, context: context, request: request)
        try request.checkCancellation()
        let (creature, alt) = target.creatureAndAlt
        return CreatureJSON.describe(creature, alt: alt, tap: params.tap?.value ?? 0)
    }
}
