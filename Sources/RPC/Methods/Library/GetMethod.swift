import Foundation
import FonsterStore

/// `fonsters/get`: one Fonster, and with `lookalikes` the others that draw its picture.
enum GetMethod: RPCMethod {
    struct Params: MethodParams {
        var id: UUID
        var lookalikes: Bool?
        static var notes: [String: String] {
            ["id": "The Fonster's id.",
             "lookalikes": "Also answer sameAs, sameCount, nearlyAs and nearlyCount, as fonsters/update does (default false)."]
        }
    }
    static let name = "fonsters/get"
    static let summary = "One Fonster."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .requestCancelled] + LibraryErrors.store
    static let result = Schema.json(##"{"oneOf":[{"$ref":"#/components/schemas/Fonster"},{"$ref":"#/components/schemas/EditedFonster"}]}"##)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        guard params.lookalikes == true else {
            return try await context.withStore { store throws(StoreError) in try store.get(params.id) }.json()
        }
        let (fonster, library) = try await context.withStore { store throws(StoreError) in (try store.get(params.id), try context.lookalikes.library(store)) }
        request.leaveOrder()
        let lookalikes = try await context.lookalikes.members(of: fonster, in: library, defaultEngine: context.defaultEngine, request: request)
        return fonster.json().merging(lookalikes)
    }
}
