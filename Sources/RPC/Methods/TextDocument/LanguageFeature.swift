/// An LSP request or notification that brings a server capability, declared beside its handler:
/// `initialize` announces the capabilities of those `MethodTable` registers (`LanguageCapabilities`).
protocol LanguageFeature {
    /// The capability it brings.
    static var capability: LanguageCapability { get }
}

/// One of LSP's server capabilities as `initialize` announces it: its key and its constant value.
/// Several features may bring members of one object (didOpen, didChange and didClose each bring
/// part of `textDocumentSync`): `merged` joins them.
struct LanguageCapability: Sendable {
    /// The key in `initialize`'s `capabilities`.
    let key: StaticString
    /// Its value, the same for every client.
    let value: JSONValue

    /// The capability `key` with `value`.
    init(_ key: StaticString, _ value: JSONValue) {
        (self.key, self.value) = (key, value)
    }

    /// The key as text.
    var name: String { key.description }

    /// `parts` with the parts of one key joined where the first is: the members of objects
    /// merged (the first value of a member kept), any other value kept as first given.
    static func merged(_ parts: [LanguageCapability]) -> [LanguageCapability] {
        var merged: [LanguageCapability] = []
        for part in parts {
            guard let i = merged.firstIndex(where: { $0.name == part.name }) else { merged.append(part); continue }
            guard var object = merged[i].value.object, let more = part.value.object else { continue }
            for (key, value) in more where object[key] == nil { object[key] = value }
            merged[i] = LanguageCapability(merged[i].key, .object(object))
        }
        return merged
    }
}
