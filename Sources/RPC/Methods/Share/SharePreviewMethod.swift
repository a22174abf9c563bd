import Foundation
import CreatureCore
import FonsterStore

/// `share/preview`: what a share link holds, with thumbnails, and which Fonsters of the library
/// each seed would look exactly or nearly like (`sameAs`, `nearlyAs`: ids, drawn by the first engine).
enum SharePreviewMethod: RPCMethod {
    struct Params: MethodParams {
        var url: LinkSeeds
        var engines: [EngineVersion]?
        static var notes: [String: String] {
            ["url": "The share link.",
             "engines": "Draw thumbnails with each of these engines; the result then carries thumbnails {engine: dataUri}. Look-alikes (sameAs, nearlyAs: at most \(listed) ids each, in library order, with sameCount and nearlyCount) are of the first engine's picture."]
        }
    }
    /// The most look-alike ids listed per seed (`sameCount`/`nearlyCount` say how many there are).
    static let listed = LookalikeFinder.listed
    static let name = "share/preview"
    static let summary = "What a share link holds, with thumbnails."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = ShareErrors.link + LibraryErrors.store + [.requestCancelled]
    static let result = Schema.json(#"""
    {"type":"object","properties":{"seeds":{"type":"array","items":{"type":"object","properties":{"index":{"type":"integer","minimum":0},
     "seed":{"type":"string"},"displayName":{"type":"string"},"thumbnail":{"$ref":"#/components/schemas/DataURI"},"exists":{"type":"boolean"},
     "sameAs":{"type":"array","items":{"$ref":"#/components/schemas/UUID"},"maxItems":\#(listed)},"sameCount":{"type":"integer","minimum":0},
     "nearlyAs":{"type":"array","items":{"$ref":"#/components/schemas/UUID"},"maxItems":\#(listed)},"nearlyCount":{"type":"integer","minimum":0},
     "thumbnails":{"type":"object","additionalProperties":{"$ref":"#/components/schemas/DataURI"}}},
     "required":["index","seed","displayName","thumbnail","exists","sameAs","sameCount","nearlyAs","nearlyCount"],"additionalProperties":false}}},"required":["seeds"],"additionalProperties":false}
    """#)

    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        let engines = max(1, params.engines?.count ?? 1)
        let thumb = RequestCost.dataURI(RequestCost.imageBytes(.png, pixels: ImageSize.thumbnail.pixels).typical)
        scheduling.bytes = 2 * params.url.seeds.count * (engines * thumb + 200 + 2 * listed * 40)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        if params.engines?.isEmpty == true {
            throw ResponseError.invalidParams(field: "engines", "'engines' must name at least one engine; it is empty.")
        }
        let (library, defaultEngine) = try await context.withStore { store throws(StoreError) in
            (try context.lookalikes.library(store, reading: true), try store.defaultEngine())
        }
        var engines: [EngineVersion] = []
        for engine in params.engines ?? [defaultEngine] where !engines.contains(engine) { engines.append(engine) }
        request.leaveOrder()
        let existing = Set((library.seeds ?? []).map(\.seed))
        let seeds = params.url.seeds, withEngines = params.engines != nil, chosen = engines
        // What each seed would look like in the library, drawn by the first engine asked for.
        let lookalikes = try await context.lookalikes.matches(of: seeds, drawnBy: chosen[0], in: library,
                                                              defaultEngine: context.defaultEngine, request: request)
        let items = try await request.compute { () throws(ResponseError) -> [JSONValue] in
          var items: [JSONValue] = []
          for (index, seed) in seeds.enumerated() {
            try request.checkpoint()
            var thumbnails: [(String, JSONValue)] = []
            for engine in chosen {
                let image = try CreatureJSON.render(Creature(seed: seed, engine: engine), format: .png, size: .thumbnail, request: request)
                thumbnails.append((engine.rawValue, .string(image.dataURI)))
            }
            var item: JSONValue = [
                "index": .int(Int64(index)), "seed": .string(seed),
                "displayName": .string(Naming.displayName(name: "", seed: seed)),
                "thumbnail": thumbnails[0].1, "exists": .bool(existing.contains(seed)),
            ]
            let found = lookalikes[index]
            item = item.merging(LookalikeFinder.fields(sameAs: found.sameAs, sameCount: found.sameCount, nearlyAs: found.nearlyAs, nearlyCount: found.nearlyCount))
            if withEngines { item = item.merging([("thumbnails", .object(JSONObject(thumbnails)))]) }
            items.append(item)
          }
          return items
        }
        return ["seeds": .array(items)]
    }
}
