import CreatureCore
import FonsterStore

/// `initialize`: who we are, what we can do, and where the store is.
enum LifecycleMethods {
    static func register(on server: RPCServer, context: ServerContext, methods: @escaping @Sendable () -> [String]) {
        server.register(method: "initialize") { params, _ in
            _ = try Params(params)
            var readOnly = context.options.readOnly
            if let store = try? context.store() { readOnly = store.isReadOnly }
            return [
                "serverInfo": ["name": "fonsters-rpc", "version": .string(ServerContext.version)],
                "engine": .string(EngineVersion.current.rawValue),
                "capabilities": [
                    "methods": .array(methods().map { .string($0) }),
                    "formats": .array(ImageFormat.allCases.map { .string($0.rawValue) }),
                    "randomSources": .array(RandomSource.allCases.map { .string($0.rawValue) }),
                    "sizes": ["min": 32, "max": 2048, "step": 32],
                    "maxSeedLength": .int(Int64(ServerContext.maxSeedLength)),
                    "shareLinkMaxLength": .int(Int64(ShareLink.maxLength)),
                ],
                "store": [
                    "path": context.storePath.map { .string($0) } ?? .null,
                    "memory": .bool(context.storePath == nil),
                    "readOnly": .bool(readOnly),
                ],
            ]
        }
    }
}
