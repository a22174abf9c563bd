import CreatureCore
import FonsterDocument

/// `textDocument/documentSymbol`: one symbol per seed line, named by its seed with what does not
/// show made visible (`LineCreature.visible`), with the creature as detail (its kind, and the
/// library's Fonster drawing it). A seed repeated is named with its line too: lists that key
/// entries by name (Emacs' imenu) keep every line.
enum DocumentSymbolMethod: RPCMethod, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: DocumentID
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The open document: {uri}.")
            let _: JSONValue? = try p.optional("partialResultToken", "Accepted and ignored: the answer comes whole.")
        }
    }

    /// LSP's `DocumentSymbol` of a seed line.
    struct Symbol: ResultObject {
        let name: String, detail: String, range: TextRange
        static let members: [Member<Symbol>] = [
            Member("name", schema: ["type": "string", "minLength": 1]) { $0.name },
            Member("detail") { $0.detail },
            Member("kind", schema: Schema.const(19)) { _ in 19 },  // LSP's SymbolKind.Object
            Member("range") { $0.range },
            Member("selectionRange") { $0.range },
        ]
    }
    typealias Result = [Symbol]

    static let name = "textDocument/documentSymbol"
    static let summary = "One symbol per seed line, named by its seed, with its creature as detail."
    /// Symbols for any open document.
    static let capability = LanguageCapability("documentSymbolProvider", true)
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static var heaviest: JSONValue { ["textDocument": ["uri": .string(HeavyParams.documentURI)]] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let document = try context.documents(request).required(params.textDocument.uri)
        let (text, _, cache) = document.snapshot
        let encoding = context.documents(request).encoding
        let defaultEngine = context.documents(request).defaultEngine
        // On the compute pool: a document of 20,000 lines takes a while, however small its symbols.
        let lines = try await request.computeOnPool { () throws(ResponseError) -> [(name: String, kind: String, range: TextRange, fingerprint: UInt64)] in
            let (entries, _) = FonstersFormat.entries(of: text, defaultEngine: defaultEngine)
            var lines: [(name: String, kind: String, range: TextRange, fingerprint: UInt64)] = [], named = Set<String>()
            lines.reserveCapacity(entries.count)
            for (n, entry) in entries.enumerated() where entry.seed.utf16.count <= TextLimit.maxLength {
                if n & 63 == 63 { try request.checkpoint() }
                let key = PictureCache.Key(seed: entry.seed, engine: entry.engine)
                var name = LineCreature.visible(entry.seed)
                if name.isEmpty { name = "␠" }
                if !named.insert(name).inserted { name += " (line \(entry.line + 1))" }
                lines.append((name, document.kind(key), .line(entry.line, of: text, encoding), cache.fingerprint(cache.id(key))))
            }
            return lines
        }
        let library = await context.pictures.lastMatches(showing: lines.map(\.fingerprint), context)
        return try await request.computeOnPool { () throws(ResponseError) -> Result in
            try lines.enumerated().map { (n, line) throws(ResponseError) -> Symbol in
                if n & 1023 == 1023 { try request.checkpoint() }
                let detail = library?.match(line.fingerprint).map { "\(line.kind), “\($0.name)” in your library" } ?? line.kind
                return Symbol(name: line.name, detail: detail, range: line.range)
            }
        }
    }
}
