import Foundation
import CreatureCore
import FonsterStore

/// `library/settings`: reads the library's settings, or sets them.
enum SettingsMethod: RPCMethod {
    struct Params: MethodParams {
        var defaultEngine: EngineVersion?
        static var notes: [String: String] {
            ["defaultEngine": "The engine new Fonsters are drawn with when a request names none (default: leave it as it is)."]
        }
    }
    static let name = "library/settings"
    static let summary = "Reads the library's settings (no params) or sets them; answers them."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams] + LibraryErrors.edit
    static let result = Schema.json(#"""
    {"type":"object","properties":{"defaultEngine":{"$ref":"#/components/schemas/Engine"}},"required":["defaultEngine"],"additionalProperties":false}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let engine = try await context.withStore { store throws(StoreError) in
            if let engine = params.defaultEngine { return try store.setDefaultEngine(engine) }
            return try store.defaultEngine()
        }
        return ["defaultEngine": .string(engine.rawValue)]
    }
}
