import Foundation
import CreatureCore
import FonsterStore

/// Params that name what a creature method draws: `seed` directly or `id` (that Fonster's seed
/// and name), and the engine to draw it with.
protocol TargetParams: MethodParams {
    /// The seed to draw.
    var seed: Seed? { get }
    /// A Fonster whose seed (and name) to draw.
    var id: UUID? { get }
    /// The engine, if given.
    var engine: EngineVersion? { get }
}

/// The notes of the three keys, for every creature method.
enum TargetNote {
    static let seed = "The seed to draw (give exactly one of seed and id)."
    static let id = "A Fonster whose seed (and name) to use."
    static let engine = "The engine to draw with (default: the Fonster's own for id, the server's default for seed)."
}

/// What a creature method draws, with the engine to draw it: `engine` if given, else the
/// Fonster's own, else the server's.
struct Target {
    let seed: String
    let name: String
    let engine: EngineVersion

    /// Whether the params name a Fonster, which is read from the library in arrival order.
    static func readsLibrary(_ params: some TargetParams) -> Bool { params.id != nil }

    /// Reads the target; an `id` is looked up on the store in arrival order, after which the
    /// request leaves the ordered lane so its drawing runs alongside later requests.
    init(_ params: some TargetParams, context: ServerContext, request: RequestContext) async throws(ResponseError) {
        switch (params.seed, params.id) {
        case (let seed?, nil):
            self.seed = seed.text
            name = ""
            engine = params.engine ?? context.defaultEngine
        case (nil, let id?):
            let fonster = try await context.withStore { store throws(StoreError) in try store.get(id) }
            request.leaveOrder()
            seed = fonster.seed
            name = fonster.name
            engine = params.engine ?? fonster.engine
        default:
            throw .invalidParams(field: "seed", "Give either 'seed' or 'id' (exactly one); this request gives \(params.seed == nil ? "neither" : "both").")
        }
    }

    /// The creature this target draws and its alt text, from one drawing.
    var creatureAndAlt: (creature: Creature, alt: String) { AltText.creatureAndSentence(seed: seed, engine: engine) }

    /// The creature and its alt text for an image standing on `background` (the sentence names
    /// the sky or the colour the see-through cells show).
    func creatureAndAlt(on background: Background?) -> (creature: Creature, alt: String) {
        AltText.creatureAndSentence(seed: seed, engine: engine, on: background ?? .transparent)
    }
}
