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
        let library = try await context.pictures.lastMatches(naming: { () throws(ResponseError) -> [UInt64] in
            var engine = FonstersFormat.engine(atLine: first, of: text, defaultEngine: defaultEngine), shown: [UInt64] = []
            for line in first...last {
                switch FonstersFormat.classify(text.lines[line]) {
                case .directive(let named?, _): engine = named
                case .seed(let seed, _) where seed.utf16.count <= TextLimit.maxLength:
                    shown.append(cache.fingerprint(cache.id(PictureCache.Key(seed: seed, engine: engine))))
                default: break
                }
            }
            return shown
        }, context, request)
        return try await request.computeOnPool { () throws(ResponseError) -> Result in
            var engine = FonstersFormat.engine(atLine: first, of: text, defaultEngine: defaultEngine)
            var hints: [Hint] = []
            for line in first...last {
                switch FonstersFormat.classify(text.lines[line]) {
                case .directive(let named?, _): engine = named
                case .seed(let seed, _) where seed.utf16.count <= TextLimit.maxLength:
                    if hints.count & 63 == 63 { try request.checkpoint() }
                    let key = PictureCache.Key(seed: seed, engine: engine)
                    let kind = document.kind(key)
                    let match = library?.match(cache.fingerprint(cache.id(key)))
                    hints.append(Hint(position: TextPosition(line: line, character: text.length(ofLine: line, encoding)),
                                      label: match.map { "“\($0.name)”" } ?? kind,
                                      tooltip: match.map { "In your library as “\($0.name)”: \(kind), \(engine.rawValue)" } ?? "\(kind), \(engine.rawValue)"))
                default: break
                }
            }
            return hints
        }
    }
}
