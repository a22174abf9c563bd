import Foundation
import CreatureCore
import FonsterStore

/// What a creature method draws: `{seed}` directly or `{id}` (that Fonster's seed and name).
struct Target {
    let seed: String
    let name: String

    init(_ params: Params, context: ServerContext) throws(ResponseError) {
        let hasSeed = params.has("seed"), hasID = params.has("id")
        if hasSeed == hasID {
            throw .invalidParams(field: "seed", "give either 'seed' or 'id' (exactly one)")
        }
        if hasSeed {
            seed = try params.requiredString("seed")
            name = ""
            try Target.checkLength(seed, field: "seed")
        } else {
            let id = try params.id()
            let fonster = try context.withStore { store throws(StoreError) in try store.get(id) }
            seed = fonster.seed
            name = fonster.name
        }
    }

    /// Seeds and names over 10,000 UTF-16 units are refused.
    static func checkLength(_ text: String, field: String) throws(ResponseError) {
        let length = text.utf16.count
        if length > ServerContext.maxSeedLength {
            throw ResponseError(code: .seedTooLong,
                                message: "the \(field) is \(length) UTF-16 units long; the limit is \(ServerContext.maxSeedLength)",
                                data: ["field": .string(field)])
        }
    }
}
