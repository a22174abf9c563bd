/// The engines this package knows. Every saved Fonster names the engine that draws it, so v2
/// sits beside v1 without changing any v1 creature.
public enum EngineVersion: String, CaseIterable, Codable, Sendable {
    /// The engine of the Fonsters apps and web page, specified in docs/engine.md §1–§10.
    case v1 = "fonsters-v1"
    /// The apps' later engine (docs/engine.md §11): another hash, tiers 3–5, boosted colours.
    case v2 = "fonsters-v2"

    /// The default engine: of seeds given without one, of the command line, and of a new
    /// library. fonsters-v2, the engine that keeps the promise that changing any character
    /// typically draws a radically different picture; fonsters-v1 stays for parity.
    public static let current: EngineVersion = .v2
}

/// The segment hash of an engine chosen at run time, for the few hashes outside the drawing
/// (environment, tap animation); the drawing itself is generic over `SegmentHashing`.
public enum EngineHash: Sendable {
    case v1(SegmentHash)
    case v2(SegmentHashV2)

    /// The hash state of `seed` under `engine`.
    public init(seed: String, engine: EngineVersion) {
        switch engine {
        case .v1: self = .v1(SegmentHash(seed: seed))
        case .v2: self = .v2(SegmentHashV2(seed: seed))
        }
    }

    /// `h(seed, id)` in [0, 1).
    public func h(_ id: StaticString) -> Double {
        switch self {
        case .v1(let s): s.h(id)
        case .v2(let s): s.h(id)
        }
    }

    /// `pick(seed, id, n)`.
    public func pick(_ id: StaticString, _ n: Int) -> Int { SegmentHash.pick(h(id), n) }
    /// `roll(seed, id, p)` = `h < p`.
    public func roll(_ id: StaticString, _ p: Double) -> Bool { h(id) < p }
}
