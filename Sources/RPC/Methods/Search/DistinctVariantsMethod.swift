import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/distinctVariants`: variants of a seed that look like no Fonster of the library nor
/// like each other (`Likeness`: the silhouette first, then the colours), for the page's "Find a
/// distinct variant". A variant adds letters or digits (`DistinctVariantFinder`).
enum DistinctVariantsMethod: RPCMethod {
    struct Params: MethodParams {
        let seed: Seed, engine: EngineVersion?, count: Bounded<Count>?, except: UUID?
        init(_ p: ParamReader) throws(ResponseError) {
            seed = try p.required("seed", "The seed to vary, as typed.")
            engine = try p.optional("engine", "The engine that draws the variants (default: the library's default engine).")
            count = try p.optional("count", "How many variants at most (1…24, default 8).")
            except = try p.optional("except", "A Fonster whose picture does not count (the one being edited; an id the library does not hold is ignored).")
        }
    }

    /// `count`: 1…24, default 8.
    enum Count: BoundedRange { static let range = 1...24, standard = 8, unit = "variants" }

    /// One variant.
    struct Variant: ResultObject {
        let seed: String
        static let members: [Member<Variant>] = [Member("seed") { $0.seed }]
    }

    /// The engine the variants were drawn by, and the variants (fewer than asked when the
    /// search's bound was reached first).
    struct Result: ResultObject {
        let engine: EngineVersion, variants: [Variant]
        static let members: [Member<Result>] = [
            Member("engine", schema: EngineVersion.schema) { $0.engine },
            Member("variants", schema: Schema.array(Variant.schema, maximum: Count.range.upperBound)) { $0.variants },
        ]
    }

    static let name = "fonsters/distinctVariants"
    static let summary = "Variants of a seed that look like no Fonster of the library, nor like each other."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams, .seedTooLong, .requestCancelled] + LibraryErrors.store
    static var heaviest: JSONValue { ["seed": .string(HeavyParams.longSeed), "engine": "fonsters-v2", "count": 24, "except": .string(HeavyParams.fonster)] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let (library, libraryEngine) = try await context.withStore { store throws(StoreError) in
            (try context.pictures.library(store), try store.defaultEngine())
        }
        let engine = params.engine ?? libraryEngine
        request.leaveOrder()
        let seed = params.seed.text, count = params.count?.value ?? Count.standard
        return try await request.computeOnPool { () throws(ResponseError) -> Result in
            // The library's pictures (but `except`'s), whatever its size.
            let taken = try context.pictures.lookalikeTest(library, except: params.except, request: request)
            do {
                let found = try DistinctVariantFinder.variants(of: seed, engine: engine, count: count, taken: taken.matches,
                                                               isCancelled: { request.takeTurn() })
                return Result(engine: engine, variants: found.map { Variant(seed: $0.seed) })
            } catch {
                throw .requestCancelled
            }
        }
    }
}
