/// One notification the server listens for, declared once as a type like an `RPCMethod`: its
/// name, a summary, its params and its handler. Notifications get no answer: params that cannot
/// be read, or a handler's refusal, are told to the client as `window/logMessage` (an error) and
/// change nothing. Handlers run on the read loop in arrival order: they do only what must
/// happen before the next message is read, and push longer work elsewhere.
protocol RPCNotification: SendableMetatype {
    /// The params: decoded by `ParamsDecoder`, described by `SchemaRecorder`.
    associatedtype Params: MethodParams
    /// The notification's name, e.g. `textDocument/didChange`.
    static var name: String { get }
    /// One line for the OpenRPC document.
    static var summary: String { get }
    /// Handles one notification; a thrown `NotificationRefusal` is logged to the client.
    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal)
}

/// Why a notification was refused: a sentence for the client's log.
struct NotificationRefusal: Error {
    /// What was refused and why.
    let message: String
}

/// A notification as the server keeps it: name, summary, params, and its handler.
public struct NotificationDeclaration: Sendable {
    /// The notification's name.
    public let name: String
    /// One line for the OpenRPC document.
    public let summary: String
    /// The params as OpenRPC lists them.
    public let params: [(name: String, schema: JSONValue, required: Bool, note: String?)]
    /// Reads the params and handles the notification.
    let handler: NotificationHandler

    /// The declaration of `notification`, handled with `context`.
    init<N: RPCNotification>(_ notification: N.Type, context: ServerContext) {
        name = N.name
        summary = N.summary
        params = SchemaRecorder.properties(of: N.Params.self).map { ($0.name, $0.schema, $0.required, N.Params.notes[$0.name]) }
        let handle: @Sendable (JSONValue, NotificationContext) -> Void = { json, notificationContext in
            do {
                let params = try ParamsDecoder.decode(N.Params.self, from: json)
                try N.handle(params, context, notificationContext)
            } catch let error as NotificationRefusal {
                NotificationDeclaration.logError(error.message, notificationContext)
            } catch let error as ResponseError {
                NotificationDeclaration.logError("\(N.name) was ignored: \(error.message)", notificationContext)
            } catch {
                NotificationDeclaration.logError("\(N.name) was ignored: \(error)", notificationContext)
            }
        }
        handler = { json, notificationContext in handle(json, notificationContext) }
    }

    /// Tells the client `message` as an error in its log (`window/logMessage`, type 1).
    static func logError(_ message: String, _ context: NotificationContext) {
        context.sendNotification("window/logMessage", params: ["type": 1, "message": .string(message)])
    }

    /// The notifications for `openrpc.json`'s `x-notifications`: each one's name, summary and params.
    static func openRPC(_ declarations: [NotificationDeclaration]) -> JSONValue {
        .array(declarations.map { d in
            ["name": .string(d.name), "summary": .string(d.summary), "paramStructure": "by-name",
             "params": .array(d.params.map { param in
                 var entry: JSONObject = ["name": .string(param.name), "schema": param.schema, "required": .bool(param.required)]
                 if let note = param.note { entry["description"] = .string(note) }
                 return .object(entry)
             })]
        })
    }
}
