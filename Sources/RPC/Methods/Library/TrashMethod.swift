import Foundation
import FonsterStore

/// `fonsters/trash`: the deleted Fonsters, newest deletion first, a page at a time.
enum TrashMethod: RPCMethod {
    struct Params: MethodParams {
        let start: Count?, count: Count?
        init(_ p: ParamReader) throws(ResponseError) {
            start = try p.optional("start", "The first place to list, from 0 (default 0).")
            count = try p.optional("count", "How many to list at most (default: all from start).")
        }
    }

    /// A page of the trash.
    struct Result: ResultObject {
        let fonsters: [TrashedFonster], total: Int, start: Int
        static let members: [Member<Result>] = [
            Member("fonsters") { $0.fonsters },
            Member("total", schema: Schema.integer(minimum: 0)) { $0.total },
            Member("start", schema: Schema.integer(minimum: 0)) { $0.start },
        ]
    }

    static let name = "fonsters/trash"
    static let summary = "The deleted Fonsters, newest deletion first, a page at a time."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams] + LibraryErrors.store
    /// The whole trash (the test library's holds `HeavyParams.trashed`).
    static var heaviest: JSONValue { ["start": 0] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let start = params.start?.value ?? 0
        let (trashed, total) = try await context.withStore { store throws(StoreError) in
            try store.trash(start: start, count: params.count?.value)
        }
        return Result(fonsters: trashed, total: total, start: start)
    }
}
