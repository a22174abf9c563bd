import FonsterDocument

/// The language server's part of `initialize`: the position encoding agreed (the first the
/// client offers, in its order, else UTF-16), what the client can read, and LSP's standard
/// capabilities for `.fonsters` documents, gathered from the methods that bring them.
enum LanguageCapabilities {
    /// The encoding for a client offering `capabilities.general.positionEncodings`: the first of
    /// them we know (the client lists them in the order it prefers), else UTF-16 (LSP's default).
    static func negotiate(_ capabilities: JSONValue?) -> PositionEncoding {
        let offered = capabilities?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        return offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }

    /// How a client with `capabilities` takes diagnostics: pulled when it can pull them
    /// (`textDocument.diagnostic`), else pushed.
    static func pull(_ capabilities: JSONValue?) -> TextDocuments.PullDiagnostics {
        TextDocuments.PullDiagnostics(pulls: capabilities?["textDocument"]?["diagnostic"]?.object != nil,
                                      refresh: capabilities?["workspace"]?["diagnostics"]?["refreshSupport"]?.bool == true)
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

    /// The standard capabilities, besides `experimental`, in the encoding agreed: the encoding,
    /// then those the registered methods and notifications bring (`MethodTable.capabilities`),
    /// constants whose schemas are their values.
    static let members: [Member<PositionEncoding>] = [
        Member("positionEncoding", schema: Schema.oneOf(PositionEncoding.allCases)) { $0.rawValue },
    ] + MethodTable.capabilities.map { constant($0.key, $0.value) }

    /// A member that is always `value`.
    private static func constant(_ key: StaticString, _ value: JSONValue) -> Member<PositionEncoding> {
        Member(key, schema: Schema.const(value)) { _ in value }
    }
}
