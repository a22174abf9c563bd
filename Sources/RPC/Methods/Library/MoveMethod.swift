import Foundation
import FonsterStore

/// `fonsters/move`: moves a Fonster to another place in the library.
enum MoveMethod: RPCMethod {
    struct Params: MethodParams {
        let id: UUID, index: Count
        init(_ p: ParamReader) throws(ResponseError) {
            id = try p.required("id", "The Fonster's id.")
            index = try p.required("index", "Its new place, from 0.")
        }
    }
    static let name = "fonsters/move"
    static let summary = "Moves a Fonster to another place in the library."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static var heaviest: JSONValue { ["id": .string(HeavyParams.fonster), "index": 0] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Fonster {
        try await context.withStore(field: "index") { store throws(StoreError) in try store.move(params.id, to: params.index.value) }
    }
}
