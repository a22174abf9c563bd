import Foundation
import CreatureCore
import FonsterStore

/// `creature/search`: variants of a seed whose creatures have the wanted traits, each reported as
/// `$/progress` as soon as it is certain, all of them in the answer. Every param and the wants'
/// possibility are checked before any work.
enum SearchMethod: RPCMethod {
    struct Params: MethodParams {
        let base: Seed, want: Wants, variants: [SeedVariants.Family]?, engine: EngineVersion?, limit: Bounded<Limit>?
        let unlike: [UUID]?, maxCandidates: Bounded<MaxCandidates>?, timeoutMs: Bounded<Timeout>?, workDoneToken: ProgressToken?
        init(_ p: ParamReader) throws(ResponseError) {
            base = try p.required("base", "The text to vary (at most 10,000 UTF-16 units).")
            want = try p.required("want", ##"""
                The wanted traits: {trait: value} (e.g. {"antlers": true, "tier": 5, "color": "#e94560~60"}) or the command line's text \##
                "antlers,tier=5".
                """##)
            variants = try p.optional("variants", "How to vary the base: numbers, spelling, emoji, words (default: all, interleaved).")
            engine = try p.optional("engine", "The engine to draw with (default: the server's default).")
            limit = try p.optional("limit", "How many results at most (1…200, default 20).")
            unlike = try p.optional("unlike", "Fonsters whose pictures no result may draw.")
            maxCandidates = try p.optional("maxCandidates", "How many variants to try at most (default 2,000,000).")
            timeoutMs = try p.optional("timeoutMs", "How long to search at most, in milliseconds (default 10,000).")
            workDoneToken = try p.optional("workDoneToken", "Report each result as $/progress with this token.")
        }
    }

    /// The results, how many variants were tried, and why the search stopped.
    struct Result: ResultObject {
        let results: [Found], tried: Int, stoppedBy: CreatureSearch.Stop, engine: EngineVersion
        static let members: [Member<Result>] = [
            Member("results") { $0.results },
            Member("tried", schema: Schema.integer(minimum: 0)) { $0.tried },
            Member("stoppedBy", schema: Schema.oneOf(CreatureSearch.Stop.allCases)) { $0.stoppedBy.rawValue },
            Member("engine") { $0.engine },
        ]
    }

    /// One result: its seed, place in the order, how the base was varied, a PNG thumbnail and
    /// each wanted trait with the creature's own value.
    struct Found: ResultObject {
        let result: CreatureSearch.Result, traits: NamedValues<String>, thumbnail: RenderedImage?
        /// `result` with its thumbnail drawn and the values of `wants`.
        init(_ result: CreatureSearch.Result, _ wants: SearchWants) {
            self.result = result
            traits = NamedValues(entries: result.traits(wants).map { ($0.want, $0.value) })
            thumbnail = try? Renderer.still(result.creature, format: .png, size: ImageSize(pixels: thumbnailPixels))
        }
        static let component: String? = "SearchResult"
        static let members: [Member<Found>] = [
            Member("seed") { $0.result.seed },
            Member("candidate", schema: Schema.integer(minimum: 0)) { $0.result.candidate },
            Member("variant", schema: Schema.oneOf(SeedVariants.Family.allCases)) { $0.result.family.rawValue },
            // A 64-px PNG cannot fail to encode; were it to, the thumbnail would be null.
            Member("thumbnail", schema: ImageURI.schema) { $0.thumbnail.map(ImageURI.init) },
            Member("traits") { $0.traits },
        ]
    }

    /// The traits asked for, from an object of trait → value or the command line's text.
    struct Wants: ParamValue, Sendable {
        let wants: SearchWants
        static func param(_ json: JSONValue) throws(ParamInvalid) -> Wants {
            do {
                if let text = json.string { return Wants(wants: try SearchWants.parse(text)) }
                guard let object = json.object else {
                    throw ParamInvalid(#"must be an object of traits, e.g. {"antlers": true, "tier": 5}; it is "# + json.kindName + ".")
                }
                guard !object.isEmpty else { throw ParamInvalid("must name at least one trait.") }
                var pairs: [(String, String)] = []
                for (key, v) in object {
                    switch v {
                    case .bool(let b): pairs.append((key, b ? "true" : "false"))
                    case .int(let n): pairs.append((key, String(n)))
                    case .string(let s): pairs.append((key, s))
                    default:
                        throw ParamInvalid("'\(key.prefix(40))' must be true, false, a whole number or a string; it is \(v.kindName).")
                    }
                }
                return Wants(wants: try SearchWants(pairs: pairs))
            } catch let error as SearchError {
                throw SearchMethod.invalid(error)
            } catch let error as ParamInvalid {
                throw error
            } catch {
                throw ParamInvalid(sentence: "\(error)")
            }
        }
        static var schema: JSONValue {
            ["oneOf": [["type": "object", "additionalProperties": ["type": ["boolean", "integer", "string"]]], ["type": "string"]]]
        }
        static var placeholder: Wants { Wants(wants: SearchWants([])) }
    }

    /// `limit`: 1…200, default 20.
    enum Limit: BoundedRange { static let range = 1...200, standard = 20, unit = "results" }
    /// `maxCandidates`: 1…100,000,000, default 2,000,000.
    enum MaxCandidates: BoundedRange { static let range = 1...100_000_000, standard = 2_000_000, unit = "candidates" }
    /// `timeoutMs`: 1…60,000, default 10,000.
    enum Timeout: BoundedRange { static let range = 1...60_000, standard = 10_000, unit = "ms" }

    static let name = "creature/search"
    static let summary = "Variants of a seed whose creatures have the wanted traits, streamed as found."
    static let effect = MethodDeclaration.Effect.pure
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong, .requestCancelled] + LibraryErrors.store
    static var heaviest: JSONValue {
        // Wants so rare that a search runs until its time is up.
        ["base": .string(HeavyParams.seed), "want": "hair,ears,horn,antlers,colors=6", "engine": "fonsters-v2",
         "limit": 200, "unlike": [.string(HeavyParams.fonster)], "maxCandidates": 100_000_000, "timeoutMs": 60_000]
    }
    static func readsLibrary(_ params: Params) -> Bool { params.unlike != nil }

    /// The side of a result's thumbnail, in pixels.
    static let thumbnailPixels = 64

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let engine = params.engine ?? context.defaultEngine, wants = params.want.wants
        let families = params.variants ?? SeedVariants.Family.allCases
        guard !families.isEmpty else { throw ResponseError.invalidParams(field: "variants", "'variants' must name at least one way of varying the base.") }
        if let error = wants.impossibility(engine: engine) { throw responseError(error) }
        let limit = params.limit?.value ?? Limit.standard
        var unlike: [Picture] = []
        if let ids = params.unlike {
            guard ids.count <= 100_000 else { throw ResponseError.invalidParams(field: "unlike", "'unlike' may hold at most 100,000 ids; it holds \(ids.count).") }
            let fonsters = try await context.withStore(field: "unlike") { store throws(StoreError) in try ids.map { id throws(StoreError) in try store.get(id) } }
            request.leaveOrder()
            guard let pictures = try await Lookalikes.pictures(of: fonsters.map { (seed: $0.seed, engine: $0.engine) },
                                                               parts: request.parts, isCancelled: { request.takeTurn() }) else { throw ResponseError.requestCancelled }
            unlike = pictures
        }
        var search = CreatureSearch.Request(base: params.base.text, wants: wants, engine: engine)
        search.families = families
        search.limit = limit
        search.maxCandidates = params.maxCandidates?.value ?? MaxCandidates.standard
        search.timeLimit = Double(params.timeoutMs?.value ?? Timeout.standard) / 1000
        search.unlike = unlike
        let finalSearch = search
        return try await request.withProgress(title: "Searching variants of \(params.base.text.prefix(40))") { () throws(ResponseError) -> Result in
            do {
                var found = 0
                // The rounds' parts run on the compute pool; each result's thumbnail too.
                let outcome = try await CreatureSearch.run(finalSearch, parts: request.parts, isCancelled: { request.takeTurn() }) { result in
                    found += 1
                    let drawn = await request.computeOnPool { Found(result, wants) }
                    request.reportProgress(["kind": "report", "message": .string("Found \(found) of \(limit)"),
                                            "percentage": .int(Int64(found * 100 / limit)), "result": drawn.json])
                }
                let results = await request.computeOnPool { outcome.results.map { Found($0, wants) } }
                return Result(results: results, tried: outcome.tried, stoppedBy: outcome.stoppedBy, engine: engine)
            } catch let error as SearchError {
                throw responseError(error)
            } catch is CancellationError {
                throw .requestCancelled
            } catch let error as ResponseError {
                throw error
            } catch {
                throw .internalError("The search failed: \(error)")
            }
        }
    }

    /// The data of a search error: the traits at fault, and whether they are impossible.
    static func data(_ error: SearchError) -> [(String, JSONValue)] {
        [("traits", .array(error.traits.map { .string($0) })), ("impossible", .bool(error.kind == .impossible))]
    }

    /// A search error found while the params are read: invalid params about `want`.
    static func invalid(_ error: SearchError) -> ParamInvalid {
        var invalid = ParamInvalid(sentence: error.message)
        invalid.extraData = data(error)
        return invalid
    }

    /// A search error found later (the engine cannot draw the wants): invalid params naming `want`.
    static func responseError(_ error: SearchError) -> ResponseError {
        ResponseError(code: .invalidParams, message: error.message,
                      data: .object(JSONObject([("field", "want")] + data(error))))
    }
}

/// How the variants of a base are made: numbers, spelling, emoji, words.
extension SeedVariants.Family: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> SeedVariants.Family {
        guard let name = json.string, let family = SeedVariants.Family(rawValue: name) else {
            throw ParamInvalid("must be one of numbers, spelling, emoji, words; it is \(json.serializedString().prefix(40)).")
        }
        return family
    }
    static var schema: JSONValue { Schema.oneOf(allCases) }
    static var placeholder: SeedVariants.Family { .numbers }
}
