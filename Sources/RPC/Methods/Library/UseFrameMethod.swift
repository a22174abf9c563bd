import Foundation
import FonsterStore

/// `fonsters/useFrame`: makes an evolution frame's prefix the seed (one undoable edit).
enum UseFrameMethod: RPCMethod {
    struct Params: MethodParams {
        let id: UUID, frame: Int
        init(_ p: ParamReader) throws(ResponseError) {
            id = try p.required("id", "The Fonster's id.")
            frame = try p.required("frame", "The frame to use, from 1.")
        }
    }
    static let name = "fonsters/useFrame"
    static let summary = "Makes an evolution frame's prefix the seed (one undoable edit)."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .frameOutOfRange] + LibraryErrors.edit
    static var heaviest: JSONValue { ["id": .string(HeavyParams.fonster), "frame": 1] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Fonster {
        try await context.withStore(field: "frame") { store throws(StoreError) in try store.useFrame(params.id, frame: params.frame) }
    }
}
