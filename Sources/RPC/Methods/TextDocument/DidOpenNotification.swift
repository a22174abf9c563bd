import FonsterDocument

/// `textDocument/didOpen`: a `.fonsters` document opens; its diagnostics follow. A document of
/// another language (`languageId` not `fonsters`) is ignored: no diagnostics, no memory.
enum DidOpenNotification: RPCNotification, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: DocumentItem
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The document: uri, languageId (fonsters), version and text (at most 16 MiB, 100,000 lines, as the memory budget allows).")
        }
    }
    static let name = "textDocument/didOpen"
    static let summary = "A document opened: kept, and its diagnostics published."
    /// Documents are sent as they open (and close).
    static let capability = LanguageCapability("textDocumentSync", ["openClose": true])
    /// The heavy document opened (again: every line drawn afresh).
    static var heaviest: JSONValue { HeavyParams.openDocuments[0].params }

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {
        let item = params.textDocument, documents = context.documents(notification)
        do {
            guard let document = try documents.open(uri: item.uri, languageID: item.languageId, version: item.version, text: item.text) else { return }
            DocumentDiagnostics.schedule(document, documents, context, writer: notification.writer, pause: false)
        } catch {
            throw NotificationRefusal(error, notification)
        }
    }
}
