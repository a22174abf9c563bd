import CreatureCore
import FonsterStore

/// `initialize`: who we are, what we can do, and where the store is.
enum LifecycleMethods {
    static func declarations(_ context: ServerContext, methods: @escaping @Sendable () -> [String]) -> [MethodDeclaration] {
        [
            MethodDeclaration("initialize", "Handshake: the server's facts.", effect: .readsLibrary, errors: [.invalidParams]) { params, _ in
                _ = try Params(params)
                let readOnly = await context.executor.run { () -> Bool in
                    (try? context.store())?.isReadOnly ?? context.options.readOnly
                }
                return [
                    "serverInfo": ["name": "fonsters-rpc", "version": .string(ServerContext.version)],
                    "engine": .string(context.defaultEngine.rawValue),
                    "capabilities": ["experimental": capabilities(context, methods: methods())],
                    "store": [
                        "path": context.storePath.map { .string($0) } ?? .null,
                        "memory": .bool(context.storePath == nil),
                        "readOnly": .bool(readOnly),
                    ],
                ]
            },
            MethodDeclaration("shutdown", "Answers once every earlier request has; later requests are refused.",
                              effect: .pure, errors: []) { _, _ in .null },
        ]
    }

    /// The server's own capabilities, under LSP's `capabilities.experimental`.
    static func capabilities(_ context: ServerContext, methods: [String]) -> JSONValue {
        [
            "methods": .array(methods.map { .string($0) }),
            "engines": .array(EngineVersion.allCases.map { .string($0.rawValue) }),
            "defaultEngine": .string(context.defaultEngine.rawValue),
            "formats": .array(ImageFormat.allCases.map { .string($0.rawValue) }),
            "randomSources": .array(RandomSource.allCases.map { .string($0.rawValue) }),
            "sizes": ["min": 32, "max": 2048, "step": 32],
            "maxSeedLength": .int(Int64(ServerContext.maxSeedLength)),
            "shareLinkMaxLength": .int(Int64(ShareLink.maxLength)),
        ]
    }
}
