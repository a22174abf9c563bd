/// `textDocument/didClose`: a document closed: forgotten, and its diagnostics cleared; the
/// documents whose analysis the memory budget refused are analysed again (there may be room now).
enum DidCloseNotification: RPCNotification, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: DocumentID
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The open document: {uri}.")
        }
    }
    static let name = "textDocument/didClose"
    static let summary = "A document closed: forgotten, its diagnostics cleared."
    /// Documents are sent as they close (and open).
    static let capability = LanguageCapability("textDocumentSync", ["openClose": true])
    /// The heavy document closed (its diagnostics' round cancelled).
    static var heaviest: JSONValue { ["textDocument": ["uri": .string(HeavyParams.documentURI)]] }

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {
        let documents = context.documents(notification)
        do {
            guard try documents.close(uri: params.textDocument.uri), !documents.pullsDiagnostics else { return }
        } catch {
            throw NotificationRefusal(error, notification)
        }
        notification.sendNotification(DocumentDiagnostics.method, params: ["uri": .string(params.textDocument.uri), "diagnostics": []])
        // The memory it gave back may hold the analysis of a document refused for want of it.
        DocumentDiagnostics.retryRefused(documents, context)
    }
}
