/// Small English helpers for generated descriptions: articles, counted nouns and lists.
enum English {
    /// "a" or "an" for the word that follows, by its sound: "an octagon", "a horn", "a unicorn".
    static func article(for word: String) -> String {
        let w = word.lowercased()
        for prefix in ["uni", "use", "usu", "one", "eu"] where w.hasPrefix(prefix) { return "a" }
        for prefix in ["hour", "honest", "honour"] where w.hasPrefix(prefix) { return "an" }
        return w.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// The phrase with its indefinite article: "an orange background".
    static func withArticle(_ phrase: String) -> String { article(for: phrase) + " " + phrase }

    /// A regular noun with its count: "1 leg", "8 legs".
    static func counted(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    /// "a", "a and b", "a, b and c".
    static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
