import FonsterStore

/// Every method the server answers, from the declarations, registered on one `RPCServer`.
public enum MethodTable {
    /// Every declaration, in the order `initialize` lists them.
    public static func declarations(_ context: ServerContext) -> [MethodDeclaration] {
        LifecycleMethods.declarations(context, methods: { names })
            + LibraryMethods.declarations(context)
            + CreatureMethods.declarations(context)
            + ShareMethods.declarations(context)
            + SearchMethods.declarations(context)
    }

    /// The request methods, as `initialize` lists them.
    public static let names: [String] = declarations(ServerContext(location: .memory, options: StoreOptions())).map(\.name)

    /// Registers every declared method on `server`, scheduled as its declaration says.
    public static func register(on server: RPCServer, context: ServerContext) {
        for declaration in declarations(context) {
            server.register(method: declaration.name, scheduler: declaration.scheduling, declaration.handler)
        }
    }

    /// A change handler that sends `fonsters/didChange {ids, reason, external, engines}` through
    /// `writer`; `engines` maps each changed Fonster that still exists to its engine.
    public static func didChangeNotifier(_ writer: MessageWriter) -> @Sendable (StoreChange) -> Void {
        { change in
            writer.sendNotification("fonsters/didChange", params: [
                "ids": .array(change.ids.map { .string($0.uuidString) }),
                "reason": .string(change.reason),
                "external": .bool(change.external),
                "engines": .object(JSONObject(change.engines.map { ($0.key.uuidString, .string($0.value)) }
                    .sorted { $0.0 < $1.0 })),
            ])
        }
    }
}
