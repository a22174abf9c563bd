import Foundation
import CreatureCore
import FonsterStore

/// `creature/search` (variants of a seed with wanted traits, streamed as found) and
/// `fonsters/lookalikes` (the library grouped by identical and nearly identical pictures).
enum SearchMethods {
    /// The side of a result's thumbnail, in pixels.
    static let thumbnailPixels = 64

    static func declarations(_ context: ServerContext) -> [MethodDeclaration] {
        [
            MethodDeclaration("creature/search", "Variants of a seed whose creatures have the wanted traits, streamed as found.",
                              effect: .pure, resolves: "unlike", cost: .heavy,
                              errors: [.invalidParams, .notFound, .seedTooLong, .requestCancelled] + LibraryMethods.storeErrors) { params, request in
                try await search(try Params(params), context: context, request: request)
            },
            MethodDeclaration("fonsters/lookalikes", "The library's Fonsters grouped by identical and nearly identical pictures.",
                              effect: .readsLibrary, cost: .heavy,
                              errors: [.invalidParams, .requestCancelled] + LibraryMethods.storeErrors) { params, request in
                let p = try Params(params)
                let near = try p.bool("near") ?? true
                let fonsters = try await context.withStore { store throws(StoreError) in try store.list() }
                request.leaveOrder()
                let creatures = fonsters.map { (seed: $0.seed, engine: EngineVersion(rawValue: $0.engine) ?? context.defaultEngine) }
                guard let pictures = Lookalikes.pictures(of: creatures, isCancelled: { request.isCancelled }) else {
                    throw ResponseError.requestCancelled
                }
                let groups = Lookalikes.groups(zip(fonsters, pictures).map { (id: $0.id, picture: $1) }, near: near)
                func ids(_ groups: [[UUID]]) -> JSONValue { .array(groups.map { .array($0.map { .string($0.uuidString) }) }) }
                return [
                    "exact": ids(groups.exact), "near": ids(groups.near),
                    "nearlyMaxCells": .int(Int64(Lookalikes.nearlyMaxCells)), "count": .int(Int64(fonsters.count)),
                ]
            },
        ]
    }

    /// `creature/search`: checks every param and the wants' possibility before any work, then
    /// reports each result as `$/progress` as soon as it is certain, and answers with them all.
    static func search(_ p: Params, context: ServerContext, request: RequestContext) async throws(ResponseError) -> JSONValue {
        let base = try p.requiredString("base")
        try Target.checkLength(base, field: "base")
        let engine = try p.engine() ?? context.defaultEngine
        let wants = try wantsParam(p)
        var families = SeedVariants.Family.allCases
        if let names = try p.stringArray("variants") {
            families = []
            for name in names {
                guard let family = SeedVariants.Family(rawValue: name) else {
                    throw .invalidParams(field: "variants", "'variants' may hold numbers, spelling, emoji and words; \"\(name.prefix(40))\" is not one.")
                }
                families.append(family)
            }
            guard !families.isEmpty else { throw .invalidParams(field: "variants", "'variants' must name at least one way of varying the base.") }
        }
        let limit = try bounded(p, "limit", 20, 1...200)
        let maxCandidates = try bounded(p, "maxCandidates", 2_000_000, 1...100_000_000)
        let timeoutMs = try bounded(p, "timeoutMs", 10_000, 1...60_000)
        if let error = wants.impossibility(engine: engine) { throw responseError(error) }
        var unlike: [Picture] = []
        if let ids = try p.ids("unlike") {
            guard ids.count <= 100_000 else { throw .invalidParams(field: "unlike", "'unlike' may hold at most 100,000 ids; it holds \(ids.count).") }
            let fonsters = try await context.withStore(field: "unlike") { store throws(StoreError) in try ids.map { id throws(StoreError) in try store.get(id) } }
            request.leaveOrder()
            guard let pictures = Lookalikes.pictures(of: fonsters.map { (seed: $0.seed, engine: EngineVersion(rawValue: $0.engine) ?? context.defaultEngine) },
                                                     isCancelled: { request.isCancelled }) else { throw .requestCancelled }
            unlike = pictures
        }
        var searchRequest = CreatureSearch.Request(base: base, wants: wants, engine: engine)
        searchRequest.families = families
        searchRequest.limit = limit
        searchRequest.maxCandidates = maxCandidates
        searchRequest.timeLimit = Double(timeoutMs) / 1000
        searchRequest.unlike = unlike
        let finalRequest = searchRequest
        return try await request.withProgress(title: "Searching variants of \(base.prefix(40))") { () throws(ResponseError) -> JSONValue in
            do {
                var found = 0
                let outcome = try CreatureSearch.run(finalRequest, isCancelled: { request.isCancelled }) { result in
                    found += 1
                    request.reportProgress(["kind": "report", "message": .string("Found \(found) of \(limit)"),
                                            "percentage": .int(Int64(found * 100 / limit)), "result": resultJSON(result, wants)])
                }
                return [
                    "results": .array(outcome.results.map { resultJSON($0, wants) }),
                    "tried": .int(Int64(outcome.tried)), "stoppedBy": .string(outcome.stoppedBy.rawValue),
                    "engine": .string(engine.rawValue),
                ]
            } catch let error as SearchError {
                throw responseError(error)
            } catch is CancellationError {
                throw .requestCancelled
            } catch {
                throw .internalError("The search failed: \(error)")
            }
        }
    }

    /// One result: its seed, place in the order, how the base was varied, a PNG thumbnail and
    /// each wanted trait with the creature's own value.
    static func resultJSON(_ result: CreatureSearch.Result, _ wants: SearchWants) -> JSONValue {
        let thumbnail = (try? Renderer.still(result.creature, format: .png, size: ImageSize(pixels: thumbnailPixels)))?.dataURI ?? ""
        return [
            "seed": .string(result.seed), "candidate": .int(Int64(result.candidate)), "variant": .string(result.family.rawValue),
            "thumbnail": .string(thumbnail),
            "traits": .object(JSONObject(result.traits(wants).map { ($0.want, .string($0.value)) })),
        ]
    }

    /// `want`: an object of trait → value (`{"antlers": true, "tier": 5, "color": "#ff8800"}`) or
    /// the command line's text (`"antlers,tier=5"`).
    static func wantsParam(_ p: Params) throws(ResponseError) -> SearchWants {
        guard let value = p.object["want"], !value.isNull else { throw .invalidParams(field: "want", "'want' is required: the traits to look for, e.g. {\"antlers\": true}.") }
        do {
            if let text = value.string { return try SearchWants.parse(text) }
            guard let object = value.object else {
                throw ResponseError.invalidParams(field: "want", "'want' must be an object of traits, e.g. {\"antlers\": true, \"tier\": 5}; it is \(value.kindName).")
            }
            guard !object.isEmpty else { throw ResponseError.invalidParams(field: "want", "'want' must name at least one trait.") }
            var pairs: [(String, String)] = []
            for (key, v) in object {
                switch v {
                case .bool(let b): pairs.append((key, b ? "true" : "false"))
                case .int(let n): pairs.append((key, String(n)))
                case .string(let s): pairs.append((key, s))
                default: throw ResponseError.invalidParams(field: "want", "The value of want '\(key.prefix(40))' must be true, false, a whole number or a string; it is \(v.kindName).")
                }
            }
            return try SearchWants(pairs: pairs)
        } catch let error as SearchError {
            throw responseError(error)
        } catch let error as ResponseError {
            throw error
        } catch {
            throw .internalError("\(error)")
        }
    }

    /// A search error as invalid params naming `want` and the traits at fault.
    static func responseError(_ error: SearchError) -> ResponseError {
        ResponseError(code: .invalidParams, message: error.message,
                      data: ["field": "want", "traits": .array(error.traits.map { .string($0) }),
                             "impossible": .bool(error.kind == .impossible)])
    }

    /// An optional whole-number param within `range`.
    static func bounded(_ p: Params, _ key: String, _ value: Int, _ range: ClosedRange<Int>) throws(ResponseError) -> Int {
        let n = try p.int(key) ?? value
        guard range.contains(n) else {
            throw .invalidParams(field: key, "'\(key)' must be from \(English.grouped(range.lowerBound)) to \(English.grouped(range.upperBound)); it is \(n).")
        }
        return n
    }
}
