/// `textDocument/didClose`: a document closed: forgotten, and its diagnostics cleared.
enum DidCloseNotification: RPCNotification {
    struct Params: MethodParams {
        var textDocument: DocumentID
    }
    static let name = "textDocument/didClose"
    static let summary = "A document closed: forgotten, its diagnostics cleared."

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {
        do { try context.documents.close(uri: params.textDocument.uri) } catch { throw NotificationRefusal(message: error.message) }
        notification.sendNotification(DocumentDiagnostics.method, params: ["uri": .string(params.textDocument.uri), "diagnostics": []])
    }
}
