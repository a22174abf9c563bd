import CreatureCore
import FonsterStore

/// `initialize`: who we are, what we can do, and where the store is. Takes LSP's
/// `InitializeParams` (none of which it needs), so that stock LSP clients can start it.
enum InitializeMethod: RPCMethod {
    struct Params: MethodParams {
        var processId: JSONValue?
        var clientInfo: JSONValue?
        var locale: JSONValue?
        var rootPath: JSONValue?
        var rootUri: JSONValue?
        var initializationOptions: JSONValue?
        var capabilities: JSONValue?
        var trace: JSONValue?
        var workspaceFolders: JSONValue?
        var workDoneToken: ProgressToken?
        static var notes: [String: String] { ["capabilities": "LSP's InitializeParams are accepted and ignored."] }
    }
    static let name = "initialize"
    static let summary = "Handshake: the server's facts."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams]
    static let result = Schema.json(#"""
    {"type":"object","properties":{"serverInfo":{"type":"object","properties":{"name":{"const":"fonsters-rpc"},"version":{"type":"string"}},
     "required":["name","version"],"additionalProperties":false},"engine":{"$ref":"#/components/schemas/Engine"},
     "capabilities":{"type":"object","properties":{"experimental":{"type":"object","properties":{"methods":{"type":"array","items":{"type":"string"}},
     "formats":{"type":"array","items":{"type":"string"}},"randomSources":{"type":"array","items":{"$ref":"#/components/schemas/RandomSource"}},
     "sizes":{"type":"object","properties":{"min":{"const":\#(ImageSize.pixelRange.lowerBound)},"max":{"const":\#(ImageSize.pixelRange.upperBound)},"step":{"const":32}},"required":["min","max","step"],"additionalProperties":false},
     "maxSeedLength":{"const":\#(TextLimit.maxLength)},"shareLinkMaxLength":{"type":"integer"},"engines":{"type":"array","items":{"$ref":"#/components/schemas/Engine"},"minItems":1},
     "defaultEngine":{"$ref":"#/components/schemas/Engine"}},
     "required":["methods","formats","randomSources","sizes","maxSeedLength","shareLinkMaxLength","engines","defaultEngine"],"additionalProperties":false},
     \#(LanguageCapabilities.schemaProperties)},
     "required":["experimental",\#(LanguageCapabilities.names.map { "\"\($0)\"" }.joined(separator: ","))],"additionalProperties":false},"store":{"type":"object","properties":{"path":{"type":["string","null"]},
     "memory":{"type":"boolean"},"readOnly":{"type":"boolean"}},"required":["path","memory","readOnly"],"additionalProperties":false}},
     "required":["serverInfo","engine","capabilities","store"],"additionalProperties":false}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let encoding = LanguageCapabilities.negotiate(params.capabilities)
        context.documents.encoding = encoding
        context.documents.markdown = LanguageCapabilities.markdown(params.capabilities)
        let readOnly = await context.executor.run { () -> Bool in
            (try? context.store())?.isReadOnly ?? context.options.readOnly
        }
        return [
            "serverInfo": ["name": "fonsters-rpc", "version": .string(ServerContext.version)],
            "engine": .string(context.defaultEngine.rawValue),
            "capabilities": .object(JSONObject([("experimental", capabilities(context))] + LanguageCapabilities.json(encoding))),
            "store": [
                "path": context.storePath.map { .string($0) } ?? .null,
                "memory": .bool(context.storePath == nil),
                "readOnly": .bool(readOnly),
            ],
        ]
    }

    /// The server's own capabilities, under LSP's `capabilities.experimental`.
    static func capabilities(_ context: ServerContext) -> JSONValue {
        [
            "methods": .array(MethodTable.names.map { .string($0) }),
            "engines": .array(EngineVersion.allCases.map { .string($0.rawValue) }),
            "defaultEngine": .string(context.defaultEngine.rawValue),
            "formats": .array(ImageFormat.allCases.map { .string($0.rawValue) }),
            "randomSources": .array(RandomSource.allCases.map { .string($0.rawValue) }),
            "sizes": ["min": .int(Int64(ImageSize.pixelRange.lowerBound)), "max": .int(Int64(ImageSize.pixelRange.upperBound)), "step": 32],
            "maxSeedLength": .int(Int64(TextLimit.maxLength)),
            "shareLinkMaxLength": .int(Int64(ShareLink.maxLength)),
        ]
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
    static let result: JSONValue = ["type": "null"]

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue { .null }
}
