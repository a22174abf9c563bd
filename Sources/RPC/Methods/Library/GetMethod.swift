import Foundation
import FonsterStore

/// `fonsters/get`: one Fonster, and with `lookalikes` the others that draw its picture.
enum GetMethod: RPCMethod {
    struct Params: MethodParams {
        let id: UUID, lookalikes: Bool?
        init(_ p: ParamReader) throws(ResponseError) {
            id = try p.required("id", "The Fonster's id.")
            lookalikes = try p.optional("lookalikes", "Also answer sameAs, sameCount, nearlyAs and nearlyCount, as fonsters/update does (default false).")
        }
    }
    typealias Result = Either<Fonster, EditedFonster>
    static let name = "fonsters/get"
    static let summary = "One Fonster."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .requestCancelled] + LibraryErrors.store
    static var heaviest: JSONValue { ["id": .string(HeavyParams.fonster), "lookalikes": true] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        guard params.lookalikes == true else {
            return .first(try await context.withStore { store throws(StoreError) in try store.get(params.id) })
        }
        let (fonster, library) = try await context.withStore { store throws(StoreError) in (try store.get(params.id), try context.pictures.library(store)) }
        request.leaveOrder()
        let lookalikes = try await context.pictures.members(of: fonster, in: library, request: request)
        return .second(EditedFonster(fonster: fonster, lookalikes: lookalikes))
    }
}
