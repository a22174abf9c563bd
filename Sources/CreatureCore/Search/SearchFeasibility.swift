/// Which wants no creature of an engine can meet (docs/engine.md §4, §5, §11), found before searching.
///
/// A creature's tier and mode decide which traits it can have: features are drawn only in
/// creature mode (tier 4–5; appendages 3–5), tiers 1–3 have two palette colours, tier 1 a
/// circle mask, tiers 2–3 none, only tiers 4–5 have other masks, aliens, diagonals, upside-down
/// parts or a painted background, tiers 1–2 are always symmetric, v2 has no tiers 1–2 and shows
/// at least three of eyes, mouth, appendages, body and eyebrows on every tier 4–5 creature.
/// Wants are possible together when one (tier, mode) allows them all.
extension SearchWant {
    /// The prominent features v2 turns on until three are (docs/engine.md §11).
    static let prominent: Set<Trait> = [.eyes, .mouth, .appendages, .body, .eyebrows]

    /// The most colours a picture shows at `tier` in `mode` (docs/engine.md §5: creature cells past the
    /// palette become the fill, patterns use fill, two accents and the background).
    static func maxColours(tier: Int, mode: Configuration.Mode) -> Int {
        switch mode {
        case .creature: [1, 1, 2, 3, 6][tier - 1]
        case .cloud: tier <= 3 ? 1 : 3
        default: tier <= 3 ? 2 : tier == 4 ? 3 : 4
        }
    }

    /// Whether some creature at `tier` in `mode` can have this trait.
    func allows(tier: Int, mode: Configuration.Mode) -> Bool {
        let creature = mode == .creature
        switch (trait, value) {
        case (.mode, .text(let s)): return mode.rawValue == s
        case (.tier, .int(let n)): return tier == n
        case (.creatureType, .text(let s)): return s == "animal" || tier >= 4
        case (.symmetric, .bool(let b)): return b || tier >= 3
        case (.diagonal, .bool(let b)), (.upsideDown, .bool(let b)), (.opaqueBackground, .bool(let b)): return !b || tier >= 4
        case (.shapeMask, .text(let s)):
            return s == "rect" ? tier >= 2 : s == "circle" ? tier == 1 || tier >= 4 : tier >= 4
        case (.eyes, .bool(let b)), (.mouth, .bool(let b)), (.nose, .bool(let b)), (.body, .bool(let b)),
             (.hair, .bool(let b)), (.eyebrows, .bool(let b)), (.beard, .bool(let b)), (.ears, .bool(let b)),
             (.horn, .bool(let b)), (.antlers, .bool(let b)):
            return !b || (creature && tier >= 4)
        case (.eyeShape, _), (.mouthStyle, _): return creature && tier >= 4
        case (.appendages, .bool(let b)), (.appendageRadial, .bool(let b)): return !b || (creature && tier >= 3)
        case (.appendageCount, _), (.appendageStyle, _): return creature && tier >= 3
        case (.colorCount, .int(let n)): return tier <= 3 ? n == 2 : tier == 4 ? n == 3 : n >= 4
        case (.colors, .int(let n)): return n <= SearchWant.maxColours(tier: tier, mode: mode)
        default: return true
        }
    }

    /// The rule behind `allows`, in a few words (nil when the want alone limits nothing).
    func rule(_ engine: EngineVersion) -> String? {
        let me = "'\(text)'"
        switch (trait, value) {
        case (.mode, .text(let s)): return "\(me) means \(s) mode"
        case (.tier, .int(let n)): return engine == .v2 && n < 3 ? "\(engine.rawValue) draws tiers 3–5 only" : "\(me) means tier \(n)"
        case (.creatureType, .text(let s)) where s != "animal": return "\(me) needs tier 4–5"
        case (.symmetric, .bool(false)): return "\(me) needs tier 3–5"
        case (.diagonal, .bool(true)), (.upsideDown, .bool(true)), (.opaqueBackground, .bool(true)): return "\(me) needs tier 4–5"
        case (.shapeMask, .text(let s)):
            return s == "rect" ? "\(me) needs tier 2–5" : s == "circle" ? "\(me) needs tier 1 or 4–5" : "\(me) needs tier 4–5"
        case (.eyes, .bool(true)), (.mouth, .bool(true)), (.nose, .bool(true)), (.body, .bool(true)), (.hair, .bool(true)),
             (.eyebrows, .bool(true)), (.beard, .bool(true)), (.ears, .bool(true)), (.horn, .bool(true)), (.antlers, .bool(true)),
             (.eyeShape, _), (.mouthStyle, _):
            return "\(me) is drawn only in creature mode at tier 4–5"
        case (.appendages, .bool(true)), (.appendageRadial, .bool(true)), (.appendageCount, _), (.appendageStyle, _):
            return "\(me) is drawn only in creature mode at tier 3–5"
        case (.colorCount, _): return "tiers 1–3 use 2 palette colours, tier 4 uses 3 and tier 5 uses 4–6"
        case (.colors, _):
            return "pictures show at most 1 colour at tiers 1–2 (2 at tier 3) in creature mode, 3 at tier 4 and 6 at tier 5; "
                + "cloud mode shows 1 at tiers 1–3 and 3 above, the other modes 2 at tiers 1–3, 3 at tier 4 and 4 at tier 5"
        default: return nil
        }
    }
}

extension SearchWants {
    /// The tiers `engine` draws.
    static func tiers(_ engine: EngineVersion) -> ClosedRange<Int> { engine == .v2 ? 3...5 : 1...5 }

    /// Whether one (tier, mode) of `engine` allows all of `wants`.
    static func possible(_ wants: [SearchWant], engine: EngineVersion) -> Bool {
        let prominentOff = wants.filter { SearchWant.prominent.contains($0.trait) && $0.value == .bool(false) }.count
        for tier in tiers(engine) {
            for mode in [Configuration.Mode.creature, .cloud, .flower, .repeating, .space] {
                if engine == .v2 && mode == .creature && tier >= 4 && prominentOff > 2 { continue }
                if wants.allSatisfy({ $0.allows(tier: tier, mode: mode) }) { return true }
            }
        }
        return false
    }

    /// Why no creature of `engine` can meet these wants, naming the fewest wants that conflict;
    /// nil when some creature can.
    public func impossibility(engine: EngineVersion) -> SearchError? {
        for w in wants {
            if case .colour(let colour, let distance) = w.value {
                let drawable = Picture.drawableColours(engine).sorted { SearchWant.distance($0, colour) < SearchWant.distance($1, colour) }
                if SearchWant.distance(drawable[0], colour) > distance {
                    let nearest = drawable.prefix(3).map { "#\($0.hex) (\(Int(SearchWant.distance($0, colour).rounded())))" }
                    return SearchError(kind: .impossible, traits: [w.trait.rawValue], message:
                        "'\(w.text)' is impossible for \(engine.rawValue): no colour it draws is within \(Int(distance)) of #\(colour.hex); the nearest are "
                            + "\(nearest.joined(separator: ", ")). Pick one of those, or allow a distance such as "
                                + "\(w.trait.rawValue)=#\(colour.hex)~\(Int(SearchWant.distance(drawable[0], colour).rounded(.up))).")
                }
            }
        }
        guard !SearchWants.possible(wants, engine: engine) else { return nil }
        // The smallest set of wants that is impossible on its own: one, two, three, or all.
        var culprit = wants
        search: for size in 1...min(3, wants.count) {
            for subset in SearchWants.subsets(of: wants.count, size: size) {
                let chosen = subset.map { wants[$0] }
                if !SearchWants.possible(chosen, engine: engine) { culprit = chosen; break search }
            }
        }
        var rules = culprit.compactMap { $0.rule(engine) }
        if engine == .v2 && culprit.filter({ SearchWant.prominent.contains($0.trait) && $0.value == .bool(false) }).count > 2 {
            rules.append("fonsters-v2 shows at least three of eyes, mouth, appendages, body and eyebrows on every creature-mode creature of tier 4–5")
        }
        let names = culprit.map { "'\($0.text)'" }
        let what = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " with " + names.last!
        return SearchError(kind: .impossible, traits: culprit.map(\.trait.rawValue),
                           message: "\(what) is impossible for \(engine.rawValue): \(rules.joined(separator: "; ")).")
    }

    /// The index sets of `size` out of `n`, in lexicographic order.
    static func subsets(of n: Int, size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard size <= n else { return [] }
        return subsets(of: n - 1, size: size) + subsets(of: n - 1, size: size - 1).map { $0 + [n - 1] }
    }
}
