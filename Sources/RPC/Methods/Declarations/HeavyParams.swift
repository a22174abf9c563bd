import CreatureCore

/// What the methods' heaviest params (`RPCMethod.heaviest`) refer to: a Fonster of the test
/// library, seeds as long as allowed, a share link as full as allowed. The heavy-neighbour tests
/// and `fonsters-bench neighbours` first send `setup`, then two of a method's heaviest at once.
public enum HeavyParams {
    /// The id of the Fonster `setup` creates, with `seed` as its seed.
    public static let fonster = "00000000-0000-4000-8000-0000000000F0"
    /// A seed of the most UTF-16 units a seed may hold (`TextLimit.maxLength`, 16 to a repeat).
    public static let longSeed = String(repeating: "a heavy seed 🐉 ", count: TextLimit.maxLength / 16)
    /// The seed of the Fonster `setup` creates: 120 characters, so 120 frames.
    public static let seed = String(repeating: "a heavier seed ", count: 8)
    /// A share link of the most seeds a link may hold, each of 40 characters.
    public static let link = ShareLink.build(seeds: (0..<ShareLink.maxSeeds).map { "heavy neighbour number \($0) of the link" })
    /// How many Fonsters `setup` puts in the library.
    public static let libraryCount = 200

    /// The requests that make the library the heaviest params refer to: the Fonster `fonster`
    /// (with random text loaded, so it can be refreshed) and `libraryCount` others.
    public static var setup: [(method: String, params: JSONValue)] {
        [
            ("share/import", ["url": .string(ShareLink.build(seeds: (1..<libraryCount).map { "library neighbour \($0)" }))]),
            ("fonsters/create", ["id": .string(fonster), "name": "Heavy", "seed": .string(seed)]),
            ("fonsters/random", ["id": .string(fonster), "source": "words", "mode": "prepend"]),
        ]
    }
}
