import FonsterDocument

/// `textDocument/didChange`: edits to an open document, applied in order (all or none); its
/// diagnostics follow, drawing only the lines that changed.
enum DidChangeNotification: RPCNotification {
    struct Params: MethodParams {
        var textDocument: VersionedDocumentID
        var contentChanges: [ContentChange]
        static var notes: [String: String] {
            ["contentChanges": "The edits in order: a range and its new text, or (no range) the whole new text."]
        }
    }
    static let name = "textDocument/didChange"
    static let summary = "Edits to an open document: applied, and its diagnostics published again."

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {
        do {
            let document = try context.documents.change(uri: params.textDocument.uri, version: params.textDocument.version,
                                                        params.contentChanges.map { ($0.range?.range, $0.text) })
            DocumentDiagnostics.schedule(document, context, notification)
        } catch {
            throw NotificationRefusal(message: error.message)
        }
    }
}
