import Foundation
import CreatureCore

/// `creature/tapAnimation`: how a creature reacts to a tap, sampled over time.
enum TapAnimationMethod: RPCMethod {
    struct Params: TargetParams {
        let seed: Seed?, id: UUID?, tap: Count?, viewSize: ViewSize?, samples: Bounded<Samples>?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            seed = try p.optional("seed", TargetNote.seed)
            id = try p.optional("id", TargetNote.id)
            tap = try p.optional("tap", "Which tap (0 for the first).")
            viewSize = try p.optional("viewSize", "The side of the view in points (default 100): offsets scale with it.")
            samples = try p.optional("samples", "How many evenly spaced moments of the forward half to give (2…1,000, default 5).")
            engine = try p.optional("engine", TargetNote.engine)
        }
    }

    /// The tap's animation: its kind, whether it is ignored (a blank seed), its timing and samples.
    struct Result: ResultObject {
        let tap: Int, kind: TapAnimation, ignored: Bool, samples: [TapSample]
        static let members: [Member<Result>] = [
            Member("tap", schema: Schema.integer(minimum: 0)) { $0.tap },
            Member("kind", schema: Schema.oneOf(TapAnimation.allCases)) { $0.kind.rawValue },
            Member("ignored") { $0.ignored },
            Member("forwardMs") { _ in TapAnimation.forwardMs },
            Member("reverseMs") { _ in TapAnimation.reverseMs },
            Member("samples") { $0.samples },
        ]
    }

    /// A view's side in points, more than 0 and at most 100,000.
    struct ViewSize: ParamValue, Sendable {
        let points: Double
        /// The largest view, in points.
        static let maxPoints = 100_000
        static func param(_ json: JSONValue) throws(ParamInvalid) -> ViewSize {
            guard let points = json.double, points.isFinite, points > 0, points <= Double(maxPoints) else {
                throw ParamInvalid("must be a view size in points, more than 0 and at most \(English.grouped(maxPoints)); "
                                   + "it is \(json.serializedString().prefix(40)).")
            }
            return ViewSize(points: points)
        }
        static var schema: JSONValue { ["type": "number", "exclusiveMinimum": 0, "maximum": .int(Int64(maxPoints))] }
        static var placeholder: ViewSize { ViewSize(points: 100) }
    }

    /// `samples`: 2…1,000, default 5.
    enum Samples: BoundedRange { static let range = 2...1000, standard = 5, unit = "samples" }

    static let name = "creature/tapAnimation"
    static let summary = "How a creature reacts to a tap, sampled over time."
    static let effect = MethodDeclaration.Effect.pure
    static let errors = CreatureMethods.targetErrors
    static var heaviest: JSONValue { ["seed": .string(HeavyParams.longSeed), "tap": 1_000_000, "viewSize": 100_000, "samples": 1000] }
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        scheduling.bytes = (params.samples?.value ?? Samples.standard) * 2048 + 4096  // each sample is an object of ten numbers
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let target = try await Target(params, context: context, request: request)
        let tap = params.tap?.value ?? 0, size = params.viewSize?.points ?? 100, count = params.samples?.value ?? Samples.standard
        let kind = TapAnimation.kind(seed: target.seed, tap: tap, engine: target.engine)
        let samples = (0..<count).map { i in
            let t = Double(i) / Double(count - 1)
            return TapSample(t: t, transform: kind.transform(t: t, size: size))
        }
        return Result(tap: tap, kind: kind, ignored: Seeds.trim(target.seed).isEmpty, samples: samples)
    }
}
