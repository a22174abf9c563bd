import Foundation
import CreatureCore
import FonsterDocument

/// `textDocument/completion`: on a seed line, variants of its seed that look like no other line
/// (`Likeness`), each replacing the whole line, with its kind and a thumbnail; on an empty line,
/// new seeds of two words that look like no line. `filterText` fits the client's own word
/// boundary: none for Neovim (whose omnifunc then takes the edit's start, the line's, as the
/// word's), the whole line for VS Code (which filters from the edit's start), and elsewhere the
/// variant from the start of the word at the cursor (eglot matches what it typed there).
enum CompletionMethod: RPCMethod, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: DocumentID, position: LSPPosition
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The open document: {uri}.")
            position = try p.required("position", "{line, character}, from 0, in the agreed position encoding.")
            let _: JSONValue? = try p.optional("context", "LSP's CompletionContext: accepted and ignored.")
            let _: JSONValue? = try p.optional("partialResultToken", "Accepted and ignored: the answer comes whole.")
        }
    }

    /// LSP's `CompletionList`: every variant found (never incomplete).
    struct List: ResultObject {
        let items: [Item]
        static let members: [Member<List>] = [
            Member("isIncomplete", schema: Schema.const(false)) { _ in false },
            Member("items") { $0.items },
        ]
    }

    /// One variant: its seed, the creature's kind, a thumbnail (for a client reading Markdown)
    /// and the edit replacing the line.
    struct Item: ResultObject {
        let label: String, detail: String, documentation: MarkupContent?, filterText: String?, sortText: String, textEdit: TextEdit
        static let members: [Member<Item>] = [
            Member("label") { $0.label },
            Member("kind", schema: Schema.const(12)) { _ in 12 },  // LSP's CompletionItemKind.Value
            Member("detail") { $0.detail },
            .optional("documentation") { $0.documentation },
            .optional("filterText") { $0.filterText },
            Member("sortText") { $0.sortText },
            Member("textEdit") { $0.textEdit },
        ]
    }
    typealias Result = List

    /// The most variants offered.
    static let limit = 8
    static let name = "textDocument/completion"
    static let summary = "Variants of the seed line whose pictures are unlike every other line's."
    /// Items come whole (no `completionItem/resolve`).
    static let capability = LanguageCapability("completionProvider", ["resolveProvider": false])
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static var heaviest: JSONValue {
        ["textDocument": ["uri": .string(HeavyParams.documentURI)], "position": ["line": .int(Int64(HeavyParams.documentAlikeLine)), "character": 0]]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let document = try context.documents(request).required(params.textDocument.uri)
        // A document the memory budget has no room to analyse gets no variants.
        guard let analysis = try await document.analysis(in: context.documents(request), request: request) else { return List(items: []) }
        let documents = context.documents(request)
        let encoding = documents.encoding, text = analysis.text, client = documents.markdown
        let line = params.position.line
        guard line >= 0, line < text.lineCount else { return List(items: []) }
        let lineText = text.lines[line]
        let index = analysis.seedIndexByLine[line]
        guard lineText.isEmpty || index.map({ analysis.seeds[$0].picture != nil }) == true else { return List(items: []) }
        // The word at the cursor starts where the line's letters, digits and `_` before it do.
        let before = lineText.unicodeScalars[..<DocumentText.index(in: lineText, character: max(0, params.position.character), encoding)]
        let wordStart = before.count - before.reversed().prefix { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" }.count
        return try await request.computeOnPool { () throws(ResponseError) -> Result in
            let found: [DistinctVariantFinder.Found]
            if let index { found = try DistinctVariants.find(index, in: analysis, limit: limit, request: request) }
            else { found = try DistinctVariants.newSeeds(atLine: line, in: analysis, limit: limit, request: request) }
            let engine = index.map { analysis.seeds[$0].engine } ?? analysis.engine(atLine: line)
            let items: [Item] = found.enumerated().compactMap { n, result in
                guard let newLine = FonstersFormat.line(for: result.seed) else { return nil }
                let creature = LineCreature(seed: result.seed, engine: engine)
                var documentation: MarkupContent? = nil
                if client.completion {
                    let thumbnail = try? Renderer.still(creature.creature, format: .png, size: ImageSize(pixels: SearchMethod.thumbnailPixels))
                    documentation = MarkupContent(markdown: true, value: "![\(LineCreature.escaped(creature.kind))](\(thumbnail?.dataURI ?? ""))")
                }
                let filterText: String? = client.name.contains("neovim") || lineText.isEmpty ? nil
                    : client.name.contains("code") ? lineText : String(String.UnicodeScalarView(newLine.unicodeScalars.dropFirst(wordStart)))
                return Item(label: result.seed, detail: creature.kind, documentation: documentation, filterText: filterText,
                            sortText: String(format: "%04d", n), textEdit: TextEdit(range: .line(line, of: text, encoding), newText: newLine))
            }
            return List(items: items)
        }
    }
}
