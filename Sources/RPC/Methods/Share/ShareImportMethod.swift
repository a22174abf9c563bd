import Foundation
import CreatureCore
import FonsterStore

/// `share/import`: adds a share link's seeds the library does not hold yet.
enum ShareImportMethod: RPCMethod {
    struct Params: MethodParams {
        var url: LinkSeeds
        var select: [Count]?
        var workDoneToken: ProgressToken?
        var engine: EngineVersion?
        static var notes: [String: String] {
            ["url": "The share link.", "select": "Indices into the link's seeds to import (default: all).",
             "workDoneToken": "Report $/progress with this token.",
             "engine": "The engine the new Fonsters are drawn with (default: the library's default engine, library/settings)."]
        }
    }
    static let name = "share/import"
    static let summary = "Adds a share link's seeds the library does not hold yet."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = ShareErrors.link + LibraryErrors.edit + [.requestCancelled]
    static let result = Schema.ref("ImportResult")

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let seeds = params.url.seeds
        let chosen = try (params.select ?? seeds.indices.map { Count(value: $0) }).map { i throws(ResponseError) in
            guard seeds.indices.contains(i.value) else {
                throw .invalidParams(field: "select", "'select' index \(i.value) is outside the link's \(seeds.count) seeds (0 to \(seeds.count - 1)).")
            }
            return seeds[i.value]
        }
        let engine = params.engine
        try request.checkCancellation()
        return try await ImportJSON.withProgress(request, count: chosen.count) { () throws(ResponseError) -> JSONValue in
            let (result, library) = try await context.withStore { store throws(StoreError) in
                (try store.importSeeds(chosen, names: nil, engine: engine), try context.lookalikes.library(store))
            }
            request.leaveOrder()
            return try await ImportJSON.result(result, library: library, context: context, request: request)
        }
    }
}
