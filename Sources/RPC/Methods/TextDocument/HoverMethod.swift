import Foundation
import CreatureCore
import FonsterDocument

/// `textDocument/hover`: over a seed line, its creature (a PNG on its sky), name, alt text and
/// traits; over anything else (a comment, a blank line, past the end) `null`.
enum HoverMethod: RPCMethod {
    struct Params: MethodParams {
        var textDocument: DocumentID
        var position: LSPPosition
    }
    static let name = "textDocument/hover"
    static let summary = "The creature of the seed line under the cursor, as Markdown with its picture."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static let result = Schema.json(#"""
    {"oneOf":[{"type":"null"},{"type":"object","properties":{"contents":{"type":"object","properties":{"kind":{"enum":["markdown","plaintext"]},"value":{"type":"string"}},
     "required":["kind","value"],"additionalProperties":false},"range":\#(LSPSchema.range)},"required":["contents","range"],"additionalProperties":false}]}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let document = try context.documents.required(params.textDocument.uri)
        let text = document.snapshot.text, encoding = context.documents.encoding
        let p = params.position
        guard p.line >= 0, p.line < text.lineCount, p.character >= 0, p.character <= text.length(ofLine: p.line, encoding),
              let (seed, engine) = FonstersFormat.seed(atLine: p.line, of: text, defaultEngine: context.defaultEngine),
              seed.utf16.count <= TextLimit.maxLength else { return .null }
        let library = context.documents.library.last, markdown = context.documents.markdown.hover
        return try await request.compute { () throws(ResponseError) -> JSONValue in
            let line = LineCreature(seed: seed, engine: engine)
            let match = library.isEmpty ? nil : library[Picture(line.creature)]
            let contents: JSONValue = markdown ? LSPJSON.markdown(try line.hoverMarkdown(library: match, request: request))
                : ["kind": "plaintext", "value": .string(line.hoverText(library: match))]
            return ["contents": contents,
                    "range": LSPJSON.range(LSPJSON.lineRange(text, p.line, encoding))]
        }
    }
}
