/// One notification the server listens for, declared once as a type like an `RPCMethod`: its
/// name, a summary, its params, its heaviest params and its handler. Notifications get no answer: params that cannot
/// be read, or a handler's refusal, are told to the client as `window/logMessage` (an error) and
/// change nothing. Handlers run on the read loop in arrival order: they do only what must
/// happen before the next message is read, and push longer work elsewhere.
protocol RPCNotification: SendableMetatype {
    /// The params: read and described by their `init` (`ParamReader`).
    associatedtype Params: MethodParams
    /// The notification's name, e.g. `textDocument/didChange`.
    static var name: String { get }
    /// One line for the OpenRPC document.
    static var summary: String { get }
    /// The most expensive params it accepts, for the heavy-neighbour tests and benchmark as a
    /// method's (`RPCMethod.heaviest`): sent twice after `HeavyParams.setup` and `openDocuments`,
    /// whose document they refer to.
    static var heaviest: JSONValue { get }
    /// Handles one notification; a thrown `NotificationRefusal` is logged to the client.
    static func handle(_ params: Params, _ context: ServerContext, _ notification: NotificationContext) throws(NotificationRefusal)
}

/// Why a notification was refused: a sentence for the client's log.
struct NotificationRefusal: Error {
    /// What was refused and why.
    let message: String
}

/// A notification as the server keeps it: name, summary, params, heaviest params, and its handler.
public struct NotificationDeclaration: Sendable {
    /// The notification's name.
    public let name: String
    /// One line for the OpenRPC document.
    public let summary: String
    /// The params as OpenRPC lists them.
    let params: [ParamDeclaration]
    /// The most expensive params it accepts (`RPCNotification.heaviest`), made when asked for
    /// (the documents they hold are megabytes).
    public var heaviest: JSONValue { heaviestParams() }
    private let heaviestParams: @Sendable () -> JSONValue
    /// Reads the params and handles the notification.
    let handler: NotificationHandler
    private let check: @Sendable (JSONValue) -> ResponseError?

    /// The declaration of `notification`, handled with `context`.
    init<N: RPCNotification>(_ notification: N.Type, context: ServerContext) {
        name = N.name
        summary = N.summary
        heaviestParams = { N.heaviest }
        let params = N.Params.declarations
        self.params = params
        let keys = params.map(\.name)
        check = { json in
            do throws(ResponseError) { _ = try N.Params.decode(json, keys: keys) } catch { return error }
            return nil
        }
        let handle: @Sendable (JSONValue, NotificationContext) -> Void = { json, notificationContext in
            do {
                let params = try N.Params.decode(json, keys: keys)
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

    /// The error `params` are refused with when they are read, if any (nothing runs).
    public func refusal(of params: JSONValue) -> ResponseError? { check(params) }

    /// Tells the client `message` as an error in its log (`window/logMessage`, type 1).
    static func logError(_ message: String, _ context: NotificationContext) {
        context.sendNotification("window/logMessage", params: ["type": 1, "message": .string(message)])
    }

    /// The notifications for `openrpc.json`'s `x-notifications`: each one's name, summary and params.
    static func openRPC(_ declarations: [NotificationDeclaration]) -> JSONValue {
        .array(declarations.map { d in
            ["name": .string(d.name), "summary": .string(d.summary), "paramStructure": "by-name",
             "params": .array(d.params.map(\.openRPC))]
        })
    }
}
