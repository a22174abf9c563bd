import CreatureCore

/// The language server's settings for one client, from its `fonsters` section
/// (`workspace/configuration`, `workspace/didChangeConfiguration`'s `settings.fonsters`, or
/// `initialize`'s `initializationOptions`). A value that is missing or not understood keeps
/// the one before, and is named in `problems`.
struct LanguageSettings: Sendable, Equatable {
    /// The engine of seeds above a document's first `# engine:` line; nil: the server's (`--engine`).
    var defaultEngine: EngineVersion?
    /// The most problems published for one document; one summary diagnostic tells of the rest.
    var maxProblems = LanguageSettings.defaultMaxProblems
    /// How a hover shows the picture.
    var hoverPicture = HoverPicture.auto

    /// The default cap on problems a document (ESLint's server and the LSP sample use 100 too).
    static let defaultMaxProblems = 100
    /// The largest cap a client may set.
    static let maxMaxProblems = 10_000

    /// The defaults.
    init() {}

    /// `self` with the values of `section` (the client's `fonsters` object) that are understood,
    /// and a sentence for each one that is not.
    func merging(_ section: JSONValue?) -> (settings: LanguageSettings, problems: [String]) {
        guard let object = section?.object else {
            return (self, section == nil || section == .null ? [] : ["The fonsters settings must be an object."])
        }
        var settings = self, problems: [String] = []
        if let value = object["defaultEngine"] {
            if value == .null || value.string == "" {
                settings.defaultEngine = nil
            } else if let name = value.string, let engine = EngineVersion(rawValue: name) {
                settings.defaultEngine = engine
            } else {
                let known = EngineVersion.allCases.map(\.rawValue).joined(separator: ", ")
                problems.append("fonsters.defaultEngine must be one of \(known) (or empty for the server's); it stays \(settings.defaultEngine?.rawValue ?? "the server's").")
            }
        }
        if let value = object["maxProblems"] {
            if let n = value.int, n >= 1, n <= Self.maxMaxProblems {
                settings.maxProblems = n
            } else {
                problems.append("fonsters.maxProblems must be a whole number from 1 to \(Self.maxMaxProblems); it stays \(settings.maxProblems).")
            }
        }
        if let value = object["hoverPicture"] {
            if let name = value.string, let picture = HoverPicture(rawValue: name) {
                settings.hoverPicture = picture
            } else {
                problems.append("fonsters.hoverPicture must be auto, image, blocks or none; it stays \(settings.hoverPicture.rawValue).")
            }
        }
        return (settings, problems)
    }
}
