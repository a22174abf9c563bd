import Foundation
import CreatureCore
import FonsterStore

/// `share/preview`: what a share link holds, with thumbnails, and which Fonsters of the library
/// each seed would look exactly or nearly like (`sameAs`, `nearlyAs`: ids, drawn by the first
/// engine asked for; without `engines`, by the card's engine in the link's meta, else the default).
enum SharePreviewMethod: RPCMethod {
    struct Params: MethodParams {
        let url: LinkSeeds, engines: [EngineVersion]?
        init(_ p: ParamReader) throws(ResponseError) {
            url = try p.required("url", "The share link.")
            engines = try p.optional("engines", """
                Draw thumbnails with each of these engines; the result then carries thumbnails {engine: dataUri}. Look-alikes (sameAs, \
                nearlyAs: at most \(listed) ids each, in library order, with sameCount and nearlyCount) are of the first engine's picture.
                """)
        }
    }

    /// Each seed of the link.
    struct Result: ResultObject {
        let seeds: [LinkSeed]
        static let members: [Member<Result>] = [Member("seeds") { $0.seeds }]
    }

    /// A seed of the link: its place, name and engine as the link says them, thumbnail, whether
    /// the library holds it, and its look-alikes there; with `engines`, a thumbnail by each.
    struct LinkSeed: ResultObject {
        let index: Int, card: ShareLink.Card, thumbnails: [(engine: EngineVersion, image: ImageURI)], exists: Bool
        let lookalikes: LookalikeList, byEngine: Bool
        static let members: [Member<LinkSeed>] = [
            Member("index", schema: Schema.integer(minimum: 0)) { $0.index },
            Member("seed") { $0.card.seed },
            Member("displayName") { Naming.displayName(name: $0.card.name ?? "", seed: $0.card.seed) },
            .optional("name") { $0.card.name },
            .optional("engine") { $0.card.engine },
            Member("thumbnail") { $0.thumbnails[0].image },
            Member("exists") { $0.exists },
        ] + LookalikeList.members.lifted { $0.lookalikes } + [
            .optional("thumbnails") { s in s.byEngine ? NamedValues(entries: s.thumbnails.map { ($0.engine.rawValue, $0.image) }) : nil },
        ]
    }
    /// The most look-alike ids listed per seed (`sameCount`/`nearlyCount` say how many there are).
    static let listed = LibraryPictures.listed
    static let name = "share/preview"
    static let summary = "What a share link holds, with thumbnails."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = ShareErrors.link + LibraryErrors.store + [.requestCancelled]
    static var heaviest: JSONValue { ["url": .string(HeavyParams.link), "engines": ["fonsters-v2", "fonsters-v1"]] }

    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        let engines = max(1, params.engines?.count ?? 1)
        let thumb = RequestCost.dataURI(RequestCost.imageBytes(.png, pixels: ImageSize.thumbnail.pixels).typical)
        scheduling.bytes = 2 * params.url.seeds.count * (engines * thumb + 200 + 2 * listed * 40)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        if params.engines?.isEmpty == true {
            throw ResponseError.invalidParams(field: "engines", "'engines' must name at least one engine; it is empty.")
        }
        let (library, defaultEngine) = try await context.withStore { store throws(StoreError) in
            (try context.pictures.library(store), try store.defaultEngine())
        }
        var engines: [EngineVersion] = []
        for engine in params.engines ?? [defaultEngine] where !engines.contains(engine) { engines.append(engine) }
        request.leaveOrder()
        let existing = Set(library.seeds.map(\.seed))
        let cards = params.url.cards, withEngines = params.engines != nil, chosen = engines
        // Each card's engine: the first asked for, else the link's, else the library's default.
        let drawnBy = cards.map { withEngines ? chosen[0] : $0.engine ?? defaultEngine }
        // What each seed would look like in the library, drawn by its engine (one lookup per engine).
        var lookalikes = [LibraryPictures.Listed<UUID>?](repeating: nil, count: cards.count)
        for engine in EngineVersion.allCases where drawnBy.contains(engine) {
            let indices = cards.indices.filter { drawnBy[$0] == engine }
            let found = try await context.pictures.matches(of: indices.map { cards[$0].seed }, drawnBy: engine, in: library, request: request)
            for (index, match) in zip(indices, found) { lookalikes[index] = match }
        }
        let matches = lookalikes
        let items = try await request.compute { () throws(ResponseError) -> [LinkSeed] in
            var items: [LinkSeed] = []
            for (index, card) in cards.enumerated() {
                try request.checkpoint()
                var thumbnails: [(engine: EngineVersion, image: ImageURI)] = []
                for engine in withEngines ? chosen : [drawnBy[index]] {
                    let image = try CreatureMethods.render(Creature(seed: card.seed, engine: engine), format: .png, size: .thumbnail, request: request)
                    thumbnails.append((engine, ImageURI(image: image)))
                }
                items.append(LinkSeed(index: index, card: card, thumbnails: thumbnails, exists: existing.contains(card.seed),
                                      lookalikes: LookalikeList(matches[index]!), byEngine: withEngines))
            }
            return items
        }
        return Result(seeds: items)
    }
}
