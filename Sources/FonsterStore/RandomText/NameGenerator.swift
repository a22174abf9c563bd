/// Friendly names for starter Fonsters: an adjective and a made-up creature name, e.g. "Jolly Wimbo".
public enum NameGenerator {
    /// Cheerful adjectives.
    static let adjectives: [String] = [
        "Jolly", "Sleepy", "Brave", "Clever", "Gentle", "Lucky", "Mighty", "Nimble", "Proud", "Silly",
        "Swift", "Tiny", "Fuzzy", "Fluffy", "Shiny", "Sparkly", "Wobbly", "Bouncy", "Curious", "Cozy",
        "Sunny", "Frosty", "Misty", "Golden", "Cheery", "Dapper", "Plucky", "Zippy", "Merry", "Snug",
    ]
    /// Opening syllables of creature names.
    static let openings: [String] = [
        "Wim", "Bo", "Pip", "Zor", "Mu", "Fli", "Glo", "Ka", "Nub", "Ro", "Sni", "Twi", "Qua", "Dro",
        "Lu", "Ba", "Ko", "Mo", "Fen", "Tu", "Bli", "Gru", "Ze", "Pu",
    ]
    /// Closing syllables of creature names.
    static let endings: [String] = [
        "bo", "ble", "per", "gle", "zy", "mo", "ty", "lo", "na", "pi", "rk", "ster", "dle", "ki",
        "moo", "fin", "lix", "nook", "bit", "wump",
    ]

    /// A name such as "Plucky Zorbit", drawn from `rng`.
    public static func name<G: RandomNumberGenerator>(using rng: inout G) -> String {
        let adjective = adjectives.randomElement(using: &rng)!
        let creature = openings.randomElement(using: &rng)! + endings.randomElement(using: &rng)!
        return adjective + " " + creature
    }
}
