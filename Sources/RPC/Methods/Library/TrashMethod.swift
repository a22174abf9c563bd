import Foundation
import FonsterStore

/// `fonsters/trash`: the deleted Fonsters, newest deletion first, a page at a time.
enum TrashMethod: RPCMethod {
    struct Params: MethodParams {
        var start: Count?
        var count: Count?
        static var notes: [String: String] {
            ["start": "The first place to list, from 0 (default 0).", "count": "How many to list at most (default: all from start)."]
        }
    }
    static let name = "fonsters/trash"
    static let summary = "The deleted Fonsters, newest deletion first, a page at a time."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams] + LibraryErrors.store
    static let result = Schema.json(#"""
    {"type":"object","properties":{"fonsters":{"type":"array","items":{"allOf":[{"$ref":"#/components/schemas/FonsterFields"}],
     "properties":{"id":{},"name":{},"displayName":{},"seed":{},"randomSource":{},"createdAt":{},"canUndo":{},"canRedo":{},"birthday":{},"engine":{},"position":{},
     "deletedAt":{"type":"string"}},"required":["deletedAt"],"additionalProperties":false}},
     "total":{"type":"integer","minimum":0},"start":{"type":"integer","minimum":0}},
     "required":["fonsters","total","start"],"additionalProperties":false}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let start = params.start?.value ?? 0
        let (trashed, total) = try await context.withStore { store throws(StoreError) in
            try store.trash(start: start, count: params.count?.value)
        }
        return ["fonsters": .array(trashed.map { $0.fonster.json().merging([("deletedAt", .string($0.deletedAtISO8601))]) }),
                "total": .int(Int64(total)), "start": .int(Int64(start))]
    }
}
