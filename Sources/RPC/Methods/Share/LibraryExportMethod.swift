import Foundation
import FonsterStore

/// `library/export`: the library as a bundle, whole or a page at a time (`ids`, or `start` and
/// `count`), saying how many remain.
enum LibraryExportMethod: RPCMethod {
    struct Params: MethodParams {
        let ids: [UUID]?, start: Count?, count: Count?
        init(_ p: ParamReader) throws(ResponseError) {
            ids = try p.optional("ids", "Export these Fonsters, in this order (give ids, or start and count).")
            start = try p.optional("start", "The first place to export, from 0 (default 0).")
            count = try p.optional("count", "How many to export at most (default: all from start).")
        }
    }

    /// The bundle, how many Fonsters the library holds, and how many follow the page.
    struct Result: ResultObject {
        let bundle: JSONValue, total: Int, remaining: Int
        static let members: [Member<Result>] = [
            Member("bundle", schema: BundleObject.schema) { $0.bundle },
            Member("total", schema: Schema.integer(minimum: 0)) { $0.total },
            Member("remaining", schema: Schema.integer(minimum: 0)) { $0.remaining },
        ]
    }
    static let name = "library/export"
    static let summary = "The library as a bundle: whole, or a page at a time."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.store + [.responseTooLarge]
    static var heaviest: JSONValue { [:] }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) { scheduling.bytes = max(scheduling.bytes, 4 << 20) }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let ids = params.ids, start = params.start?.value, count = params.count?.value
        if ids != nil && (start != nil || count != nil) {
            throw ResponseError.invalidParams(field: "ids", "Give either 'ids' or 'start' and 'count', not both.")
        }
        let (bundle, total, exported, remaining) = try await context.withStore { store throws(StoreError) in
            let total = try store.count()
            if let ids {
                let page = try ids.map { id throws(StoreError) in try store.get(id) }
                return (store.exportBundle(of: page), total, page.count, 0)
            }
            let page = try store.list(start: start ?? 0, count: count).fonsters
            let end = min(total, (start ?? 0) + page.count)
            return (store.exportBundle(of: page), total, page.count, total - end)
        }
        let size = await request.computeOnPool { bundle.serializedCount }
        if size > request.maxResponseBytes {
            let fit = max(1, Int(Double(exported) * Double(request.maxResponseBytes) / Double(size) * 0.9))
            throw ResponseError(
                code: .responseTooLarge,
                message: "The bundle of these \(exported) Fonsters would take \(size) bytes, more than the limit of \(request.maxResponseBytes). Export a page at a time "
                    + "with 'start' and 'count' (about \(fit) fit), or pick them with 'ids'.",
                data: ["field": "count", "limit": .int(Int64(request.maxResponseBytes)), "fit": .int(Int64(fit))])
        }
        return Result(bundle: bundle, total: total, remaining: remaining)
    }
}
