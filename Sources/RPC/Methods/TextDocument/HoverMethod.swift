import Foundation
import CreatureCore
import FonsterDocument

/// `textDocument/hover`: over a seed line, its creature in words first (seed, kind, colours, the
/// library's Fonster, alt text, traits), then its picture: a PNG on its sky where the client
/// reads Markdown and shows images, else its silhouette in block characters (`HoverPicture`);
/// over anything else (a comment, a blank line, past the end) `null`.
enum HoverMethod: RPCMethod, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: DocumentID, position: LSPPosition
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The open document: {uri}.")
            position = try p.required("position", "{line, character}, from 0, in the agreed position encoding.")
        }
    }

    /// The creature as Markdown (or plain text) and the line it is on.
    struct Hover: ResultObject {
        let contents: MarkupContent, range: TextRange
        static let members: [Member<Hover>] = [
            Member("contents") { $0.contents },
            Member("range") { $0.range },
        ]
    }
    typealias Result = Hover?

    static let name = "textDocument/hover"
    static let summary = "The creature of the seed line under the cursor, as Markdown with its picture."
    /// Hovers over any line (`null` where there is no seed).
    static let capability = LanguageCapability("hoverProvider", true)
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static var heaviest: JSONValue {
        ["textDocument": ["uri": .string(HeavyParams.documentURI)], "position": ["line": .int(Int64(HeavyParams.documentLines - 1)), "character": 0]]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        try await hover(params, context, request, picture: context.documents(request).settings.hoverPicture)
    }

    /// The hover with its picture as `picture` (the `hoverPicture` setting) says.
    static func hover(_ params: Params, _ context: ServerContext, _ request: RequestContext, picture: HoverPicture) async throws -> Result {
        let document = try context.documents(request).required(params.textDocument.uri)
        let text = document.snapshot.text, encoding = context.documents(request).encoding
        let p = params.position
        guard p.line >= 0, p.line < text.lineCount, p.character >= 0, p.character <= text.length(ofLine: p.line, encoding),
              let (seed, engine) = FonstersFormat.seed(atLine: p.line, of: text, defaultEngine: context.documents(request).defaultEngine),
              seed.utf16.count <= TextLimit.maxLength else { return nil }
        let client = context.documents(request).markdown
        let shown = picture.resolved(markdown: client.hover, showsImages: client.images)
        let (line, fingerprint) = try await request.computeOnPool { () throws(ResponseError) -> (LineCreature, UInt64) in
            let line = LineCreature(seed: seed, engine: engine)
            return (line, Picture(line.creature).fingerprint)
        }
        let match = await context.pictures.lastMatches(showing: [fingerprint], context)?.match(fingerprint)
        return try await request.computeOnPool { () throws(ResponseError) -> Hover in
            let contents = try line.hover(library: match, markdown: client.hover, picture: shown, request: request)
            return Hover(contents: contents, range: .line(p.line, of: text, encoding))
        }
    }
}
