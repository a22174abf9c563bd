import CreatureCore
import FonsterDocument

/// `textDocument/documentSymbol`: one symbol per seed line, named by its creature (the library's
/// Fonster drawing it, else its kind), with the seed as detail.
enum DocumentSymbolMethod: RPCMethod {
    struct Params: MethodParams {
        var textDocument: DocumentID
        var partialResultToken: JSONValue?
    }
    static let name = "textDocument/documentSymbol"
    static let summary = "One symbol per seed line, named by its creature."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static let result = Schema.json(#"""
    {"type":"array","items":{"type":"object","properties":{"name":{"type":"string","minLength":1},"detail":{"type":"string"},"kind":{"const":19},
     "range":\#(LSPSchema.range),"selectionRange":\#(LSPSchema.range)},"required":["name","detail","kind","range","selectionRange"],"additionalProperties":false}}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let document = try context.documents.required(params.textDocument.uri)
        let (text, _, cache) = document.snapshot
        let encoding = context.documents.encoding
        let library = context.documents.library.last
        let (entries, _) = FonstersFormat.entries(of: text, defaultEngine: context.defaultEngine)
        return try await request.compute { () throws(ResponseError) -> JSONValue in
            var symbols: [JSONValue] = []
            symbols.reserveCapacity(entries.count)
            for (n, entry) in entries.enumerated() where entry.seed.utf16.count <= TextLimit.maxLength {
                if n & 63 == 63 { try request.checkpoint() }
                let key = PictureCache.Key(seed: entry.seed, engine: entry.engine)
                let match = library.isEmpty ? nil : library[cache.picture(cache.id(key))]
                let range = LSPJSON.range(LSPJSON.lineRange(text, entry.line, encoding))
                symbols.append(["name": .string(match.map { "“\($0.name)”" } ?? document.kind(key)),
                                "detail": .string(DocumentAnalysis.quoted(entry.seed)), "kind": 19, "range": range, "selectionRange": range])
            }
            return .array(symbols)
        }
    }
}
