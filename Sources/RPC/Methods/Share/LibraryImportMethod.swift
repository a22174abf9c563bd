import Foundation
import CreatureCore
import FonsterStore

/// `library/import`: adds a bundle's Fonsters to the library, in steps of 1,000 (each its own
/// transaction), reporting `$/progress` after each. Cancelled before the first step commits, it
/// imports nothing and answers -32800 (the step rolls back); cancelled later, it stops before the
/// next step, keeps the steps it finished and answers them, `unfinished` counting the entries left.
enum LibraryImportMethod: RPCMethod {
    struct Params: MethodParams {
        let bundle: BundleObject, select: [Int]?, workDoneToken: ProgressToken?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            bundle = try p.required("bundle", "A library bundle (from library/export).")
            select = try p.optional("select", "Indices into the bundle's Fonsters to import (default: all).")
            workDoneToken = try p.optional("workDoneToken", "Report $/progress with this token.")
            engine = try p.optional("engine", "The engine for every imported Fonster (default: each keeps the engine its bundle entry names).")
        }
    }
    static let name = "library/import"
    static let summary = "Adds a bundle's Fonsters to the library."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = [.invalidParams, .tooMany, .invalidBundle] + LibraryErrors.edit + [.requestCancelled]
    static var heaviest: JSONValue {
        let entries: [JSONValue] = (0..<1000).map { n in
            ["name": .string("heavy \(n)"), "seed": .string(HeavyParams.longSeed), "createdAt": "2024-01-01T00:00:00.000Z", "history": [], "future": []]
        }
        let bundle: JSONValue = [
            "format": .string(LibraryBundle.formatName), "version": .number(LibraryBundle.currentVersion), "engine": "fonsters-v1",
            "exportedAt": "2024-01-01T00:00:00.000Z", "fonsters": .array(entries),
        ]
        return ["bundle": bundle, "engine": "fonsters-v2"]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> ImportedFonsters {
        let bundle = params.bundle.json
        let total = bundle["fonsters"]?.array?.count ?? 0
        if total > StoreLimits.maxBundleImport {  // refused before any entry is read
            throw ResponseError(StoreError.tooMany(count: total, limit: StoreLimits.maxBundleImport))
        }
        let count = params.select?.count ?? total
        try request.checkCancellation()
        // Progress goes out per step of 1,000; a smaller import is one step.
        return try await ImportJSON.withProgress(request, count: count) { () throws(ResponseError) -> ImportedFonsters in
            let (result, library) = try await context.withStore(field: "select") { store throws(StoreError) in
                try context.pictures.library(store, afterImport: { () throws(StoreError) in
                    try store.importLibrary(bundle, select: params.select, engine: params.engine, stop: { request.cancelAsked }) { done, total in
                        request.reportProgress(message: "\(done) of \(total) Fonsters", percentage: done * 100 / max(total, 1))
                    }
                })
            }
            request.leaveOrder()
            return try await ImportJSON.result(result, library: library, context: context, request: request)
        }
    }
}
