import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/create`: adds a Fonster at the end of the library.
enum CreateMethod: RPCMethod {
    struct Params: MethodParams {
        let id: UUID?, name: Seed?, seed: Seed?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            id = try p.optional("id", "A client-chosen id.")
            name = try p.optional("name", "Its name (default empty: the seed stands for it).")
            seed = try p.optional("seed", "Its seed (default empty).")
            engine = try p.optional("engine", "The engine that draws it (default: the library's default engine, library/settings).")
        }
    }
    typealias Result = EditedFonster
    static let name = "fonsters/create"
    static let summary = "Adds a Fonster at the end of the library."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .seedTooLong] + LibraryErrors.edit
    static var heaviest: JSONValue { ["name": .string(HeavyParams.longSeed), "seed": .string(HeavyParams.longSeed), "engine": "fonsters-v2"] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> EditedFonster {
        let (fonster, library) = try await context.withStore(field: "id") { store throws(StoreError) in
            try context.pictures.library(store) { () throws(StoreError) in
                try store.create(name: params.name?.text ?? "", seed: params.seed?.text ?? "", id: params.id, engine: params.engine)
            }
        }
        request.leaveOrder()
        let lookalikes = try await context.pictures.members(of: fonster, in: library, request: request)
        return EditedFonster(fonster: fonster, lookalikes: lookalikes)
    }
}
