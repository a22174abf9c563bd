/// `textDocument/didSave`: nothing to do (the text is known from the changes); accepted so a
/// client that sends it hears no complaint.
enum DidSaveNotification: RPCNotification {
    struct Params: MethodParams {
        var textDocument: DocumentID
        var text: String?
    }
    static let name = "textDocument/didSave"
    static let summary = "A document saved: nothing to do."

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {}
}
