import Foundation
import FonsterStore

/// `fonsters/restore`: brings a deleted Fonster back from the trash, exactly as it was.
enum RestoreMethod: RPCMethod {
    typealias Params = IDParams
    typealias Result = Fonster
    static let name = "fonsters/restore"
    static let summary = "Brings a deleted Fonster back from the trash, as it was, at its old place."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static var heaviest: JSONValue { ["id": .string(HeavyParams.trashed)] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Fonster {
        try await context.withStore(field: "id") { store throws(StoreError) in try store.restore(params.id) }
    }
}
