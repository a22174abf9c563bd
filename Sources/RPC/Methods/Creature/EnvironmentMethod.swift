import Foundation
import CreatureCore

/// `creature/environment`: the scene around a creature.
enum EnvironmentMethod: RPCMethod {
    struct Params: TargetParams {
        var seed: Seed?
        var id: UUID?
        var engine: EngineVersion?
    }
    static let name = "creature/environment"
    static let summary = "The scene around a creature: its layers (§8) and the scene the apps draw behind it (§8.1)."
    static let effect = MethodDeclaration.Effect.pure
    static let errors = CreatureJSON.targetErrors
    static let result = Schema.ref("Environment")
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let target = try await Target(params, context: context, request: request)
        return CreatureJSON.environmentJSON(seed: target.seed, engine: target.engine)
    }
}
