import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/update`: renames a Fonster, changes its seed (undoable) and/or switches its engine,
/// in one edit.
enum UpdateMethod: RPCMethod {
    struct Params: MethodParams {
        let id: UUID, name: Seed?, seed: Seed?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            id = try p.required("id", "The Fonster's id.")
            name = try p.optional("name", "Its new name.")
            seed = try p.optional("seed", "Its new seed (undoable).")
            engine = try p.optional("engine", "Switch the engine that draws it; the seed history stays (not undoable).")
        }
    }
    typealias Result = EditedFonster
    static let name = "fonsters/update"
    static let summary = "Renames a Fonster, changes its seed (undoable) and/or switches its engine, in one edit."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong] + LibraryErrors.edit
    static var heaviest: JSONValue {
        ["id": .string(HeavyParams.fonster), "name": .string(HeavyParams.longSeed), "seed": .string(HeavyParams.longSeed), "engine": "fonsters-v2"]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> EditedFonster {
        if params.name == nil && params.seed == nil && params.engine == nil {
            throw ResponseError.invalidParams(field: "seed", "Give 'name', 'seed' or 'engine' to change; this request gives none of them.")
        }
        let (fonster, library) = try await context.withStore { store throws(StoreError) in
            try context.pictures.library(store) { () throws(StoreError) in
                try store.edit(params.id, name: params.name?.text, seed: params.seed?.text, engine: params.engine)
            }
        }
        request.leaveOrder()
        let lookalikes = try await context.pictures.members(of: fonster, in: library, request: request)
        return EditedFonster(fonster: fonster, lookalikes: lookalikes)
    }
}
