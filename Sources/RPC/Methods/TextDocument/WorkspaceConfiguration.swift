/// The language server's settings (`LanguageSettings`) as the client keeps them: asked for with
/// `workspace/configuration` (section `fonsters`) once the client is `initialized` and whenever it
/// says they changed, or pushed in `workspace/didChangeConfiguration`'s `settings.fonsters`. New
/// settings publish every open document's diagnostics again; a value not understood keeps the one
/// before and is told in the client's log.
enum WorkspaceConfiguration {
    /// The id prefix of the `workspace/configuration` requests the server sends.
    static let requestPrefix = "fonsters/configuration "

    /// Asks the client of `documents` for its `fonsters` settings, if it answers such requests.
    static func ask(_ documents: TextDocuments, writer: MessageWriter) {
        guard documents.configurable else { return }
        let id = JSONValue.string(requestPrefix + String(documents.session.number))
        writer.send(["jsonrpc": "2.0", "id": id, "method": "workspace/configuration", "params": ["items": [["section": "fonsters"]]]])
    }

    /// Takes `section` (the client's `fonsters` object) as the settings of `documents`, and when
    /// they changed publishes the documents' diagnostics again.
    static func apply(_ section: JSONValue?, to documents: TextDocuments, _ context: ServerContext, writer: MessageWriter) {
        let before = documents.settings
        let (settings, problems) = before.merging(section)
        for problem in problems { writer.sendNotification("window/logMessage", params: ["type": 2, "message": .string(problem)]) }
        documents.settings = settings
        guard settings != before else { return }
        for document in documents.all { DocumentDiagnostics.schedule(document, documents, context, writer: writer, pause: false) }
    }

    /// Takes a response to `ask` on `session`; false when it is not one.
    static func responded(_ session: SessionID, _ response: Response, _ context: ServerContext) -> Bool {
        guard let id = response.id?.json.string, id.hasPrefix(requestPrefix) else { return false }
        let documents = context.languageSessions.documents(session)
        guard let writer = documents.writer else { return true }
        switch response.result {
        case .success(let result):
            // One item asked for: the answer is an array of one settings object (null: none set).
            apply((result as? JSONValue)?[0], to: documents, context, writer: writer)
        case .failure(let error):
            writer.sendNotification("window/logMessage", params: ["type": 2, "message": .string("workspace/configuration failed: \(error.message)")])
        }
        return true
    }
}

/// `initialized`: the client is ready; the server asks for its settings.
enum InitializedNotification: RPCNotification {
    typealias Params = NoParams
    static let name = "initialized"
    static let summary = "The client is ready: the server asks for its fonsters settings (workspace/configuration), if it can answer."
    static var heaviest: JSONValue { [:] }

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {
        let documents = context.documents(notification)
        documents.writer = notification.writer
        WorkspaceConfiguration.ask(documents, writer: notification.writer)
    }
}

/// `workspace/didChangeConfiguration`: the client's settings changed. With `settings.fonsters`
/// they are taken as they come; else they are asked for (`workspace/configuration`).
enum DidChangeConfigurationNotification: RPCNotification {
    struct Params: MethodParams {
        let settings: JSONValue?
        init(_ p: ParamReader) throws(ResponseError) {
            settings = try p.optional("settings", "{fonsters: {defaultEngine, maxProblems, hoverPicture}}, or anything else to have them asked for.")
        }
    }
    static let name = "workspace/didChangeConfiguration"
    static let summary = "The client's settings changed: taken from settings.fonsters, or asked for."
    static var heaviest: JSONValue { ["settings": ["fonsters": ["maxProblems": 100]]] }

    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal) {
        let documents = context.documents(notification)
        documents.writer = notification.writer
        if let section = params.settings?["fonsters"] {
            WorkspaceConfiguration.apply(section, to: documents, context, writer: notification.writer)
        } else {
            WorkspaceConfiguration.ask(documents, writer: notification.writer)
        }
    }
}
