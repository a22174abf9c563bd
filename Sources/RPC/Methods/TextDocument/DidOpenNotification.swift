import FonsterDocument

/// `textDocument/didOpen`: a `.fonsters` document opens; its diagnostics follow.
enum DidOpenNotification: RPCNotification {
    struct Params: MethodParams {
        var textDocument: DocumentItem
        static var notes: [String: String] { ["textDocument": "The document: uri, languageId (fonsters), version and text (at most 4 MiB, 20,000 lines)."] }
    }
    static let name = "textDocument/didOpen"
    static let summary = "A document opened: kept, and its diagnostics published."

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {
        let item = params.textDocument
        do {
            let document = try context.documents.open(uri: item.uri, version: item.version, text: item.text)
            DocumentDiagnostics.schedule(document, context, notification)
        } catch {
            throw NotificationRefusal(message: error.message)
        }
    }
}
