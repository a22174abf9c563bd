import Foundation
import CreatureCore
import FonsterDocument

/// `textDocument/completion`: on a seed line, variants of its seed whose pictures are unlike
/// every other line's, each replacing the line, with its kind and a thumbnail.
enum CompletionMethod: RPCMethod {
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
        let label: String, detail: String, documentation: MarkupContent?, filterText: String, sortText: String, textEdit: TextEdit
        static let members: [Member<Item>] = [
            Member("label") { $0.label },
            Member("kind", schema: Schema.const(12)) { _ in 12 },  // LSP's CompletionItemKind.Value
            Member("detail") { $0.detail },
            .optional("documentation") { $0.documentation },
            Member("filterText") { $0.filterText },
            Member("sortText") { $0.sortText },
            Member("textEdit") { $0.textEdit },
        ]
    }
    typealias Result = List

    /// The most variants offered.
    static let limit = 8
    static let name = "textDocument/completion"
    static let summary = "Variants of the seed line whose pictures are unlike every other line's."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static var heaviest: JSONValue {
        ["textDocument": ["uri": .string(HeavyParams.documentURI)], "position": ["line": .int(Int64(HeavyParams.documentAlikeLine)), "character": 0]]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let document = try context.documents(request).required(params.textDocument.uri)
        let analysis = try await document.analysis(defaultEngine: context.documents(request).defaultEngine, request: request)
        let encoding = context.documents(request).encoding, text = analysis.text
        guard let index = analysis.seedIndexByLine[params.position.line], analysis.seeds[index].picture != nil else { return List(items: []) }
        let line = params.position.line, lineText = text.lines[line], markdown = context.documents(request).markdown.completion
        return try await request.computeOnPool { () throws(ResponseError) -> Result in
            let found = try DistinctVariants.find(index, in: analysis, limit: limit, tiers: [SearchWants([])], request: request)
            let items: [Item] = found.enumerated().compactMap { n, result in
                guard let newLine = FonstersFormat.line(for: result.seed) else { return nil }
                let kind = LineCreature(seed: result.seed, engine: result.creature.engine).kind
                var documentation: MarkupContent? = nil
                if markdown {
                    let thumbnail = try? Renderer.still(result.creature, format: .png, size: ImageSize(pixels: SearchMethod.thumbnailPixels))
                    documentation = MarkupContent(markdown: true, value: "![\(LineCreature.escaped(kind))](\(thumbnail?.dataURI ?? ""))")
                }
                return Item(label: result.seed, detail: kind, documentation: documentation, filterText: lineText,
                            sortText: String(format: "%04d", n), textEdit: TextEdit(range: .line(line, of: text, encoding), newText: newLine))
            }
            return List(items: items)
        }
    }
}
