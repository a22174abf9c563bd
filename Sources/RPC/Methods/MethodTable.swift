import FonsterStore

/// Every method the server answers, each declared once as an `RPCMethod` type, registered on one
/// `RPCServer`.
public enum MethodTable {
    /// The method types, in the order `initialize` lists them.
    static let methods: [any RPCMethod.Type] = [
        InitializeMethod.self, ShutdownMethod.self,
        ListMethod.self, GetMethod.self, CreateMethod.self, UpdateMethod.self, DeleteMethod.self, DuplicateMethod.self,
        MoveMethod.self, UndoMethod.self, RedoMethod.self, RandomMethod.self, RefreshMethod.self, UseFrameMethod.self,
        RenderMethod.self, DescribeMethod.self, FramesMethod.self, AnimateMethod.self, TapAnimationMethod.self,
        EnvironmentMethod.self, ClockMethod.self,
        ShareBuildMethod.self, SharePreviewMethod.self, ShareImportMethod.self, LibraryExportMethod.self, LibraryImportMethod.self,
        SearchMethod.self, LookalikesMethod.self, LookalikesOfMethod.self, DistinctVariantsMethod.self,
        RestoreMethod.self, TrashMethod.self, PurgeMethod.self, SettingsMethod.self,
        HoverMethod.self, InlayHintMethod.self, CodeActionMethod.self, DocumentSymbolMethod.self, CompletionMethod.self,
        DocumentDiagnosticMethod.self,
        ExecuteCommandMethod.self,
    ]

    /// The notification types the server listens for (besides the transport's own).
    static var notifications: [any RPCNotification.Type] {
        [DidOpenNotification.self, DidChangeNotification.self, DidCloseNotification.self, DidSaveNotification.self,
         InitializedNotification.self, DidChangeConfigurationNotification.self]
    }

    /// The LSP capabilities of the registered notifications and methods (`LanguageFeature`), each
    /// with the name of what brings it: notifications first (document sync), then requests, in order.
    static var features: [(name: String, capability: LanguageCapability)] {
        notifications.compactMap { n in (n as? any LanguageFeature.Type).map { (n.name, $0.capability) } }
            + methods.compactMap { m in (m as? any LanguageFeature.Type).map { (m.name, $0.capability) } }
    }

    /// The capabilities `initialize` announces besides the position encoding: the features',
    /// the parts of one key merged (`LanguageCapability.merged`).
    static var capabilities: [LanguageCapability] { LanguageCapability.merged(features.map(\.capability)) }

    /// Every notification's declaration, handled with `context`.
    public static func notificationDeclarations(_ context: ServerContext) -> [NotificationDeclaration] {
        notifications.map { notificationDeclaration($0, context) }
    }

    private static func notificationDeclaration<N: RPCNotification>(_ notification: N.Type, _ context: ServerContext) -> NotificationDeclaration {
        NotificationDeclaration(notification, context: context)
    }

    /// Every declaration, answering with `context`.
    public static func declarations(_ context: ServerContext) -> [MethodDeclaration] {
        methods.map { declaration($0, context) }
    }

    private static func declaration<M: RPCMethod>(_ method: M.Type, _ context: ServerContext) -> MethodDeclaration {
        MethodDeclaration(method, context: context)
    }

    /// The request methods, as `initialize` lists them.
    public static let names: [String] = methods.map { $0.name }

    /// Registers every declared method on `server`, scheduled as its declaration says.
    public static func register(on server: RPCServer, context: ServerContext) {
        for declaration in declarations(context) {
            server.register(method: declaration.name, planner: declaration.planner)
        }
        for declaration in notificationDeclarations(context) {
            server.onNotification(method: declaration.name, declaration.handler)
        }
        // A session's documents are closed, and its budget freed, when it ends.
        server.onSessionEnd { [languageSessions = context.languageSessions] in languageSessions.ended($0) }
        server.onResponse { session, response in WorkspaceConfiguration.responded(session, response, context) }
    }
}
