import Foundation
import CreatureCore
import FonsterStore

/// `share/import`: adds a share link's seeds the library does not hold yet.
enum ShareImportMethod: RPCMethod {
    struct Params: MethodParams {
        let url: LinkSeeds, select: [Count]?, workDoneToken: ProgressToken?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            url = try p.required("url", "The share link.")
            select = try p.optional("select", "Indices into the link's seeds to import (default: all).")
            workDoneToken = try p.optional("workDoneToken", "Report $/progress with this token.")
            engine = try p.optional("engine", "The engine the new Fonsters are drawn with (default: the library's default engine, library/settings).")
        }
    }
    static let name = "share/import"
    static let summary = "Adds a share link's seeds the library does not hold yet."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = ShareErrors.link + LibraryErrors.edit + [.requestCancelled]
    static var heaviest: JSONValue { ["url": .string(HeavyParams.link), "engine": "fonsters-v2"] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> ImportedFonsters {
        let seeds = params.url.seeds
        let chosen = try (params.select ?? seeds.indices.map { Count(value: $0) }).map { i throws(ResponseError) in
            guard seeds.indices.contains(i.value) else {
                throw .invalidParams(field: "select", "'select' index \(i.value) is outside the link's \(seeds.count) seeds (0 to \(seeds.count - 1)).")
            }
            return seeds[i.value]
        }
        let engine = params.engine
        try request.checkCancellation()
        return try await ImportJSON.withProgress(request, count: chosen.count) { () throws(ResponseError) -> ImportedFonsters in
            let (result, library) = try await context.withStore { store throws(StoreError) in
                (try store.importSeeds(chosen, names: nil, engine: engine), try context.lookalikes.library(store))
            }
            request.leaveOrder()
            return try await ImportJSON.result(result, library: library, context: context, request: request)
        }
    }
}
