import Foundation

/// The seeds a search tries for a base text, in a fixed order, by index: families interleaved
/// one by one (`alice 2`, `Alice`, `alice 🦊`, `alice apple`, `alice2`, `ALICE`, …) so that the
/// first results look varied, each family carrying on alone once the others run out.
/// The base itself is never a variant, and every variant fits the seed limit (`TextLimit.maxLength`).
public struct SeedVariants: Sendable {
    /// The ways of varying a base.
    public enum Family: String, CaseIterable, Sendable {
        /// A number after it: `alice 2`, `alice2`, `alice_2`, `alice-2`, `alice.2`, then 3…
        case numbers
        /// Case and separators: `Alice`, `ALICE`, `alice_`, `alice-`, `alice.`, `alice_smith`…
        case spelling
        /// One emoji after it: `alice 🦊`, `alice🦊`.
        case emoji
        /// One word of the word list after it: `alice apple`.
        case words
    }

    /// The emoji appended by the `emoji` family, in order.
    public static let emoji = ["🦊", "🐙", "🌵", "🍄", "🐝", "🦉", "🐢", "🌈", "⭐", "🔥", "🌙", "🍀",
                               "🐸", "🦄", "🐧", "🍉", "🎈", "🌊", "🐱", "🐶", "🦋", "🌻", "🍩", "🚀",
                               "👾", "🤖", "👻", "💎", "🎸", "⚡", "❄️", "🐉"]
    /// Separators between a number and the base, in order.
    static let numberSeparators = [" ", "", "_", "-", "."]
    /// The largest suffix number tried.
    static let maxNumber = 99_999_999

    /// The text varied.
    public let base: String
    /// The families in use, in interleaving order.
    public let families: [Family]
    private let spellings: [String]
    /// Candidates per family (in `families` order).
    private let sizes: [Int]
    /// Stretches of the order in which the same families take turns: the first index, the first
    /// round, and the families (indices into `families`) still going.
    private let segments: [(start: Int, round: Int, alive: [Int])]

    /// The variants of `base` by the given families (all of them by default; duplicates dropped,
    /// order kept). A base too long to take any suffix has only the variants that fit.
    public init(base: String, families: [Family] = Family.allCases) {
        var seen = Set<Family>()
        self.families = families.filter { seen.insert($0).inserted }
        self.base = base
        let room = TextLimit.maxLength - base.utf16.count
        let spellings = self.families.contains(.spelling) ? SeedVariants.spellings(of: base, room: room) : []
        let sizes = self.families.map { family in
            switch family {
            case .numbers: room >= 9 ? SeedVariants.numberSeparators.count * (SeedVariants.maxNumber - 1) : 0
            case .spelling: spellings.count
            case .emoji: room >= 3 ? 2 * SeedVariants.emoji.count : 0
            case .words: room >= 9 ? WordList.all.count : 0
            }
        }
        var segments: [(start: Int, round: Int, alive: [Int])] = [], start = 0, round = 0
        while true {
            let alive = sizes.indices.filter { sizes[$0] > round }
            guard let next = alive.map({ sizes[$0] }).min() else { break }
            segments.append((start, round, alive))
            start += (next - round) * alive.count
            round = next
        }
        self.segments = segments
        self.sizes = sizes
        self.spellings = spellings
    }

    /// How many variants there are.
    public var count: Int {
        sizes.reduce(0, +)
    }

    /// The variant at `index` (0 ≤ index < count) and its family.
    public func variant(at index: Int) -> (seed: String, family: Family) {
        // Round r takes item r of every family that still has one, in family order.
        var s = segments.count - 1
        while segments[s].start > index { s -= 1 }
        let segment = segments[s], offset = index - segment.start
        let f = segment.alive[offset % segment.alive.count]
        return (item(families[f], segment.round + offset / segment.alive.count), families[f])
    }

    /// The seed at `index`.
    public func seed(at index: Int) -> String { variant(at: index).seed }

    private func item(_ family: Family, _ k: Int) -> String {
        switch family {
        case .numbers:
            let separators = SeedVariants.numberSeparators
            return base + separators[k % separators.count] + String(2 + k / separators.count)
        case .spelling: return spellings[k]
        case .emoji: return base + (k % 2 == 0 ? " " : "") + SeedVariants.emoji[k / 2]
        case .words: return base + " " + WordList.all[k]
        }
    }

    /// Case forms (as typed, Capitalised, Title Case, UPPER, lower) × word joins (as typed, `_`,
    /// `-`, `.`, none; only for a base with spaces) × endings (none, `_`, `-`, `.`, `!`, `~`),
    /// without repeats or the base itself.
    static func spellings(of base: String, room: Int) -> [String] {
        guard !base.isEmpty else { return [] }
        let cases = [base, base.prefix(1).uppercased() + base.dropFirst(), base.capitalized, base.uppercased(), base.lowercased()]
        let words = base.split(separator: " ", omittingEmptySubsequences: false)
        let joins = words.count > 1 ? [" ", "_", "-", ".", ""] : [" "]
        let endings = ["", "_", "-", ".", "!", "~"]
        var seen: Set<String> = [base], result: [String] = []
        for ending in endings {
            for join in joins {
                for form in cases {
                    let joined = join == " " ? form : form.split(separator: " ", omittingEmptySubsequences: false).joined(separator: join)
                    let seed = joined + ending
                    if seed.utf16.count <= TextLimit.maxLength, seen.insert(seed).inserted { result.append(seed) }
                }
            }
        }
        return result
    }
}
