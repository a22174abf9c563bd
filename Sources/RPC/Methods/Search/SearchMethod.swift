import Foundation
import CreatureCore
import FonsterStore

/// `creature/search`: variants of a seed whose creatures have the wanted traits, each reported as
/// `$/progress` as soon as it is certain, all of them in the answer. Every param and the wants'
/// possibility are checked before any work.
enum SearchMethod: RPCMethod {
    struct Params: MethodParams {
        var base: Seed
        var want: Wants
        var variants: [SeedVariants.Family]?
        var engine: EngineVersion?
        var limit: Bounded<Limit>?
        var unlike: [UUID]?
        var maxCandidates: Bounded<MaxCandidates>?
        var timeoutMs: Bounded<Timeout>?
        var workDoneToken: ProgressToken?
        static var notes: [String: String] {
            [
                "base": "The text to vary (at most 10,000 UTF-16 units).",
                "want": ##"The wanted traits: {trait: value} (e.g. {"antlers": true, "tier": 5, "color": "#e94560~60"}) or the command line's text "antlers,tier=5"."##,
                "variants": "How to vary the base: numbers, spelling, emoji, words (default: all, interleaved).",
                "engine": "The engine to draw with (default: the server's default).",
                "limit": "How many results at most (1…200, default 20).",
                "unlike": "Fonsters whose pictures no result may draw.",
                "maxCandidates": "How many variants to try at most (default 2,000,000).",
                "timeoutMs": "How long to search at most, in milliseconds (default 10,000).",
                "workDoneToken": "Report each result as $/progress with this token.",
            ]
        }
    }

    /// The traits asked for, from an object of trait → value or the command line's text.
    struct Wants: ParamValue, Sendable {
        let wants: SearchWants
        static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> Wants {
            do {
                if let text = json.string { return Wants(wants: try SearchWants.parse(text)) }
                guard let object = json.object else {
                    throw ParamsDecoder.Invalid(#"must be an object of traits, e.g. {"antlers": true, "tier": 5}; it is "# + json.kindName + ".")
                }
                guard !object.isEmpty else { throw ParamsDecoder.Invalid("must name at least one trait.") }
                var pairs: [(String, String)] = []
                for (key, v) in object {
                    switch v {
                    case .bool(let b): pairs.append((key, b ? "true" : "false"))
                    case .int(let n): pairs.append((key, String(n)))
                    case .string(let s): pairs.append((key, s))
                    default:
                        throw ParamsDecoder.Invalid("'\(key.prefix(40))' must be true, false, a whole number or a string; it is \(v.kindName).")
                    }
                }
                return Wants(wants: try SearchWants(pairs: pairs))
            } catch let error as SearchError {
                throw SearchMethod.invalid(error)
            } catch let error as ParamsDecoder.Invalid {
                throw error
            } catch {
                throw ParamsDecoder.Invalid(sentence: "\(error)")
            }
        }
        static var schema: JSONValue {
            ["oneOf": [["type": "object", "additionalProperties": ["type": ["boolean", "integer", "string"]]], ["type": "string"]]]
        }
        static var placeholder: Wants { Wants(wants: SearchWants([])) }
    }

    /// `limit`: 1…200, default 20.
    enum Limit: BoundedRange { static let range = 1...200, standard = 20 }
    /// `maxCandidates`: 1…100,000,000, default 2,000,000.
    enum MaxCandidates: BoundedRange { static let range = 1...100_000_000, standard = 2_000_000 }
    /// `timeoutMs`: 1…60,000, default 10,000.
    enum Timeout: BoundedRange { static let range = 1...60_000, standard = 10_000 }

    static let name = "creature/search"
    static let summary = "Variants of a seed whose creatures have the wanted traits, streamed as found."
    static let effect = MethodDeclaration.Effect.pure
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong, .requestCancelled] + LibraryErrors.store
    static let result = Schema.json(#"""
    {"type":"object","properties":{"results":{"type":"array","items":{"$ref":"#/components/schemas/SearchResult"}},
     "tried":{"type":"integer","minimum":0},"stoppedBy":{"enum":["limit","candidates","exhausted","time"]},
     "engine":{"$ref":"#/components/schemas/Engine"}},"required":["results","tried","stoppedBy","engine"],"additionalProperties":false}
    """#)
    static func readsLibrary(_ params: Params) -> Bool { params.unlike != nil }

    /// The side of a result's thumbnail, in pixels.
    static let thumbnailPixels = 64

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
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
            let defaultEngine = context.defaultEngine
            guard let pictures = try await Lookalikes.pictures(of: fonsters.map { (seed: $0.seed, engine: EngineVersion(rawValue: $0.engine) ?? defaultEngine) },
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
        return try await request.withProgress(title: "Searching variants of \(params.base.text.prefix(40))") { () throws(ResponseError) -> JSONValue in
            do {
                var found = 0
                // The rounds' parts run on the compute pool; each result's thumbnail too.
                let outcome = try await CreatureSearch.run(finalSearch, parts: request.parts, isCancelled: { request.takeTurn() }) { result in
                    found += 1
                    let json = await request.computeOnPool { resultJSON(result, wants) }
                    request.reportProgress(["kind": "report", "message": .string("Found \(found) of \(limit)"),
                                            "percentage": .int(Int64(found * 100 / limit)), "result": json])
                }
                let results = await request.computeOnPool { outcome.results.map { resultJSON($0, wants) } }
                return [
                    "results": .array(results),
                    "tried": .int(Int64(outcome.tried)), "stoppedBy": .string(outcome.stoppedBy.rawValue),
                    "engine": .string(engine.rawValue),
                ]
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

    /// The data of a search error: the traits at fault, and whether they are impossible.
    static func data(_ error: SearchError) -> [(String, JSONValue)] {
        [("traits", .array(error.traits.map { .string($0) })), ("impossible", .bool(error.kind == .impossible))]
    }

    /// A search error found while the params are read: invalid params about `want`.
    static func invalid(_ error: SearchError) -> ParamsDecoder.Invalid {
        var invalid = ParamsDecoder.Invalid(sentence: error.message)
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
extension SeedVariants.Family: Decodable, ParamValue {
    public init(from decoder: any Decoder) throws {
        self = try Self.param(try decoder.singleValueContainer().decode(JSONValue.self))
    }
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> SeedVariants.Family {
        guard let name = json.string, let family = SeedVariants.Family(rawValue: name) else {
            throw ParamsDecoder.Invalid("must be one of numbers, spelling, emoji, words; it is \(json.serializedString().prefix(40)).")
        }
        return family
    }
    static var schema: JSONValue { ["enum": .array(SeedVariants.Family.allCases.map { .string($0.rawValue) })] }
    static var placeholder: SeedVariants.Family { .numbers }
}
