import CreatureCore
import FonsterStore
import FonsterDocument

/// `initialize`: who we are, what we can do, and where the store is. Takes LSP's
/// `InitializeParams` (none of which it needs), so that stock LSP clients can start it.
enum InitializeMethod: RPCMethod {
    struct Params: MethodParams {
        let capabilities: JSONValue?, options: JSONValue?, clientName: String?
        init(_ p: ParamReader) throws(ResponseError) {
            let clientInfo: JSONValue? = try p.optional("clientInfo", "{name, version?}: a terminal editor's name has hovers drawn in block characters.")
            clientName = clientInfo?["name"]?.string
            for key in ["processId", "locale", "rootPath", "rootUri"] {
                let _: JSONValue? = try p.optional(key)
            }
            options = try p.optional("initializationOptions", "The language server's settings ({fonsters: {defaultEngine, maxProblems, hoverPicture}}), "
                                     + "as workspace/didChangeConfiguration sends them.")
            capabilities = try p.optional("capabilities", """
                LSP's client capabilities: the position encodings (the first known one in the client's order is agreed), the Markdown \
                formats, pull diagnostics and workspace/configuration are read, the rest of InitializeParams is accepted and ignored. \
                A client that sends capabilities is an LSP client: the server's own facts (engine, store) are under \
                capabilities.experimental only.
                """)
            for key in ["trace", "workspaceFolders"] { let _: JSONValue? = try p.optional(key) }
            let _: ProgressToken? = try p.optional("workDoneToken")
        }
    }

    /// The server's facts: `engine` is the library's default engine, `defaultEngine` (under
    /// `experimental`) the server's, for seeds given without one. `engine` and `store` are under
    /// `capabilities.experimental`, and at the top too for a client that sent no capabilities
    /// (not an LSP client: LSP's result has no such keys).
    struct Result: ResultObject {
        let engine: EngineVersion, defaultEngine: EngineVersion, storePath: String?, readOnly: Bool, encoding: PositionEncoding, lsp: Bool
        static let members: [Member<Result>] = [
            Member("serverInfo") { _ in ServerInfo() },
            .optional("engine") { $0.lsp ? nil : $0.engine },
            Member("capabilities") { result in
                Capabilities(experimental: Experimental(defaultEngine: result.defaultEngine, engine: result.engine,
                                                        store: Store(path: result.storePath, readOnly: result.readOnly)), encoding: result.encoding)
            },
            .optional("store") { $0.lsp ? nil : Store(path: $0.storePath, readOnly: $0.readOnly) },
        ]
    }

    /// The program and its version.
    struct ServerInfo: ResultObject {
        static let members: [Member<ServerInfo>] = [
            Member("name", schema: Schema.const("fonsters-rpc")) { _ in "fonsters-rpc" },
            Member("version", schema: Schema.const(.string(ServerContext.version))) { _ in ServerContext.version },
        ]
    }

    /// LSP's capabilities: the server's own under `experimental`, then the language server's
    /// (`LanguageCapabilities`) in the encoding agreed.
    struct Capabilities: ResultObject {
        let experimental: Experimental, encoding: PositionEncoding
        static let members: [Member<Capabilities>] = [Member("experimental") { $0.experimental }]
            + LanguageCapabilities.members.lifted { $0.encoding }
    }

    /// The methods, formats, random sources, sizes, limits and engines of this server.
    struct Experimental: ResultObject {
        let defaultEngine: EngineVersion, engine: EngineVersion, store: Store
        static let members: [Member<Experimental>] = [
            Member("engine") { $0.engine },
            Member("store") { $0.store },
            Member("methods", schema: Schema.array(Schema.enumeration(MethodTable.names))) { _ in MethodTable.names },
            Member("formats", schema: Schema.array(Schema.oneOf(ImageFormat.allCases))) { _ in ImageFormat.allCases.map(\.rawValue) },
            Member("randomSources") { _ in RandomSource.allCases },
            Member("sizes") { _ in Sizes() },
            Member("maxSeedLength", schema: Schema.const(.number(TextLimit.maxLength))) { _ in TextLimit.maxLength },
            Member("shareLinkMaxLength", schema: Schema.const(.number(ShareLink.maxLength))) { _ in ShareLink.maxLength },
            Member("engines", schema: Schema.array(EngineVersion.schema, minimum: 1)) { _ in EngineVersion.allCases },
            Member("defaultEngine") { $0.defaultEngine },
        ]
    }

    /// The image sizes: from `min` to `max` pixels in steps of `step`.
    struct Sizes: ResultObject {
        static let members: [Member<Sizes>] = [
            Member("min", schema: Schema.const(.number(ImageSize.pixelRange.lowerBound))) { _ in ImageSize.pixelRange.lowerBound },
            Member("max", schema: Schema.const(.number(ImageSize.pixelRange.upperBound))) { _ in ImageSize.pixelRange.upperBound },
            Member("step", schema: Schema.const(.number(Grid.side))) { _ in Grid.side },
        ]
    }

    /// Where the library lives (null in memory) and whether it can be changed.
    struct Store: ResultObject {
        let path: String?, readOnly: Bool
        static let members: [Member<Store>] = [
            Member("path") { $0.path },
            Member("memory") { $0.path == nil },
            Member("readOnly") { $0.readOnly },
        ]
    }

    static let name = "initialize"
    static let summary = "Handshake: the server's facts."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams]
    static var heaviest: JSONValue { ["capabilities": [:], "clientInfo": ["name": "heavy neighbour"]] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let encoding = LanguageCapabilities.negotiate(params.capabilities), documents = context.documents(request)
        documents.encoding = encoding
        documents.markdown = LanguageCapabilities.markdown(params.capabilities)
        documents.pull = LanguageCapabilities.pull(params.capabilities)
        documents.configurable = params.capabilities?["workspace"]?["configuration"]?.bool == true
        let (settings, problems) = documents.settings.merging(params.options?["fonsters"])
        documents.settings = settings
        for problem in problems { request.sendNotification("window/logMessage", params: ["type": 2, "message": .string(problem)]) }
        documents.markdown.images = HoverPicture.showsImages(clientName: params.clientName)
        documents.markdown.name = params.clientName?.lowercased() ?? ""
        // The library's default engine (what new Fonsters are drawn with); the server's when the
        // store cannot be opened.
        let (readOnly, engine) = await context.executor.run { () -> (Bool, EngineVersion) in
            let store = try? context.store()
            return (store?.isReadOnly ?? context.options.readOnly, (try? store?.defaultEngine()) ?? context.defaultEngine)
        }
        return Result(engine: engine, defaultEngine: context.defaultEngine, storePath: context.storePath, readOnly: readOnly, encoding: encoding,
                      lsp: params.capabilities != nil)
    }
}

/// `shutdown`: answered once every earlier request has been; later requests are refused (the
/// transport does that part).
enum ShutdownMethod: RPCMethod {
    typealias Params = NoParams
    static let name = "shutdown"
    static let summary = "Answers once every earlier request has; later requests are refused."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = []
    static var heaviest: JSONValue { [:] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Null { Null() }
}
