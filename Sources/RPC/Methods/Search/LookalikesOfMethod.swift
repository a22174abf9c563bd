import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/lookalikesOf`: the Fonsters of the library that a seed not saved yet would look
/// exactly or nearly like, as a page warns while the seed is typed.
enum LookalikesOfMethod: RPCMethod {
    struct Params: MethodParams {
        let seed: Seed, engine: EngineVersion?, except: UUID?
        init(_ p: ParamReader) throws(ResponseError) {
            seed = try p.required("seed", "The seed as typed.")
            engine = try p.optional("engine", "The engine that would draw it (default: the library's default engine).")
            except = try p.optional("except", "The Fonster being edited, left out of the answer (an id the library does not hold is ignored).")
        }
    }

    /// The engine the seed was drawn by, and its look-alikes.
    struct Result: ResultObject {
        let engine: EngineVersion, lookalikes: LookalikeList
        static let members: [Member<Result>] = [
            Member("engine", schema: EngineVersion.schema) { $0.engine },
        ] + LookalikeList.members.lifted { $0.lookalikes }
    }
    static let name = "fonsters/lookalikesOf"
    static let summary = "The Fonsters of the library that a seed not saved yet would look exactly or nearly like."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams, .seedTooLong, .requestCancelled] + LibraryErrors.store
    static var heaviest: JSONValue { ["seed": .string(HeavyParams.longSeed), "engine": "fonsters-v2", "except": .string(HeavyParams.fonster)] }

    /// Its answer: at most `LibraryPictures.listed` ids of each kind.
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        scheduling.bytes = max(scheduling.bytes, 200 + 2 * LibraryPictures.listed * 40)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let (library, libraryEngine) = try await context.withStore { store throws(StoreError) in
            (try context.pictures.library(store), try store.defaultEngine())
        }
        let engine = params.engine ?? libraryEngine
        request.leaveOrder()
        let seed = params.seed.text
        let lookalikes = try await context.pictures.matches(of: { Picture(Creature(seed: seed, engine: engine)) }, in: library, except: params.except, request: request)
        return Result(engine: engine, lookalikes: lookalikes)
    }
}
