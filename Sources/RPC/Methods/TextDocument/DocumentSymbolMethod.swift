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
        let library = try await context.pictures.lastMatches(naming: { () throws(ResponseError) -> [UInt64] in
            FonstersFormat.entries(of: text, defaultEngine: defaultEngine).entries.lazy.filter { $0.seed.utf16.count <= TextLimit.maxLength }
                .map { cache.fingerprint(cache.id(PictureCache.Key(seed: $0.seed, engine: $0.engine))) }
        }, context, request)
        // On the compute pool: a document of 20,000 lines takes a while, however small its symbols.
        return try await request.computeOnPool { () throws(ResponseError) -> Result in
            let (entries, _) = FonstersFormat.entries(of: text, defaultEngine: defaultEngine)
            var symbols: [Symbol] = [], named = Set<String>()
            symbols.reserveCapacity(entries.count)
            for (n, entry) in entries.enumerated() where entry.seed.utf16.count <= TextLimit.maxLength {
                if n & 63 == 63 { try request.checkpoint() }
                let key = PictureCache.Key(seed: entry.seed, engine: entry.engine)
                let match = library?.match(cache.fingerprint(cache.id(key)))
                var name = LineCreature.visible(entry.seed)
                if name.isEmpty { name = "␠" }
                if !named.insert(name).inserted { name += " (line \(entry.line + 1))" }
                let kind = document.kind(key)
                symbols.append(Symbol(name: name, detail: match.map { "\(kind), “\($0.name)” in your library" } ?? kind,
                                      range: .line(entry.line, of: text, encoding)))
            }
            return symbols
        }
    }
}
