import Foundation
import FonsterStore

/// `fonsters/get`: one Fonster.
enum GetMethod: RPCMethod {
    typealias Params = IDParams
    static let name = "fonsters/get"
    static let summary = "One Fonster."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.store
    static let result = Schema.ref("Fonster")

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        try await context.withStore { store throws(StoreError) in try store.get(params.id) }.json()
    }
}
