/// Lorem-ipsum sentences for the `lorem` random source.
enum Lorem {
    /// The classic filler vocabulary.
    static let words: [String] = """
        lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut \
        labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris \
        nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse \
        cillum eu fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui \
        officia deserunt mollit anim id est laborum
        """.split(separator: " ").map(String.init)

    /// One sentence of 6 to 12 words, capitalised, sometimes with a comma, ending in a full stop.
    static func sentence<G: RandomNumberGenerator>(using rng: inout G) -> String {
        let count = Int.random(in: 6...12, using: &rng)
        let comma = Bool.random(using: &rng) ? Int.random(in: 2..<(count - 2), using: &rng) : -1
        var parts: [String] = []
        for index in 0..<count {
            var word = words.randomElement(using: &rng)!
            if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
            if index == comma { word += "," }
            parts.append(word)
        }
        return parts.joined(separator: " ") + "."
    }
}
