import Foundation
import CreatureCore

/// `creature/describe`: everything the engine decides about a creature.
enum DescribeMethod: RPCMethod {
    struct Params: TargetParams {
        let seed: Seed?, id: UUID?, tap: Count?, engine: EngineVersion?
        init(_ p: ParamReader) throws(ResponseError) {
            seed = try p.optional("seed", TargetNote.seed)
            id = try p.optional("id", TargetNote.id)
            tap = try p.optional("tap", "Which tap's animation kind to give (0 for the first).")
            engine = try p.optional("engine", TargetNote.engine)
        }
    }

    /// The golden record's fields, grouped, with the alt text, a tap's animation and the scene.
    struct Result: ResultObject {
        let creature: Creature
        let alt: String
        let tap: Int
        static let members: [Member<Result>] = [
            Member("seed") { $0.creature.seed },
            Member("renderSeed") { $0.creature.renderSeed },
            Member("engine") { $0.creature.engine },
            Member("configuration") { Configuration(c: $0.creature.configuration) },
            Member("grid", schema: Schema.array(["type": "string", "minLength": 32, "maxLength": 32], minimum: 32, maximum: 32)) {
                $0.creature.grid.rows
            },
            Member("colors", schema: Schema.array(Schema.string(pattern: "^[0-9a-f]{6}$"), minimum: 6, maximum: 6)) {
                $0.creature.colors.map(\.hex)
            },
            Member("alt") { $0.alt },
            Member("tapAnimation") { Tap(tap: $0.tap, kind: $0.creature.tapAnimation($0.tap)) },
            Member("environment") { EnvironmentResult(seed: $0.creature.seed, engine: $0.creature.engine) },
        ]
    }

    /// Which animation a tap plays.
    struct Tap: ResultObject {
        let tap: Int
        let kind: TapAnimation
        static let members: [Member<Tap>] = [
            Member("tap", schema: Schema.integer(minimum: 0)) { $0.tap },
            Member("kind", schema: Schema.oneOf(TapAnimation.allCases)) { $0.kind.rawValue },
        ]
    }

    /// What the engine chose for the creature (docs/engine.md §4).
    struct Configuration: ResultObject {
        let c: CreatureCore.Configuration
        static let members: [Member<Configuration>] = [
            Member("tier") { $0.c.tier },
            Member("mode") { $0.c.mode.rawValue },
            Member("symmetryAxis") { $0.c.axis.rawValue },
            Member("palette") { $0.c.palette },
            Member("opaqueBackground") { $0.c.opaqueBackground },
            Member("creatureType") { $0.c.creatureType.rawValue },
            Member("symmetric") { $0.c.symmetric },
            Member("diagonal") { $0.c.diagonal },
            Member("upsideDown") { $0.c.upsideDown },
            Member("shapeMask") { $0.c.shapeMask.name },
            Member("eyes") { $0.c.eyes },
            Member("eyeShape") { $0.c.eyeShape.rawValue },
            Member("mouth") { $0.c.mouth },
            Member("mouthStyle") { $0.c.mouthStyle.rawValue },
            Member("nose") { $0.c.nose },
            Member("body") { $0.c.body },
            Member("hair") { $0.c.hair },
            Member("eyebrows") { $0.c.eyebrows },
            Member("beard") { $0.c.beard },
            Member("ears") { $0.c.ears },
            Member("horn") { $0.c.horn },
            Member("antlers") { $0.c.antlers },
            Member("appendages") { $0.c.appendages },
            Member("appendageCount") { $0.c.appendageCount },
            Member("appendageStyle") { $0.c.appendageStyle.rawValue },
            Member("appendageRadial") { $0.c.appendageRadial },
        ]
    }

    static let name = "creature/describe"
    static let summary = "Everything the engine decides about a creature."
    static let effect = MethodDeclaration.Effect.pure
    static let quick = true
    static let errors = CreatureMethods.targetErrors
    static var heaviest: JSONValue { ["seed": .string(HeavyParams.longSeed), "tap": 1_000_000, "engine": "fonsters-v2"] }
    static func readsLibrary(_ params: Params) -> Bool { Target.readsLibrary(params) }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let target = try await Target(params, context: context, request: request)
        try request.checkCancellation()
        let (creature, alt) = target.creatureAndAlt
        return Result(creature: creature, alt: alt, tap: params.tap?.value ?? 0)
    }
}
