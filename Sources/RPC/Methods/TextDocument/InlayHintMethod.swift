import CreatureCore
import FonsterDocument

/// `textDocument/inlayHint`: at the end of each seed line in the range, the name of the
/// library's Fonster that draws its picture, else the creature's kind ("alien creature in
/// crimson"). At most `maxLines` lines a request.
enum InlayHintMethod: RPCMethod, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: DocumentID, range: LSPRange
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The open document: {uri}.")
            range = try p.required("range", "{start, end}: positions, as position is.")
        }
    }

    /// One hint at the end of a line.
    struct Hint: ResultObject {
        let position: TextPosition, label: String, tooltip: String
        static let members: [Member<Hint>] = [
            Member("position") { $0.position },
            Member("label") { $0.label },
            Member("paddingLeft", schema: Schema.const(true)) { _ in true },
            Member("tooltip") { $0.tooltip },
        ]
    }
    typealias Result = [Hint]

    /// The most lines one request labels (the rest of a larger range get none).
    static let maxLines = 2_000
    static let name = "textDocument/inlayHint"
    static let summary = "The creature's name or kind at the end of each seed line in a range."
    /// Hints for any range.
    static let capability = LanguageCapability("inlayHintProvider", true)
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static var heaviest: JSONValue {
        ["textDocument": ["uri": .string(HeavyParams.documentURI)],
         "range": ["start": ["line": 0, "character": 0], "end": ["line": .int(Int64(HeavyParams.documentLines)), "character": 0]]]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let document = try context.documents(request).required(params.textDocument.uri)
        let (text, _, cache) = document.snapshot
        let encoding = context.documents(request).encoding, defaultEngine = context.documents(request).defaultEngine
        let first = max(0, params.range.start.line), last = min(text.lineCount - 1, params.range.end.line, first + maxLines - 1)
        guard first <= last else { return [] }
        // The range's seed lines, each with the engine drawing it, its kind and its picture.
        let seeds = try await request.computeOnPool { () throws(ResponseError) -> [(line: Int, engine: EngineVersion, kind: String, fingerprint: UInt64)] in
            var engine = FonstersFormat.engine(atLine: first, of: text, defaultEngine: defaultEngine)
            var seeds: [(line: Int, engine: EngineVersion, kind: String, fingerprint: UInt64)] = []
            for line in first...last {
                switch FonstersFormat.classify(text.lines[line]) {
                case .directive(let named?, _): engine = named
                case .seed(let seed, _) where seed.utf16.count <= TextLimit.maxLength:
                    if seeds.count & 63 == 63 { try request.checkpoint() }
                    let key = PictureCache.Key(seed: seed, engine: engine)
                    seeds.append((line, engine, document.kind(key), cache.fingerprint(cache.id(key))))
                default: break
                }
            }
            return seeds
        }
        let library = await context.pictures.lastMatches(showing: seeds.map(\.fingerprint), context)
        return try await request.computeOnPool { () throws(ResponseError) -> Result in
            seeds.map { seed in
                let match = library?.match(seed.fingerprint), kind = seed.kind, engine = seed.engine.rawValue
                return Hint(position: TextPosition(line: seed.line, character: text.length(ofLine: seed.line, encoding)),
                            label: match.map { "“\($0.name)”" } ?? kind,
                            tooltip: match.map { "In your library as “\($0.name)”: \(kind), \(engine)" } ?? "\(kind), \(engine)")
            }
        }
    }
}
