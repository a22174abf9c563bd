import FonsterDocument

/// `textDocument/didChange`: edits to an open document, applied in order (all or none); its
/// diagnostics follow after a pause in typing, drawing only the lines that changed. A version
/// older than the document's is refused.
enum DidChangeNotification: RPCNotification, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: VersionedDocumentID, contentChanges: [ContentChange]
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The open document and its version after the changes: {uri, version}.")
            contentChanges = try p.required("contentChanges", "The edits in order: a range and its new text, or (no range) the whole new text.")
        }
    }
    static let name = "textDocument/didChange"
    static let summary = "Edits to an open document: applied, and its diagnostics published again."
    /// Changes are sent as edits (incremental sync, 2).
    static let capability = LanguageCapability("textDocumentSync", ["change": 2])
    /// The heavy document's whole text replaced by as large a text of other seeds (every line
    /// drawn again).
    static var heaviest: JSONValue {
        ["textDocument": ["uri": .string(HeavyParams.documentURI), "version": 2],
         "contentChanges": [["text": .string(HeavyParams.document("changed heavy document line"))]]]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {
        let documents = context.documents(notification)
        do {
            guard let document = try documents.change(uri: params.textDocument.uri, version: params.textDocument.version,
                                                      params.contentChanges.map { ($0.range?.range, $0.text) }) else { return }
            DocumentDiagnostics.schedule(document, documents, context, writer: notification.writer, pause: true)
        } catch {
            throw NotificationRefusal(error, notification)
        }
    }
}
