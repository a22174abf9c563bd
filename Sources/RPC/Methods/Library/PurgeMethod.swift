import Foundation
import FonsterStore

/// `fonsters/purge`: empties the trash for good, all of it or the Fonsters named.
enum PurgeMethod: RPCMethod {
    struct Params: MethodParams {
        var ids: [UUID]?
        static var notes: [String: String] { ["ids": "The deleted Fonsters to purge (default: the whole trash)."] }
    }
    static let name = "fonsters/purge"
    static let summary = "Empties the trash for good: all of it, or the Fonsters named."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static let result = Schema.json(#"""
    {"type":"object","properties":{"purged":{"type":"integer","minimum":0}},"required":["purged"],"additionalProperties":false}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let purged = try await context.withStore(field: "ids") { store throws(StoreError) in try store.purge(params.ids) }
        return ["purged": .int(Int64(purged))]
    }
}
