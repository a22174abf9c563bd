import Foundation
import FonsterStore

/// `library/export`: the whole library as a bundle.
enum LibraryExportMethod: RPCMethod {
    typealias Params = NoParams
    static let name = "library/export"
    static let summary = "The whole library as a bundle."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let cost = MethodDeclaration.Cost.heavy
    static let errors = LibraryErrors.store
    static let result = Schema.json(#"""
    {"type":"object","properties":{"bundle":{"$ref":"#/components/schemas/Bundle"}},"required":["bundle"],"additionalProperties":false}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let data = try await context.withStore { store throws(StoreError) in try store.exportLibrary() }
        do { return ["bundle": try JSONParser.parse(Array(data))] }
        catch { throw ResponseError.internalError("The exported bundle could not be read back: \(error)") }
    }
}
