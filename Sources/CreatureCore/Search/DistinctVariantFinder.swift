/// Seeds that look like none of some pictures nor like each other (`Likeness`): the distinct
/// variants of "Use a distinct variant", completion and the page's "Find a distinct variant", and
/// new seeds for an empty line. A variant adds letters or digits to its base (a number or a word:
/// `grace 2`, `grace apple`, `grace2`), emoji only when the base already has some; a new seed is
/// two words of `WordList`. At most `maxCandidates` are drawn, so the time is bounded.
public enum DistinctVariantFinder {
    /// A seed found and the picture it draws.
    public typealias Found = (seed: String, picture: Picture)

    /// The most candidates drawn by default: about 60 ms of drawing in a release build.
    public static let defaultMaxCandidates = 20_000

    /// Up to `count` variants of `base` drawn by `engine`, in `SeedVariants` order, that look like
    /// nothing in `unlike`, nothing `taken` names (another index's own "looks like one of mine")
    /// nor like each other, and that `accept` takes (a document's own rules for a line). An empty base gets new seeds (`newSeeds`). `isCancelled` is asked every 32
    /// candidates; once it says so, `CancellationError` is thrown.
    public static func variants(of base: String, engine: EngineVersion, count: Int, unlike: LikenessIndex = LikenessIndex(),
                                taken: (Picture) -> Bool = { _ in false }, maxCandidates: Int = defaultMaxCandidates,
                                accept: (String) -> Bool = { _ in true }, isCancelled: () -> Bool = { false }) throws(CancellationError) -> [Found] {
        if base.isEmpty {
            return try newSeeds(engine: engine, count: count, unlike: unlike, taken: taken, salt: 0, maxCandidates: maxCandidates,
                                accept: accept, isCancelled: isCancelled)
        }
        let withEmoji = hasEmoji(base)
        let variants = SeedVariants(base: base, families: withEmoji ? [.numbers, .words, .emoji] : [.numbers, .words])
        let tries = min(variants.count, maxCandidates)
        return try collect(count: count, unlike: unlike, taken: taken, tries: tries, isCancelled: isCancelled) { k in
            let seed = variants.seed(at: k)
            return addsOnlyLettersOrDigits(seed.dropFirst(base.count), emoji: withEmoji) && accept(seed) ? seed : nil
        } draw: { Picture(Creature(seed: $0, engine: engine)) }
    }

    /// Up to `count` new seeds, two words of `WordList` each ("maple comet"), that look like
    /// nothing in `unlike` nor like each other; `salt` picks which (the same salt, the same seeds).
    public static func newSeeds(engine: EngineVersion, count: Int, unlike: LikenessIndex = LikenessIndex(),
                                taken: (Picture) -> Bool = { _ in false }, salt: UInt64,
                                maxCandidates: Int = defaultMaxCandidates, accept: (String) -> Bool = { _ in true },
                                isCancelled: () -> Bool = { false }) throws(CancellationError) -> [Found] {
        var random = SeededGenerator(seed: salt)
        let words = WordList.all
        return try collect(count: count, unlike: unlike, taken: taken, tries: maxCandidates, isCancelled: isCancelled) { _ in
            let first = words[Int(random.next() % UInt64(words.count))], second = words[Int(random.next() % UInt64(words.count))]
            let seed = first + " " + second
            return first != second && accept(seed) ? seed : nil
        } draw: { Picture(Creature(seed: $0, engine: engine)) }
    }

    /// Candidates `candidate(k)` for k = 0..<tries (nil: skipped, not drawn), drawn by `draw`,
    /// kept while unlike `unlike`, not `taken`, and unlike the ones kept before, until `count` are.
    private static func collect(count: Int, unlike: LikenessIndex, taken: (Picture) -> Bool, tries: Int, isCancelled: () -> Bool,
                                candidate: (Int) -> String?, draw: (String) -> Picture) throws(CancellationError) -> [Found] {
        var index = unlike, found: [Found] = [], seen = Set<String>()
        var k = 0
        while found.count < count && k < tries {
            if k & 31 == 0 && isCancelled() { throw CancellationError() }
            defer { k += 1 }
            guard let seed = candidate(k), seen.insert(seed).inserted else { continue }
            let picture = draw(seed)
            if index.containsLookalike(of: picture) || taken(picture) { continue }
            index.insert(picture)
            found.append((seed, picture))
        }
        return found
    }

    /// Whether `added` (what a variant puts after its base) holds only letters, digits and
    /// spaces, and emoji when `emoji`.
    static func addsOnlyLettersOrDigits(_ added: Substring, emoji: Bool) -> Bool {
        added.unicodeScalars.allSatisfy { s in
            s == " " || s.properties.isAlphabetic || s.properties.numericType != nil || emoji && (s.properties.isEmoji && s.value > 0xFF || s.value == 0xFE0F)
        }
    }

    /// Whether `text` holds an emoji (a pictograph, not a digit or `#` that could be one).
    public static func hasEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0x238C }
    }
}
