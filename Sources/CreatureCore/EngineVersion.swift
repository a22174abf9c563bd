/// The engines this package knows. Every saved Fonster names the engine that draws it,
/// so a future `v2` can sit beside `v1` without changing any v1 creature.
public enum EngineVersion: String, CaseIterable, Codable, Sendable {
    /// The engine of the Fonsters apps and web page, specified in ENGINE.md.
    case v1 = "fonsters-v1"

    /// The engine new Fonsters are drawn with.
    public static let current: EngineVersion = .v1
}
