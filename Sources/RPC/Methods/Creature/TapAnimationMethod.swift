import Foundation
import CreatureCore

/// `creature/tapAnimation`: how a creature reacts to a tap, sampled over time.
enum TapAnimationMethod: RPCMethod {
    struct Params: TargetParams {
        var seed: Seed?
        var id: UUID?
        var tap: Count?
        var viewSize: ViewSize?
        var samples: Samples?
        var engine: EngineVersion?
        static var notes: [String: String] {
            targetNotes.merging([
                "tap": "Which tap (0 for the first).",
                "viewSize": "The side of the view in points (default 100): offsets scale with it.",
                "samples": "How many evenly spaced moments of the forward half to give (2…1,000, default 5).",
            ]) { a, _ in a }
        }
    }

    /// A view's side in points, more than 0 and at most 100,000.
    struct ViewSize: ParamValue, Sendable {
        let points: Double
        static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> ViewSize {
            guard let points = json.double, points.isFinite, points > 0, points <= 100_000 else {
                throw ParamsDecoder.Invalid("must be a view size in points, more than 0 and at most 100,000; it is \(json.serializedString().prefix(40)).")
            }
            return ViewSize(points: points)
        }
        static var schema: JSONValue { ["type": "number", "exclusiveMinimum": 0, "maximum": 100_000] }
        static var placeholder: ViewSize { ViewSize(points: 100) }
    }

    /// How many samples: 2…1,000.
    struct Samples: ParamValue, Sendable {
        let count: Int
        static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> Samples {
            guard let count = json.int, (2...1000).contains(count) else {
                throw ParamsDecoder.Invalid("must be a whole number from 2 to 1,000; it is \(json.serializedString().prefix(40)).")
            }
            return Samples(count: count)
        }
        static var schema: JSONValue { ["type": "integer", "minimum": 2, "maximum": 1000] }
        static var placeholder: Samples { Samples(count: 5) }
    }

    static let name = "creature/tapAnimation"
    static let summary = "How a creature reacts to a tap, sampled over time."
    static let effect = MethodDeclaration.Effect.pure
    static let errors = CreatureJSON.targetErrors
    static let result = Schema.json(#"""
    {"type":"object","properties":{"tap":{"type":"integer","minimum":0},"kind":{"type":"string"},"ignored":{"type":"boolean"},
     "forwardMs":{"type":"integer"},"reverseMs":{"type":"integer"},"samples":{"type":"array","items":{"$ref":"#/components/schemas/TapSample"}}},
     "required":["tap","kind","ignored","forwardMs","reverseMs","samples"],"additionalProperties":false}
    """#)
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        scheduling.bytes = (params.samples?.count ?? 5) * 2048 + 4096  // each sample is an object of ten numbers
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let target = try await Target(params, context: context, request: request)
        let tap = params.tap?.value ?? 0, size = params.viewSize?.points ?? 100, count = params.samples?.count ?? 5
        let kind = TapAnimation.kind(seed: target.seed, tap: tap, engine: target.engine)
        let samples: [JSONValue] = (0..<count).map { i in
            let t = Double(i) / Double(count - 1)
            return CreatureJSON.transformJSON(kind.transform(t: t, size: size), t: t)
        }
        return [
            "tap": .int(Int64(tap)), "kind": .string(kind.rawValue),
            "ignored": .bool(Seeds.trim(target.seed).isEmpty),
            "forwardMs": .int(Int64(TapAnimation.forwardMs)), "reverseMs": .int(Int64(TapAnimation.reverseMs)),
            "samples": .array(samples),
        ]
    }
}
