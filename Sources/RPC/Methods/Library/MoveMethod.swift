import Foundation
import FonsterStore

/// `fonsters/move`: moves a Fonster to another place in the library.
enum MoveMethod: RPCMethod {
    struct Params: MethodParams {
        var id: UUID
        var index: Count
        static var notes: [String: String] { ["id": "The Fonster's id.", "index": "Its new place, from 0."] }
    }
    static let name = "fonsters/move"
    static let summary = "Moves a Fonster to another place in the library."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static let result = Schema.ref("Fonster")

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        try await context.withStore(field: "index") { store throws(StoreError) in try store.move(params.id, to: params.index.value) }.json()
    }
}
