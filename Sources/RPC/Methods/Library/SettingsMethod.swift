import Foundation
import CreatureCore
import FonsterStore

/// `library/settings`: reads the library's settings, or sets them.
enum SettingsMethod: RPCMethod {
    struct Params: MethodParams {
        let defaultEngine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            defaultEngine = try p.optional("defaultEngine", """
                The engine new Fonsters are drawn with when a request names none (default: leave it as it is).
                """)
        }
    }

    /// The library's settings as they are now.
    struct Result: ResultObject {
        let defaultEngine: EngineVersion
        static let members: [Member<Result>] = [Member("defaultEngine") { $0.defaultEngine }]
    }

    static let name = "library/settings"
    static let summary = "Reads the library's settings (no params) or sets them; answers them."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams] + LibraryErrors.edit
    static var heaviest: JSONValue { ["defaultEngine": "fonsters-v1"] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        Result(defaultEngine: try await context.withStore { store throws(StoreError) in
            if let engine = params.defaultEngine { return try store.setDefaultEngine(engine) }
            return try store.defaultEngine()
        })
    }
}
