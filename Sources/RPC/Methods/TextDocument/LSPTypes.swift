import FonsterDocument

/// LSP's `Position`: a line and a character offset in the negotiated encoding, both from 0.
struct LSPPosition: Decodable, Sendable {
    var line: Int
    var character: Int
    var position: TextPosition { TextPosition(line: line, character: character) }
}

/// LSP's `Range`.
struct LSPRange: Decodable, Sendable {
    var start: LSPPosition
    var end: LSPPosition
    var range: TextRange { TextRange(start: start.position, end: end.position) }
}

/// LSP's `TextDocumentIdentifier`.
struct DocumentID: Decodable, Sendable {
    var uri: String
}

/// LSP's `VersionedTextDocumentIdentifier`.
struct VersionedDocumentID: Decodable, Sendable {
    var uri: String
    var version: Int
}

/// LSP's `TextDocumentItem`: a document as it opens.
struct DocumentItem: Decodable, Sendable {
    var uri: String
    var languageId: String
    var version: Int
    var text: String
}

/// LSP's `TextDocumentContentChangeEvent`: the text of `range` replaced, or (no range) the
/// whole text.
struct ContentChange: Decodable, Sendable {
    var range: LSPRange?
    var rangeLength: Int?
    var text: String
}

/// The JSON of LSP's structures.
enum LSPJSON {
    /// A `Position`.
    static func position(_ p: TextPosition) -> JSONValue { ["line": .int(Int64(p.line)), "character": .int(Int64(p.character))] }

    /// A `Range`.
    static func range(_ r: TextRange) -> JSONValue { ["start": position(r.start), "end": position(r.end)] }

    /// The `Range` of a whole line of `text`.
    static func lineRange(_ text: DocumentText, _ line: Int, _ encoding: PositionEncoding) -> TextRange {
        TextRange(line: line, from: 0, to: text.length(ofLine: line, encoding))
    }

    /// The `Range` of `indices` on `line` of `text`.
    static func range(_ text: DocumentText, _ line: Int, _ indices: Range<String.Index>, _ encoding: PositionEncoding) -> TextRange {
        let lineText = text.lines[line]
        return TextRange(line: line, from: DocumentText.character(in: lineText, at: indices.lowerBound, encoding),
                         to: DocumentText.character(in: lineText, at: indices.upperBound, encoding))
    }

    /// A `TextEdit`.
    static func edit(_ range: TextRange, _ newText: String) -> JSONValue { ["range": self.range(range), "newText": .string(newText)] }

    /// A `WorkspaceEdit` of `edits` to the document at `uri`.
    static func workspaceEdit(uri: String, _ edits: [JSONValue]) -> JSONValue { ["changes": .object(JSONObject([(uri, .array(edits))]))] }

    /// A `MarkupContent` of Markdown.
    static func markdown(_ text: String) -> JSONValue { ["kind": "markdown", "value": .string(text)] }
}

/// JSON Schemas of LSP's structures, for the results' schemas.
enum LSPSchema {
    /// A `Position`.
    static let position = #"{"type":"object","properties":{"line":{"type":"integer","minimum":0},"character":{"type":"integer","minimum":0}},"required":["line","character"],"additionalProperties":false}"#
    /// A `Range`.
    static let range = #"{"type":"object","properties":{"start":\#(position),"end":\#(position)},"required":["start","end"],"additionalProperties":false}"#
    /// A `TextEdit`.
    static let textEdit = #"{"type":"object","properties":{"range":\#(range),"newText":{"type":"string"}},"required":["range","newText"],"additionalProperties":false}"#
    /// A `WorkspaceEdit` of `changes` by URI.
    static let workspaceEdit = #"{"type":"object","properties":{"changes":{"type":"object","additionalProperties":{"type":"array","items":\#(textEdit)}}},"required":["changes"],"additionalProperties":false}"#
    /// A `Command`.
    static let command = #"{"type":"object","properties":{"title":{"type":"string"},"command":{"type":"string"},"arguments":{"type":"array"}},"required":["title","command"],"additionalProperties":false}"#
}
