/// Names derived from a Fonster (ENGINE.md §9): the display name and the export file name.
public enum Naming {
    /// The name if it has non-whitespace; else the trimmed seed (first 27 characters + "..."
    /// when longer than 30); else "Untitled".
    public static func displayName(name: String, seed: String) -> String {
        if !Seeds.trim(name).isEmpty { return name }
        let trimmed = Seeds.trim(seed)
        if trimmed.isEmpty { return "Untitled" }
        return trimmed.count > 30 ? String(trimmed.prefix(27)) + "..." : trimmed
    }

    /// The base of an export file name (no extension): from the trimmed name if non-empty, else
    /// the seed; runs of whitespace or `\ / : * ? " < > |` become `_`, `_` runs are squeezed and
    /// stripped at both ends, 80 characters are kept; "creature-avatar" when nothing is left.
    public static func exportBaseName(name: String, seed: String) -> String {
        let trimmedName = Seeds.trim(name)
        let source = trimmedName.isEmpty ? Seeds.trim(seed) : trimmedName
        var out = String.UnicodeScalarView()
        for scalar in source.unicodeScalars {
            let replaced: Bool
            switch scalar {
            case "\\", "/", ":", "*", "?", "\"", "<", ">", "|": replaced = true
            default: replaced = Seeds.isWhitespace(scalar)
            }
            if replaced || scalar == "_" {
                if out.last != "_" { out.append("_") }
            } else {
                out.append(scalar)
            }
        }
        var base = Substring(String(out))
        while base.first == "_" { base = base.dropFirst() }
        while base.last == "_" { base = base.dropLast() }
        let kept = String(base.prefix(80))
        return kept.isEmpty ? "creature-avatar" : kept
    }

    /// The export file name with the format's extension, e.g. `Bob.png`.
    public static func exportFileName(name: String, seed: String, fileExtension: String) -> String {
        exportBaseName(name: name, seed: seed) + "." + fileExtension
    }
}
