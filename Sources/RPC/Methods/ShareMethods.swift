import Foundation
import CreatureCore
import FonsterStore

/// `share/*` and `library/*`: share links and whole-library bundles.
enum ShareMethods {
    /// Imports over this many items report `$/progress`.
    static let progressThreshold = 50

    static func register(on server: RPCServer, context: ServerContext) {
        server.register(method: "share/build") { params, _ in
            let p = try Params(params)
            let seeds: [String]
            if let ids = try p.ids("ids") {
                if p.has("seeds") { throw ResponseError.invalidParams(field: "ids", "give either 'ids' or 'seeds', not both") }
                seeds = try context.withStore { store throws(StoreError) in try ids.map { id throws(StoreError) in try store.get(id).seed } }
            } else if let list = try p.stringArray("seeds") {
                seeds = list
            } else {
                throw ResponseError.invalidParams(field: "seeds", "give 'ids' or 'seeds'")
            }
            for seed in seeds { try Target.checkLength(seed, field: p.has("ids") ? "ids" : "seeds") }
            guard !seeds.isEmpty else { throw ResponseError.invalidParams(field: p.has("ids") ? "ids" : "seeds", "a share link needs at least one seed") }
            guard seeds.count <= ShareLink.maxSeeds else {
                throw ResponseError(code: .tooMany, message: "a share link holds at most \(ShareLink.maxSeeds) seeds (got \(seeds.count))")
            }
            let url = ShareLink.build(seeds: seeds)
            let tooLong = url.count > ShareLink.maxLength
            var result: JSONValue = ["url": .string(url), "length": .int(Int64(url.count)), "tooLong": .bool(tooLong)]
            if tooLong {
                result = result.merging([("warning", .string("The link is \(url.count) characters long; the Fonsters apps refuse links over \(ShareLink.maxLength). Share fewer or shorter seeds."))])
            }
            return result
        }
        server.register(method: "share/preview") { params, request in
            let seeds = try parseLink(try Params(params))
            let existing = try existingSeeds(context)
            var items: [JSONValue] = []
            for (index, seed) in seeds.enumerated() {
                try request.checkCancellation()
                let image = try CreatureMethods.render(Creature(seed: seed), format: .png, size: try ImageSize(pixels: 64))
                items.append([
                    "index": .int(Int64(index)), "seed": .string(seed),
                    "displayName": .string(Naming.displayName(name: "", seed: seed)),
                    "thumbnail": .string(image.dataURI), "exists": .bool(existing.contains(seed)),
                ])
            }
            return ["seeds": .array(items)]
        }
        server.register(method: "share/import") { params, request in
            let p = try Params(params)
            let seeds = try parseLink(p)
            let chosen = try select(p, from: seeds)
            var seen = try existingSeeds(context)
            let fresh = chosen.filter { seen.insert($0).inserted }
            if fresh.count > progressThreshold { request.beginProgress(title: "Importing \(fresh.count) Fonsters") }
            let created = try context.withStore { store throws(StoreError) in try store.importSeeds(fresh) }
            if fresh.count > progressThreshold { request.endProgress(message: "Imported \(created.count)") }
            return ["created": .array(created.map { $0.json() }), "skipped": .int(Int64(chosen.count - created.count))]
        }
        server.register(method: "library/export") { _, _ in
            let data = try context.withStore { store throws(StoreError) in try store.exportLibrary() }
            do { return ["bundle": try JSONParser.parse(Array(data))] }
            catch { throw ResponseError.internalError("could not read the exported bundle: \(error)") }
        }
        server.register(method: "library/import") { params, request in
            let p = try Params(params)
            guard let bundle = p.object["bundle"], bundle.object != nil else {
                throw ResponseError.invalidParams(field: "bundle", "'bundle' must be a library bundle object (from library/export)")
            }
            let select = try p.intArray("select")
            let total = bundle["fonsters"]?.array?.count ?? 0
            let count = select?.count ?? total
            if count > progressThreshold { request.beginProgress(title: "Importing \(count) Fonsters") }
            let created = try context.withStore(field: "select") { store throws(StoreError) in
                try store.importLibrary(Data(bundle.serialized()), select: select)
            }
            if count > progressThreshold { request.endProgress(message: "Imported \(created.count)") }
            return ["created": .array(created.map { $0.json() }), "skipped": .int(Int64(count - created.count))]
        }
    }

    /// The seeds already in the library (a link's seeds that are skipped on import).
    static func existingSeeds(_ context: ServerContext) throws(ResponseError) -> Set<String> {
        Set(try context.withStore { store throws(StoreError) in try store.list() }.map(\.seed))
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
                throw .invalidParams(field: "select", "'select' index \(i) is outside the link's \(seeds.count) seeds")
            }
            return seeds[i]
        }
    }
}
