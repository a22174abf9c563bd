import Foundation
import FonsterStore

/// `fonsters/duplicate`: copies a Fonster (new id, same name, seed and history).
enum DuplicateMethod: RPCMethod {
    typealias Params = IDParams
    static let name = "fonsters/duplicate"
    static let summary = "Copies a Fonster (new id, same name, seed and history)."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static var heaviest: JSONValue { IDParams.heaviest }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Fonster {
        try await context.withStore { store throws(StoreError) in try store.duplicate(params.id) }
    }
}
