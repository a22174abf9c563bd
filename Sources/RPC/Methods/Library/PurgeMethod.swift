import Foundation
import FonsterStore

/// `fonsters/purge`: empties the trash for good, all of it or the Fonsters named.
enum PurgeMethod: RPCMethod {
    struct Params: MethodParams {
        let ids: [UUID]?
        init(_ p: ParamReader) throws(ResponseError) {
            ids = try p.optional("ids", "The deleted Fonsters to purge (default: the whole trash).")
        }
    }

    /// How many were purged.
    struct Result: ResultObject {
        let purged: Int
        static let members: [Member<Result>] = [Member("purged", schema: Schema.integer(minimum: 0)) { $0.purged }]
    }

    static let name = "fonsters/purge"
    static let summary = "Empties the trash for good: all of it, or the Fonsters named."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
    static var heaviest: JSONValue { ["ids": [.string(HeavyParams.trashed)]] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        Result(purged: try await context.withStore(field: "ids") { store throws(StoreError) in try store.purge(params.ids) })
    }
}
