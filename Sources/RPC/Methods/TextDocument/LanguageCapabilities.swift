import FonsterDocument

/// The language server's part of `initialize`: the position encoding agreed (UTF-8 when the
/// client offers it, else UTF-16) and LSP's standard capabilities for `.fonsters` documents.
enum LanguageCapabilities {
    /// The encoding for a client offering `capabilities.general.positionEncodings`.
    static func negotiate(_ capabilities: JSONValue?) -> PositionEncoding {
        let offered = capabilities?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        return offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// Where a client with `capabilities` reads Markdown: hovers and completion documentation,
    /// when it lists `markdown` among their formats (or lists none, as older clients do).
    static func markdown(_ capabilities: JSONValue?) -> TextDocuments.ClientMarkdown {
        func reads(_ formats: JSONValue?) -> Bool {
            guard let formats = formats?.array?.compactMap(\.string) else { return true }
            return formats.contains("markdown")
        }
        let textDocument = capabilities?["textDocument"]
        return TextDocuments.ClientMarkdown(hover: reads(textDocument?["hover"]?["contentFormat"]),
                                            completion: reads(textDocument?["completion"]?["completionItem"]?["documentationFormat"]))
    }

    /// The standard capabilities, besides `experimental`.
    static func json(_ encoding: PositionEncoding) -> [(String, JSONValue)] {
        [
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", ["openClose": true, "change": 2]),
            ("hoverProvider", true),
            ("inlayHintProvider", true),
            ("codeActionProvider", ["codeActionKinds": ["quickfix", "source"]]),
            ("documentSymbolProvider", true),
            ("completionProvider", ["resolveProvider": false]),
            ("executeCommandProvider", ["commands": .array(ExecuteCommandMethod.Command.allCases.map { .string($0.rawValue) })]),
        ]
    }

    /// Their JSON Schema's properties, for `initialize`'s result schema.
    static let schemaProperties = #"""
    "positionEncoding":{"enum":["utf-16","utf-8"]},"textDocumentSync":{"type":"object","properties":{"openClose":{"const":true},"change":{"const":2}},
    "required":["openClose","change"],"additionalProperties":false},"hoverProvider":{"const":true},"inlayHintProvider":{"const":true},
    "codeActionProvider":{"type":"object","properties":{"codeActionKinds":{"type":"array","items":{"type":"string"}}},"required":["codeActionKinds"],"additionalProperties":false},
    "documentSymbolProvider":{"const":true},"completionProvider":{"type":"object","properties":{"resolveProvider":{"const":false}},"required":["resolveProvider"],"additionalProperties":false},
    "executeCommandProvider":{"type":"object","properties":{"commands":{"type":"array","items":{"type":"string"}}},"required":["commands"],"additionalProperties":false}
    """#

    /// The names of the standard capabilities, all required in the result.
    static let names = ["positionEncoding", "textDocumentSync", "hoverProvider", "inlayHintProvider", "codeActionProvider",
                        "documentSymbolProvider", "completionProvider", "executeCommandProvider"]
}
