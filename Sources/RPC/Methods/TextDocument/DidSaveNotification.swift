/// `textDocument/didSave`: nothing to do (the text is known from the changes); accepted so a
/// client that sends it hears no complaint.
enum DidSaveNotification: RPCNotification, LanguageFeature {
    struct Params: MethodParams {
        init(_ p: ParamReader) throws(ResponseError) {
            let _: DocumentID = try p.required("textDocument", "The document: {uri}.")
            let _: String? = try p.optional("text", "Its text, if the client sends it: accepted and ignored.")
        }
    }
    static let name = "textDocument/didSave"
    static let summary = "A document saved: nothing to do."
    /// Nothing asked (no `save`): a client sends it unasked, if at all.
    static let capability = LanguageCapability("textDocumentSync", [:])
    /// The heavy document saved, with its text.
    static var heaviest: JSONValue {
        ["textDocument": ["uri": .string(HeavyParams.documentURI)], "text": .string(HeavyParams.document())]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {}
}
