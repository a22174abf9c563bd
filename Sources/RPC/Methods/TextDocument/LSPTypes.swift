import FonsterDocument

// MARK: - Params

/// LSP's `Position`: a line and a character offset in the negotiated encoding, both from 0.
struct LSPPosition: MethodParams {
    let line: Int, character: Int
    init(_ p: ParamReader) throws(ResponseError) {
        line = try p.required("line")
        character = try p.required("character")
    }
    var position: TextPosition { TextPosition(line: line, character: character) }
}

/// LSP's `Range`.
struct LSPRange: MethodParams {
    let start: LSPPosition, end: LSPPosition
    init(_ p: ParamReader) throws(ResponseError) {
        start = try p.required("start")
        end = try p.required("end")
    }
    var range: TextRange { TextRange(start: start.position, end: end.position) }
}

/// LSP's `TextDocumentIdentifier`.
struct DocumentID: MethodParams {
    let uri: String
    init(_ p: ParamReader) throws(ResponseError) {
        uri = try p.required("uri")
    }
}

/// LSP's `VersionedTextDocumentIdentifier`.
struct VersionedDocumentID: MethodParams {
    let uri: String, version: Int
    init(_ p: ParamReader) throws(ResponseError) {
        uri = try p.required("uri")
        version = try p.required("version")
    }
}

/// LSP's `TextDocumentItem`: a document as it opens.
struct DocumentItem: MethodParams {
    let uri: String, languageId: String, version: Int, text: String
    init(_ p: ParamReader) throws(ResponseError) {
        uri = try p.required("uri")
        languageId = try p.required("languageId")
        version = try p.required("version")
        text = try p.required("text")
    }
}

/// LSP's `TextDocumentContentChangeEvent`: the text of `range` replaced, or (no range) the
/// whole text.
struct ContentChange: MethodParams {
    let range: LSPRange?, rangeLength: Int?, text: String
    init(_ p: ParamReader) throws(ResponseError) {
        range = try p.optional("range")
        rangeLength = try p.optional("rangeLength")
        text = try p.required("text")
    }
}

// MARK: - Results

/// LSP's `Position`.
extension TextPosition: ResultObject {
    static let component: String? = "Position"
    static let members: [Member<TextPosition>] = [
        Member("line", schema: Schema.integer(minimum: 0)) { $0.line },
        Member("character", schema: Schema.integer(minimum: 0)) { $0.character },
    ]
}

/// LSP's `Range`.
extension TextRange: ResultObject {
    static let component: String? = "Range"
    static let members: [Member<TextRange>] = [
        Member("start") { $0.start },
        Member("end") { $0.end },
    ]

    /// The range of a whole line of `text`.
    static func line(_ line: Int, of text: DocumentText, _ encoding: PositionEncoding) -> TextRange {
        TextRange(line: line, from: 0, to: text.length(ofLine: line, encoding))
    }
}

/// LSP's `TextEdit`: `range` replaced by `newText`.
struct TextEdit: ResultObject {
    let range: TextRange, newText: String
    static let component: String? = "TextEdit"
    static let members: [Member<TextEdit>] = [
        Member("range") { $0.range },
        Member("newText") { $0.newText },
    ]
}

/// LSP's `WorkspaceEdit`: edits to one document.
struct WorkspaceEdit: ResultObject {
    let uri: String, edits: [TextEdit]
    static let members: [Member<WorkspaceEdit>] = [
        Member("changes") { NamedValues(entries: [($0.uri, $0.edits)]) },
    ]
}

/// LSP's `MarkupContent`: Markdown, or plain text for a client that reads none.
struct MarkupContent: ResultObject {
    let markdown: Bool, value: String
    static let members: [Member<MarkupContent>] = [
        Member("kind", schema: Schema.enumeration(["markdown", "plaintext"])) { $0.markdown ? "markdown" : "plaintext" },
        Member("value") { $0.value },
    ]
}

// MARK: - Diagnostics

/// The JSON of LSP's structures in `textDocument/publishDiagnostics`, a notification the
/// server sends (as a `JSONValue`, as every notification).
enum LSPJSON {
    /// A `Position`.
    static func position(_ p: TextPosition) -> JSONValue { ["line": .int(Int64(p.line)), "character": .int(Int64(p.character))] }

    /// A `Range`.
    static func range(_ r: TextRange) -> JSONValue { ["start": position(r.start), "end": position(r.end)] }

    /// The `Range` of `indices` on `line` of `text`.
    static func range(_ text: DocumentText, _ line: Int, _ indices: Range<String.Index>, _ encoding: PositionEncoding) -> TextRange {
        let lineText = text.lines[line]
        return TextRange(line: line, from: DocumentText.character(in: lineText, at: indices.lowerBound, encoding),
                         to: DocumentText.character(in: lineText, at: indices.upperBound, encoding))
    }

    /// Whether a code action of `kind` is among the kinds `only` asks for (LSP's
    /// `CodeActionContext.only`: absent, every kind; `source` takes `source.fixAll.fonsters` too).
    static func kind(_ kind: String, isIn only: JSONValue?) -> Bool {
        guard let only = only?.array?.compactMap(\.string) else { return true }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
}
