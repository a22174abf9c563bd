import Foundation
import FonsterStore

/// `fonsters/useFrame`: makes an evolution frame's prefix the seed (one undoable edit).
enum UseFrameMethod: RPCMethod {
    struct Params: MethodParams {
        var id: UUID
        var frame: Int
        static var notes: [String: String] { ["id": "The Fonster's id.", "frame": "The frame to use, from 1."] }
    }
    static let name = "fonsters/useFrame"
    static let summary = "Makes an evolution frame's prefix the seed (one undoable edit)."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .frameOutOfRange] + LibraryErrors.edit
    static let result = Schema.ref("Fonster")

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        try await context.withStore(field: "frame") { store throws(StoreError) in try store.useFrame(params.id, frame: params.frame) }.json()
    }
}
