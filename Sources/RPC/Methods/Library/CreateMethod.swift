import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/create`: adds a Fonster at the end of the library.
enum CreateMethod: RPCMethod {
    struct Params: MethodParams {
        var id: UUID?
        var name: Seed?
        var seed: Seed?
        var engine: EngineVersion?
        static var notes: [String: String] {
            [
                "id": "A client-chosen id.",
                "name": "Its name (default empty: the seed stands for it).",
                "seed": "Its seed (default empty).",
                "engine": "The engine that draws it (default: the library's default engine, library/settings).",
            ]
        }
    }
    static let name = "fonsters/create"
    static let summary = "Adds a Fonster at the end of the library."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .seedTooLong] + LibraryErrors.edit
    static let result = Schema.ref("EditedFonster")

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let engine = params.engine
        let (fonster, library) = try await context.withStore(field: "id") { store throws(StoreError) in
            try context.lookalikes.library(store) { () throws(StoreError) in
                try store.create(name: params.name?.text ?? "", seed: params.seed?.text ?? "", id: params.id, engine: engine)
            }
        }
        request.leaveOrder()
        let lookalikes = try await context.lookalikes.members(of: fonster, in: library, defaultEngine: context.defaultEngine, request: request)
        return fonster.json().merging(lookalikes)
    }
}
