import Foundation
import FonsterStore

/// `fonsters/delete`: removes a Fonster.
enum DeleteMethod: RPCMethod {
    typealias Params = IDParams
    static let name = "fonsters/delete"
    static let summary = "Removes a Fonster."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static let result = Schema.json(#"""
    {"type":"object","properties":{"id":{"$ref":"#/components/schemas/UUID"},"deleted":{"const":true}},"required":["id","deleted"],"additionalProperties":false}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        try await context.withStore { store throws(StoreError) in try store.delete(params.id) }
        return ["id": .string(params.id.text), "deleted": true]
    }
}
