import Foundation
import FonsterStore

/// `fonsters/restore`: brings a deleted Fonster back from the trash, exactly as it was.
enum RestoreMethod: RPCMethod {
    typealias Params = IDParams
    static let name = "fonsters/restore"
    static let summary = "Brings a deleted Fonster back from the trash, as it was, at its old place."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static let result = Schema.ref("Fonster")

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        try await context.withStore(field: "id") { store throws(StoreError) in try store.restore(params.id) }.json()
    }
}
