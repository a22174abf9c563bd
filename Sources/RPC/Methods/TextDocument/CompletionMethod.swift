import CreatureCore
import FonsterDocument

/// `textDocument/completion`: on a seed line, variants of its seed whose pictures are unlike
/// every other line's, each replacing the line, with its kind and a thumbnail.
enum CompletionMethod: RPCMethod {
    struct Params: MethodParams {
        var textDocument: DocumentID
        var position: LSPPosition
        var context: JSONValue?
        var partialResultToken: JSONValue?
    }
    /// The most variants offered.
    static let limit = 8
    static let name = "textDocument/completion"
    static let summary = "Variants of the seed line whose pictures are unlike every other line's."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static let result = Schema.json(#"""
    {"type":"object","properties":{"isIncomplete":{"const":false},"items":{"type":"array","items":{"type":"object","properties":{
     "label":{"type":"string"},"kind":{"const":12},"detail":{"type":"string"},"documentation":{"type":"object"},"filterText":{"type":"string"},
     "sortText":{"type":"string"},"textEdit":\#(LSPSchema.textEdit)},"required":["label","kind","detail","filterText","sortText","textEdit"],
     "additionalProperties":false}}},"required":["isIncomplete","items"],"additionalProperties":false}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let document = try context.documents.required(params.textDocument.uri)
        let analysis = try await document.analysis(defaultEngine: context.defaultEngine, request: request)
        let encoding = context.documents.encoding, text = analysis.text
        guard let index = analysis.seedIndexByLine[params.position.line], analysis.seeds[index].picture != nil else {
            return ["isIncomplete": false, "items": []]
        }
        let line = params.position.line, lineText = text.lines[line], markdown = context.documents.markdown.completion
        return try await request.compute { () throws(ResponseError) -> JSONValue in
            let found = try DistinctVariants.find(index, in: analysis, limit: limit, tiers: [SearchWants([])], request: request)
            let items: [JSONValue] = found.enumerated().compactMap { n, result in
                guard let newLine = FonstersFormat.line(for: result.seed) else { return nil }
                let kind = LineCreature(seed: result.seed, engine: result.creature.engine).kind
                var item: JSONObject = ["label": .string(result.seed), "kind": 12, "detail": .string(kind),
                                        "filterText": .string(lineText), "sortText": .string(String(format: "%04d", n)),
                                        "textEdit": LSPJSON.edit(LSPJSON.lineRange(text, line, encoding), newLine)]
                if markdown {
                    let thumbnail = SearchMethod.resultJSON(result, SearchWants([]))["thumbnail"]?.string ?? ""
                    item["documentation"] = LSPJSON.markdown("![\(LineCreature.escaped(kind))](\(thumbnail))")
                }
                return .object(item)
            }
            return ["isIncomplete": false, "items": .array(items)]
        }
    }
}
