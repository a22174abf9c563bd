import CreatureCore
import FonsterDocument

/// `textDocument/inlayHint`: at the end of each seed line in the range, the name of the
/// library's Fonster that draws its picture, else the creature's kind ("alien creature in
/// crimson"). At most `maxLines` lines a request.
enum InlayHintMethod: RPCMethod {
    struct Params: MethodParams {
        var textDocument: DocumentID
        var range: LSPRange
    }
    /// The most lines one request labels (the rest of a larger range get none).
    static let maxLines = 2_000
    static let name = "textDocument/inlayHint"
    static let summary = "The creature's name or kind at the end of each seed line in a range."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static let result = Schema.json(#"""
    {"type":"array","items":{"type":"object","properties":{"position":\#(LSPSchema.position),"label":{"type":"string"},
     "paddingLeft":{"const":true},"tooltip":{"type":"string"}},"required":["position","label","paddingLeft","tooltip"],"additionalProperties":false}}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let document = try context.documents.required(params.textDocument.uri)
        let (text, _, cache) = document.snapshot
        let encoding = context.documents.encoding, defaultEngine = context.defaultEngine
        let first = max(0, params.range.start.line), last = min(text.lineCount - 1, params.range.end.line, first + maxLines - 1)
        guard first <= last else { return [] }
        let library = context.documents.library.last
        return try await request.compute { () throws(ResponseError) -> JSONValue in
            var engine = FonstersFormat.engine(atLine: first, of: text, defaultEngine: defaultEngine)
            var hints: [JSONValue] = []
            for line in first...last {
                switch FonstersFormat.classify(text.lines[line]) {
                case .directive(let named?, _): engine = named
                case .seed(let seed, _) where seed.utf16.count <= TextLimit.maxLength:
                    if hints.count & 63 == 63 { try request.checkpoint() }
                    let key = PictureCache.Key(seed: seed, engine: engine)
                    let kind = document.kind(key)
                    let match = library.isEmpty ? nil : library[cache.picture(cache.id(key))]
                    hints.append(hint(line: line, text, encoding, label: match.map { "“\($0.name)”" } ?? kind,
                                      tooltip: match.map { "In your library as “\($0.name)”: \(kind), \(engine.rawValue)" } ?? "\(kind), \(engine.rawValue)"))
                default: break
                }
            }
            return .array(hints)
        }
    }

    /// One hint at the end of `line`.
    static func hint(line: Int, _ text: DocumentText, _ encoding: PositionEncoding, label: String, tooltip: String) -> JSONValue {
        ["position": LSPJSON.position(TextPosition(line: line, character: text.length(ofLine: line, encoding))),
         "label": .string(label), "paddingLeft": true, "tooltip": .string(tooltip)]
    }
}
