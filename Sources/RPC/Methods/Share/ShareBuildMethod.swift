import Foundation
import CreatureCore
import FonsterStore

/// `share/build`: a share link for seeds (the apps' link: `cards` only) or Fonsters (with their
/// names and engines in `meta`, which the apps ignore).
enum ShareBuildMethod: RPCMethod {
    struct Params: MethodParams {
        let ids: [UUID]?, seeds: [Seed]?
        init(_ p: ParamReader) throws(ResponseError) {
            ids = try p.optional("ids", "Fonsters to share: their seeds, with their names and engines in the link's meta (give ids or seeds).")
            seeds = try p.optional("seeds", "Seeds to share, at most 1,000.")
        }
    }

    /// The link, its length, and whether it is longer than the apps take (with a warning then).
    struct Result: ResultObject {
        let url: String
        var tooLong: Bool { url.count > ShareLink.maxLength }
        static let members: [Member<Result>] = [
            Member("url") { $0.url },
            Member("length", schema: Schema.integer(minimum: 1)) { $0.url.count },
            Member("tooLong") { $0.tooLong },
            .optional("warning") { r in
                r.tooLong ? """
                    The link is \(r.url.count) characters long; the Fonsters apps refuse links over \(ShareLink.maxLength). \
                    Share fewer or shorter seeds.
                    """ : nil
            },
        ]
    }
    static let name = "share/build"
    static let summary = "A share link for seeds or Fonsters."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong, .tooMany] + LibraryErrors.store
    static var heaviest: JSONValue { ["seeds": .array((0..<ShareLink.maxSeeds).map { _ in .string(HeavyParams.seed) })] }
    static func readsLibrary(_ params: Params) -> Bool { params.ids != nil }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let cards: [ShareLink.Card], field: String
        switch (params.ids, params.seeds) {
        case (let ids?, nil):
            guard ids.count <= ShareLink.maxSeeds else { throw tooMany(ids.count, field: "ids") }
            cards = try await context.withStore { store throws(StoreError) in
                try ids.map { id throws(StoreError) in
                    let fonster = try store.get(id)
                    return ShareLink.Card(seed: fonster.seed, name: fonster.name.isEmpty ? nil : fonster.name,
                                          engine: fonster.engine)
                }
            }
            request.leaveOrder()
            field = "ids"
        case (nil, let given?):
            cards = given.map { ShareLink.Card(seed: $0.text) }
            field = "seeds"
        case (.some, .some): throw ResponseError.invalidParams(field: "ids", "Give either 'ids' or 'seeds', not both.")
        case (nil, nil): throw ResponseError.invalidParams(field: "seeds", "Give 'ids' or 'seeds'; this request gives neither.")
        }
        guard !cards.isEmpty else { throw ResponseError.invalidParams(field: field, "A share link needs at least one seed; '\(field)' is empty.") }
        guard cards.count <= ShareLink.maxSeeds else { throw tooMany(cards.count, field: field) }
        return Result(url: ShareLink.build(cards: cards))
    }

    static func tooMany(_ count: Int, field: String) -> ResponseError {
        ResponseError(code: .tooMany, message: "A share link holds at most \(ShareLink.maxSeeds) seeds; this request gives \(count).",
                      data: ["field": .string(field), "limit": .int(Int64(ShareLink.maxSeeds)), "length": .int(Int64(count))])
    }
}
