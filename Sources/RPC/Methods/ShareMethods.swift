import Foundation
import CreatureCore
import FonsterStore

/// `share/*` and `library/*`: share links and whole-library bundles.
enum ShareMethods {
    /// Imports over this many items report `$/progress`.
    static let progressThreshold = 50

    static func declarations(_ context: ServerContext) -> [MethodDeclaration] {
        [
            MethodDeclaration("share/build", "A share link for seeds or Fonsters.", effect: .pure, resolves: "ids",
                              errors: [.invalidParams, .notFound, .seedTooLong, .tooMany] + LibraryMethods.storeErrors) { params, request in
                let p = try Params(params)
                let seeds: [String]
                if let ids = try p.ids("ids") {
                    if p.has("seeds") { throw ResponseError.invalidParams(field: "ids", "Give either 'ids' or 'seeds', not both.") }
                    seeds = try await context.withStore { store throws(StoreError) in try ids.map { id throws(StoreError) in try store.get(id).seed } }
                    request.leaveOrder()
                } else if let list = try p.stringArray("seeds") {
                    seeds = list
                } else {
                    throw ResponseError.invalidParams(field: "seeds", "Give 'ids' or 'seeds'; this request gives neither.")
                }
                let field = p.has("ids") ? "ids" : "seeds"
                for seed in seeds { try Target.checkLength(seed, field: field) }
                guard !seeds.isEmpty else { throw ResponseError.invalidParams(field: field, "A share link needs at least one seed; '\(field)' is empty.") }
                guard seeds.count <= ShareLink.maxSeeds else {
                    throw ResponseError(code: .tooMany, message: "A share link holds at most \(ShareLink.maxSeeds) seeds; this request gives \(seeds.count).",
                                        data: ["field": .string(field), "limit": .int(Int64(ShareLink.maxSeeds)), "length": .int(Int64(seeds.count))])
                }
                let url = ShareLink.build(seeds: seeds)
                let tooLong = url.count > ShareLink.maxLength
                var result: JSONValue = ["url": .string(url), "length": .int(Int64(url.count)), "tooLong": .bool(tooLong)]
                if tooLong {
                    result = result.merging([("warning", .string("The link is \(url.count) characters long; the Fonsters apps refuse links over \(ShareLink.maxLength). Share fewer or shorter seeds."))])
                }
                return result
            },
            MethodDeclaration("share/preview", "What a share link holds, with thumbnails.", effect: .readsLibrary,
                              errors: [.invalidParams, .badShareLink, .seedTooLong, .tooMany] + LibraryMethods.storeErrors + [.requestCancelled]) { params, request in
                let p = try Params(params)
                let seeds = try parseLink(p)
                let engines = try previewEngines(p, context: context)
                let existing = try await existingSeeds(context)
                request.leaveOrder()
                let withEngines = p.has("engines")
                let thumbnailSize = try ImageSize(pixels: 64)
                let items = try await request.compute { () throws(ResponseError) -> [JSONValue] in
                var items: [JSONValue] = []
                for (index, seed) in seeds.enumerated() {
                    try request.checkpoint()
                    var thumbnails: [(String, JSONValue)] = []
                    for engine in engines {
                        let image = try CreatureMethods.render(Creature(seed: seed, engine: engine), format: .png,
                                                               size: thumbnailSize, request: request)
                        thumbnails.append((engine.rawValue, .string(image.dataURI)))
                    }
                    var item: JSONValue = [
                        "index": .int(Int64(index)), "seed": .string(seed),
                        "displayName": .string(Naming.displayName(name: "", seed: seed)),
                        "thumbnail": thumbnails[0].1, "exists": .bool(existing.contains(seed)),
                    ]
                    if withEngines { item = item.merging([("thumbnails", .object(JSONObject(thumbnails)))]) }
                    items.append(item)
                }
                return items
                }
                return ["seeds": .array(items)]
            },
            MethodDeclaration("share/import", "Adds a share link's seeds the library does not hold yet.",
                              effect: .writesLibrary, cost: .heavy,
                              errors: [.invalidParams, .badShareLink, .seedTooLong, .tooMany] + LibraryMethods.editErrors + [.requestCancelled]) { params, request in
                let p = try Params(params)
                let seeds = try parseLink(p)
                let chosen = try select(p, from: seeds)
                let engine = try p.engine() ?? context.defaultEngine
                try request.checkCancellation()
                return try await withImportProgress(request, count: chosen.count) { () throws(ResponseError) -> JSONValue in
                    importJSON(try await context.withStore { store throws(StoreError) in
                        try store.importSeeds(chosen, names: nil, engine: engine)
                    })
                }
            },
            MethodDeclaration("library/export", "The library as a bundle: whole, or a page at a time.", effect: .readsLibrary, cost: .heavy,
                              errors: [.invalidParams, .notFound] + LibraryMethods.storeErrors + [.responseTooLarge]) { params, request in
                let p = try Params(params)
                let ids = try p.ids("ids")
                let start = try p.int("start"), count = try p.int("count")
                if ids != nil && (start != nil || count != nil) {
                    throw ResponseError.invalidParams(field: "ids", "Give either 'ids' or 'start' and 'count', not both.")
                }
                if let start, start < 0 { throw ResponseError.invalidParams(field: "start", "'start' must be 0 or more; it is \(start).") }
                if let count, count < 0 { throw ResponseError.invalidParams(field: "count", "'count' must be 0 or more; it is \(count).") }
                let (data, total, exported, remaining) = try await context.withStore { store throws(StoreError) in
                    let all = try store.list()
                    let page: [Fonster]
                    var remaining = 0
                    if let ids {
                        let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                        page = try ids.map { id throws(StoreError) in
                            guard let fonster = byID[id] else { throw StoreError.notFound(id) }
                            return fonster
                        }
                    } else {
                        let from = min(start ?? 0, all.count)
                        let end = from + min(count ?? all.count, all.count - from)
                        page = Array(all[from..<end])
                        remaining = all.count - end
                    }
                    return (store.exportBundle(of: page), all.count, page.count, remaining)
                }
                if data.count > request.maxResponseBytes {
                    let fit = max(1, Int(Double(exported) * Double(request.maxResponseBytes) / Double(data.count) * 0.9))
                    throw ResponseError(
                        code: .responseTooLarge,
                        message: "The bundle of these \(exported) Fonsters would take \(data.count) bytes, more than the limit of \(request.maxResponseBytes). Export a page at a time with 'start' and 'count' (about \(fit) fit), or pick them with 'ids'.",
                        data: ["field": "count", "limit": .int(Int64(request.maxResponseBytes)), "fit": .int(Int64(fit))])
                }
                let bundle = try await request.compute { () throws(ResponseError) -> JSONValue in
                    do { return try JSONParser.parse(Array(data)) }
                    catch { throw ResponseError.internalError("The exported bundle could not be read back: \(error)") }
                }
                return ["bundle": bundle, "total": .int(Int64(total)), "remaining": .int(Int64(remaining))]
            },
            MethodDeclaration("library/import", "Adds a bundle's Fonsters to the library.", effect: .writesLibrary, cost: .heavy,
                              errors: [.invalidParams, .tooMany, .invalidBundle] + LibraryMethods.editErrors + [.requestCancelled]) { params, request in
                let p = try Params(params)
                guard let bundle = p.object["bundle"], bundle.object != nil else {
                    throw ResponseError.invalidParams(field: "bundle", "'bundle' must be a library bundle object (from library/export).")
                }
                let select = try p.intArray("select")
                let engine = try p.engine()
                let total = bundle["fonsters"]?.array?.count ?? 0
                if total > StoreLimits.maxBundleImport {  // refused before the bundle is copied and decoded
                    throw ResponseError(StoreError.tooMany(count: total, limit: StoreLimits.maxBundleImport))
                }
                let count = select?.count ?? total
                try request.checkCancellation()
                let data = Data(bundle.serialized())
                return try await withImportProgress(request, count: count) { () throws(ResponseError) -> JSONValue in
                    importJSON(try await context.withStore(field: "select") { store throws(StoreError) in
                        try store.importLibrary(data, select: select, engine: engine)
                    })
                }
            },
        ]
    }

    /// The result of `share/import` and `library/import`: the new Fonsters and how many of the
    /// chosen ones were skipped as already in the library.
    static func importJSON(_ result: ImportResult) -> JSONValue {
        ["created": .array(result.created.map { $0.json() }), "skipped": .int(Int64(result.skipped.count))]
    }

    /// Runs an import between progress `begin` and `end` when it holds more than
    /// `progressThreshold` items; the `end` goes out however the import ends.
    static func withImportProgress(_ request: RequestContext, count: Int,
                                   _ body: () async throws(ResponseError) -> JSONValue) async throws(ResponseError) -> JSONValue {
        guard count > progressThreshold else { return try await body() }
        return try await request.withProgress(title: "Importing \(count) Fonsters", body)
    }

    /// The engines `share/preview` draws with: `engines` if given (at least one), else the
    /// server's default.
    static func previewEngines(_ p: Params, context: ServerContext) throws(ResponseError) -> [EngineVersion] {
        guard let names = try p.stringArray("engines") else { return [context.defaultEngine] }
        guard !names.isEmpty else {
            throw ResponseError.invalidParams(field: "engines", "'engines' must name at least one engine; it is empty.")
        }
        var engines: [EngineVersion] = []
        for name in names {
            let engine = try Params.engine(named: name, field: "engines")
            if !engines.contains(engine) { engines.append(engine) }
        }
        return engines
    }

    /// The seeds already in the library (a link's seeds that are skipped on import).
    static func existingSeeds(_ context: ServerContext) async throws(ResponseError) -> Set<String> {
        try await context.withStore { store throws(StoreError) in Set(try store.list().map(\.seed)) }
    }

    /// The seeds of the `url` param; a seed over the length limit is refused like any seed.
    static func parseLink(_ p: Params) throws(ResponseError) -> [String] {
        let url = try p.requiredString("url")
        let seeds: [String]
        do { seeds = try ShareLink.parse(url) } catch { throw ResponseError(error) }
        for seed in seeds { try Target.checkLength(seed, field: "url") }
        return seeds
    }

    /// The seeds picked by `select` (indices into the link), in the order given; all when absent.
    static func select(_ p: Params, from seeds: [String]) throws(ResponseError) -> [String] {
        guard let indices = try p.intArray("select") else { return seeds }
        return try indices.map { i throws(ResponseError) in
            guard seeds.indices.contains(i) else {
                throw .invalidParams(field: "select", "'select' index \(i) is outside the link's \(seeds.count) seeds (0 to \(seeds.count - 1)).")
            }
            return seeds[i]
        }
    }
}
