import FonsterStore

/// Every method the server answers, registered on one `RPCServer`.
public enum MethodTable {
    /// The request methods, as `initialize` lists them.
    public static let names: [String] = [
        "initialize", "shutdown",
        "fonsters/list", "fonsters/get", "fonsters/create", "fonsters/update", "fonsters/delete",
        "fonsters/duplicate", "fonsters/move", "fonsters/undo", "fonsters/redo", "fonsters/random",
        "fonsters/refresh", "fonsters/useFrame",
        "creature/render", "creature/describe", "creature/frames", "creature/animate",
        "creature/tapAnimation", "creature/environment", "clock/creature",
        "share/build", "share/preview", "share/import", "library/export", "library/import",
    ]

    /// Registers every handler on `server`.
    public static func register(on server: RPCServer, context: ServerContext) {
        LifecycleMethods.register(on: server, context: context, methods: { names })
        LibraryMethods.register(on: server, context: context)
        CreatureMethods.register(on: server, context: context)
        ShareMethods.register(on: server, context: context)
    }

    /// A change handler that sends `fonsters/didChange {ids, reason, external}` through `writer`.
    public static func didChangeNotifier(_ writer: MessageWriter) -> @Sendable (StoreChange) -> Void {
        { change in
            writer.sendNotification("fonsters/didChange", params: [
                "ids": .array(change.ids.map { .string($0.uuidString) }),
                "reason": .string(change.reason),
                "external": .bool(change.external),
            ])
        }
    }
}
