import Foundation
import CreatureCore
import FonsterStore

/// What a creature method draws: `{seed}` directly or `{id}` (that Fonster's seed and name),
/// with the engine to draw it: `engine` if given, else the Fonster's own, else the server's.
struct Target {
    let seed: String
    let name: String
    let engine: EngineVersion

    /// Reads the target; an `id` is looked up on the store in arrival order, after which the
    /// request leaves the ordered lane so its drawing runs alongside later requests.
    init(_ params: Params, context: ServerContext, request: RequestContext) async throws(ResponseError) {
        let hasSeed = params.has("seed"), hasID = params.has("id")
        if hasSeed == hasID {
            throw .invalidParams(field: "seed", "Give either 'seed' or 'id' (exactly one); this request gives \(hasSeed ? "both" : "neither").")
        }
        let chosen = try params.engine()
        if hasSeed {
            seed = try params.requiredString("seed")
            name = ""
            try Target.checkLength(seed, field: "seed")
            engine = chosen ?? context.defaultEngine
        } else {
            let id = try params.id()
            let fonster = try await context.withStore { store throws(StoreError) in try store.get(id) }
            request.leaveOrder()
            seed = fonster.seed
            name = fonster.name
            engine = chosen ?? EngineVersion(rawValue: fonster.engine) ?? context.defaultEngine
        }
    }

    /// The creature this target draws and its alt text, from one drawing.
    var creatureAndAlt: (creature: Creature, alt: String) { AltText.creatureAndSentence(seed: seed, engine: engine) }

    /// Seeds and names over 10,000 UTF-16 units are refused.
    static func checkLength(_ text: String, field: String) throws(ResponseError) {
        let length = text.utf16.count
        let limit = ServerContext.maxSeedLength
        if length > limit {
            let what = field == "name" ? "A name" : field == "seed" ? "A seed" : "A seed in '\(field)'"
            throw ResponseError(
                code: .seedTooLong,
                message: "\(what) can be at most \(English.grouped(limit)) characters long, where an emoji counts as two or more; this one is \(English.grouped(length)).",
                data: ["field": .string(field), "limit": .int(Int64(limit)), "length": .int(Int64(length))])
        }
    }
}
