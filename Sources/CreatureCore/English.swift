import Limits

/// Small English helpers for generated text: articles, counted nouns, lists and grouped numbers.
public enum English {
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
    /// A whole number with thousands separated by commas, as people read limits: `10,000`.
    public static func grouped(_ n: Int) -> String { Limit.grouped(n) }

    static func counted(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    /// "a", "a and b", "a, b and c".
    static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
