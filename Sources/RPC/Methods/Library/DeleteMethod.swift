import Foundation
import FonsterStore

/// `fonsters/delete`: removes a Fonster.
enum DeleteMethod: RPCMethod {
    typealias Params = IDParams

    /// The id removed.
    struct Result: ResultObject {
        let id: UUID
        static let members: [Member<Result>] = [
            Member("id") { $0.id },
            Member("deleted", schema: Schema.const(true)) { _ in true },
        ]
    }

    static let name = "fonsters/delete"
    static let summary = "Removes a Fonster."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static var heaviest: JSONValue { IDParams.heaviest }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        try await context.withStore { store throws(StoreError) in
            try context.pictures.delete(params.id, store) { () throws(StoreError) in try store.delete(params.id) }
        }
        return Result(id: params.id)
    }
}
