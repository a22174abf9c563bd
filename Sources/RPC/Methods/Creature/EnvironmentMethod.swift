import Foundation
import CreatureCore

/// `creature/environment`: the scene around a creature.
enum EnvironmentMethod: RPCMethod {
    struct Params: TargetParams {
        let seed: Seed?, id: UUID?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            seed = try p.optional("seed", TargetNote.seed)
            id = try p.optional("id", TargetNote.id)
            engine = try p.optional("engine", TargetNote.engine)
        }
    }
    typealias Result = EnvironmentResult
    static let name = "creature/environment"
    static let summary = "The scene around a creature: its layers (§8) and the scene the apps draw behind it (§8.1)."
    static let effect = MethodDeclaration.Effect.pure
    static let quick = true
    static let errors = CreatureMethods.targetErrors
    static var heaviest: JSONValue { ["seed": .string(HeavyParams.longSeed), "engine": "fonsters-v2"] }
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> EnvironmentResult {
        let target = try await Target(params, context: context, request: request)
        return EnvironmentResult(seed: target.seed, engine: target.engine)
    }
}
