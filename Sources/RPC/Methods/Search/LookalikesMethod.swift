import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/lookalikes`: the library's Fonsters grouped by identical pictures and by pictures
/// that look alike (`Likeness`). With a `workDoneToken`, the work between reading the library and
/// answering goes out as `$/progress` (a first call after a start, or after many changes, may
/// draw and compare for seconds); cancelled, it stops within 256 pictures.
enum LookalikesMethod: RPCMethod {
    struct Params: MethodParams {
        let near: Bool?, workDoneToken: ProgressToken?
        init(_ p: ParamReader) throws(ResponseError) {
            near = try p.optional("near", "Whether to find near groups too (default true).")
            workDoneToken = try p.optional("workDoneToken", "Report $/progress with this token.")
        }
    }

    /// The groups of ids, and how many Fonsters there are.
    struct Result: ResultObject {
        let groups: Lookalikes.Groups<UUID>, count: Int
        static let members: [Member<Result>] = [
            Member("exact", schema: groupsSchema) { $0.groups.exact },
            Member("near", schema: groupsSchema) { $0.groups.near },
            Member("count", schema: Schema.integer(minimum: 0)) { $0.count },
        ]
        private static let groupsSchema = Schema.array(Schema.array(Schema.ref("UUID"), minimum: 2))
    }
    static let name = "fonsters/lookalikes"
    static let summary = "The library's Fonsters grouped by identical pictures and by pictures that look alike."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let cost = MethodDeclaration.Cost.heavy
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled, .noMemoryRoom] + LibraryErrors.store
    static var heaviest: JSONValue { ["near": true] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        try await request.withProgress(title: "Finding look-alikes", message: "Reading the library") { () throws(ResponseError) -> Result in
            let near = params.near ?? true
            // The library, and the near groups the store kept (read only when they may serve).
            let (fonsters, stored) = try await context.withStore { store throws(StoreError) in
                (try context.pictures.library(store), near ? try store.storedGroups() : nil)
            }
            request.leaveOrder()
            let groups = try await context.pictures.groups(of: fonsters, near: near, stored: stored, request: request)
            return Result(groups: groups, count: fonsters.count)
        }
    }
}
