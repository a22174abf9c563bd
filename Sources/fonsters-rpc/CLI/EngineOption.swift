import CreatureCore

/// The `--engine` option of `describe` and `render`.
enum EngineOption {
    /// The engine named `text` (e.g. `fonsters-v1`); a usage error naming the known ones otherwise.
    static func parse(_ text: String) throws -> EngineVersion {
        guard let engine = EngineVersion(rawValue: text) else {
            let known = EngineVersion.allCases.map(\.rawValue).joined(separator: ", ")
            throw CLIError("The engine '\(text)' is not one this build knows; choose one of: \(known).")
        }
        return engine
    }

    /// The engine names for help texts, e.g. `fonsters-v1|fonsters-v2`.
    static var choices: String { EngineVersion.allCases.map(\.rawValue).joined(separator: "|") }
}
