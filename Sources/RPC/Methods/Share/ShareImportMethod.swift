import Foundation
import CreatureCore
import FonsterStore

/// `share/import`: adds a share link's seeds the library does not hold yet, named and drawn as
/// the link's `meta` says (else unnamed, by the library's default engine).
enum ShareImportMethod: RPCMethod {
    struct Params: MethodParams {
        let url: LinkSeeds, select: [Count]?, workDoneToken: ProgressToken?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            url = try p.required("url", "The share link.")
            select = try p.optional("select", "Indices into the link's seeds to import (default: all).")
            workDoneToken = try p.optional("workDoneToken", "Report $/progress with this token.")
            engine = try p.optional("engine", """
                The engine all new Fonsters are drawn with (default: each card's engine in the link's meta, else the library's default engine, \
                library/settings).
                """)
        }
    }
    static let name = "share/import"
    static let summary = "Adds a share link's seeds the library does not hold yet."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = ShareErrors.link + LibraryErrors.edit + [.requestCancelled]
    static var heaviest: JSONValue { ["url": .string(HeavyParams.link), "engine": "fonsters-v2"] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> ImportedFonsters {
        let cards = params.url.cards
        let chosen = try (params.select ?? cards.indices.map { Count(value: $0) }).map { i throws(ResponseError) in
            guard cards.indices.contains(i.value) else {
                throw .invalidParams(field: "select", "'select' index \(i.value) is outside the link's \(cards.count) seeds (0 to \(cards.count - 1)).")
            }
            return cards[i.value]
        }
        let engine = params.engine
        try request.checkCancellation()
        return try await ImportJSON.withProgress(request, count: chosen.count) { () throws(ResponseError) -> ImportedFonsters in
            let (result, library) = try await context.withStore { store throws(StoreError) in
                try context.pictures.library(store, afterImport: { () throws(StoreError) in try importCards(chosen, engine: engine, into: store) })
            }
            request.leaveOrder()
            return try await ImportJSON.result(result, library: library, context: context, request: request)
        }
    }

    /// Imports `cards` named as the link names them, each run of cards with one engine (`engine`
    /// when given, else the card's) as one `importSeeds`, so the list keeps the link's order.
    static func importCards(_ cards: [ShareLink.Card], engine: EngineVersion?, into store: FonsterStore) throws(StoreError) -> ImportResult {
        var total = ImportResult(created: [], skipped: [])
        var start = 0
        while start < cards.count {
            let drawnBy = engine ?? cards[start].engine
            var end = start + 1
            while end < cards.count, (engine ?? cards[end].engine) == drawnBy { end += 1 }
            let run = cards[start..<end]
            let result = try store.importSeeds(run.map(\.seed), names: run.map { $0.name ?? "" }, engine: drawnBy)
            total.created += result.created
            total.skipped += result.skipped.map { $0 + start }
            start = end
        }
        return total
    }
}
