import Foundation
import CreatureCore
import FonsterStore

/// `share/build`: a share link for seeds or Fonsters.
enum ShareBuildMethod: RPCMethod {
    struct Params: MethodParams {
        var ids: [UUID]?
        var seeds: [Seed]?
        static var notes: [String: String] {
            ["ids": "Fonsters whose seeds to share (give ids or seeds).", "seeds": "Seeds to share, at most 1,000."]
        }
    }
    static let name = "share/build"
    static let summary = "A share link for seeds or Fonsters."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong, .tooMany] + LibraryErrors.store
    static let result = Schema.json(#"""
    {"type":"object","properties":{"url":{"type":"string"},"length":{"type":"integer","minimum":1},"tooLong":{"type":"boolean"},
     "warning":{"type":"string"}},"required":["url","length","tooLong"],"additionalProperties":false}
    """#)
    static func readsLibrary(_ params: Params) -> Bool { params.ids != nil }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let seeds: [String], field: String
        switch (params.ids, params.seeds) {
        case (let ids?, nil):
            guard ids.count <= ShareLink.maxSeeds else { throw tooMany(ids.count, field: "ids") }
            seeds = try await context.withStore { store throws(StoreError) in try ids.map { id throws(StoreError) in try store.get(id).seed } }
            request.leaveOrder()
            field = "ids"
        case (nil, let given?):
            seeds = given.map(\.text)
            field = "seeds"
        case (.some, .some): throw ResponseError.invalidParams(field: "ids", "Give either 'ids' or 'seeds', not both.")
        case (nil, nil): throw ResponseError.invalidParams(field: "seeds", "Give 'ids' or 'seeds'; this request gives neither.")
        }
        guard !seeds.isEmpty else { throw ResponseError.invalidParams(field: field, "A share link needs at least one seed; '\(field)' is empty.") }
        guard seeds.count <= ShareLink.maxSeeds else { throw tooMany(seeds.count, field: field) }
        let url = ShareLink.build(seeds: seeds)
        let tooLong = url.count > ShareLink.maxLength
        var result: JSONValue = ["url": .string(url), "length": .int(Int64(url.count)), "tooLong": .bool(tooLong)]
        if tooLong {
            result = result.merging([("warning", .string("The link is \(url.count) characters long; the Fonsters apps refuse links over \(ShareLink.maxLength). Share fewer or shorter seeds."))])
        }
        return result
    }

    static func tooMany(_ count: Int, field: String) -> ResponseError {
        ResponseError(code: .tooMany, message: "A share link holds at most \(ShareLink.maxSeeds) seeds; this request gives \(count).",
                      data: ["field": .string(field), "limit": .int(Int64(ShareLink.maxSeeds)), "length": .int(Int64(count))])
    }
}
