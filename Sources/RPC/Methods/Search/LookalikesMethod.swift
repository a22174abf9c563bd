import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/lookalikes`: the library's Fonsters grouped by identical and nearly identical pictures.
enum LookalikesMethod: RPCMethod {
    struct Params: MethodParams {
        var near: Bool?
        static var notes: [String: String] { ["near": "Whether to find near groups too (default true)."] }
    }
    static let name = "fonsters/lookalikes"
    static let summary = "The library's Fonsters grouped by identical and nearly identical pictures."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled] + LibraryErrors.store
    static let result = Schema.json(#"""
    {"type":"object","properties":{"exact":{"type":"array","items":{"type":"array","items":{"$ref":"#/components/schemas/UUID"},"minItems":2}},
     "near":{"type":"array","items":{"type":"array","items":{"$ref":"#/components/schemas/UUID"},"minItems":2}},
     "nearlyMaxCells":{"type":"integer","minimum":0},"count":{"type":"integer","minimum":0}},
     "required":["exact","near","nearlyMaxCells","count"],"additionalProperties":false}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let fonsters = try await context.withStore { store throws(StoreError) in try context.lookalikes.library(store) }
        request.leaveOrder()
        let groups = try await context.lookalikes.groups(of: fonsters, near: params.near ?? true,
                                                         defaultEngine: context.defaultEngine, request: request)
        func ids(_ groups: [[UUID]]) -> JSONValue { .array(groups.map { .array($0.map { .string($0.text) }) }) }
        return [
            "exact": ids(groups.exact), "near": ids(groups.near),
            "nearlyMaxCells": .int(Int64(Lookalikes.nearlyMaxCells)), "count": .int(Int64(fonsters.count)),
        ]
    }
}
