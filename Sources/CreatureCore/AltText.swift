/// One plain-English sentence describing a creature as drawn, for `alt` attributes, screen
/// readers and SVG `<title>`s: the features whose cells survive, the colours in the grid by area
/// and the background its corners show.
public enum AltText {
    /// The sentence for a creature, e.g. "A pixel-art alien creature with an octagon-shaped head,
    /// 2 eyes, a mouth and 6 tentacles, in crimson, navy and white, on a transparent background."
    public static func sentence(for creature: Creature) -> String {
        sentence(for: creature, parts: DrawnParts(creature))
    }

    /// Draws the creature for `seed` and describes it, from one drawing: where the sentence names
    /// features, the drawing records the paint log that `sentence(for:)` would draw again for.
    /// The same creature and sentence as `Creature(seed:engine:)` and `sentence(for:)`.
    /// `on` is what the image stands on: the see-through cells show it, so the sentence names it
    /// (its sky, or a colour) instead of a transparent background.
    public static func creatureAndSentence(seed: String, engine: EngineVersion,
                                           on background: Background = .transparent) -> (creature: Creature, alt: String) {
        var log: PaintLog? = nil
        let creature = Creature(seed: seed, engine: engine, log: &log, recordingLog: true)
        return (creature, sentence(for: creature, parts: DrawnParts(creature, log: log), on: background))
    }

    /// What see-through cells show when the image stands on `background`: "a transparent
    /// background", "its sky" or "a navy background".
    static func ground(_ background: Background) -> String {
        switch background {
        case .transparent: "a transparent background"
        case .sky: "its sky"
        case .color(let colour): English.withArticle(ColourNames.name(colour) + " background")
        }
    }

    /// A colour is named when it covers at least 1/50 of the picture's cells (the largest always).
    static let smallestShare = 50

    static func sentence(for creature: Creature, parts: DrawnParts, on background: Background = .transparent) -> String {
        let (subject, traits) = subjectAndTraits(creature, parts)
        let total = parts.colours.reduce(0) { $0 + $1.cells }
        var names: [String] = []
        names.reserveCapacity(parts.colours.count)
        for (offset, colour) in parts.colours.enumerated() where offset == 0 || colour.cells * smallestShare >= total {
            names.append(colour.name)
        }
        var text = "A "
        text.reserveCapacity(160)
        text += subject
        if !traits.isEmpty { text += " with "; appendListed(traits, to: &text); text += "," }
        if !names.isEmpty { text += " in "; appendListed(names, to: &text); text += "," }
        switch parts.background {
        case .transparent: text += background == .sky ? " against its sky" : " on " + ground(background)
        case .colour(let name): text += " on " + English.withArticle(name + " background")
        case .backdrop(let name, let shape):
            text += " on " + English.withArticle(name + " " + shapeNoun(shape)) + " against " + ground(background)
        case .covered: text += " filling the whole picture"
        }
        return text + "."
    }

    private static func subjectAndTraits(_ creature: Creature, _ parts: DrawnParts) -> (String, [String]) {
        let c = creature.configuration
        switch c.mode {
        case .cloud: return ("pixel-art cloud of overlapping puffs", [])
        case .flower: return ("pixel-art flower with round petals", [])
        case .repeating:
            return (parts.colours.count == 1 ? "plain pixel-art square" : "pixel-art repeating tile pattern", [])
        case .space:
            let kind = ["moon", "starry sky", "nebula", "galaxy"][creature.hash.pick("space_kind", 4)]
            return ("pixel-art " + kind, [])
        case .creature: break
        }
        if c.tier <= 2 { return ("simple round pixel-art blob", []) }
        var kind = c.creatureType == .animal ? "creature" : c.creatureType == .alien ? "alien creature" : "strange creature"
        var traits = [headPhrase(c.shapeMask)]
        var flipped = false
        for (feature, pieces) in parts.features {
            switch feature {
            case .eyes: traits.append(English.counted(pieces, "eye"))
            case .eyebrows: traits.append(English.counted(pieces, "eyebrow"))
            case .nose: traits.append("a nose")
            case .mouth: traits.append("a mouth")
            case .beard: traits.append("a beard")
            case .hair: traits.append("hair")
            case .ears: traits.append(English.counted(pieces, "ear"))
            case .horn: traits.append("a horn"); flipped = true
            case .antlers: traits.append("antlers"); flipped = true
            case .body: traits.append("a body")
            case .appendages:
                let noun = c.appendageStyle == .tentacle ? "tentacle" : c.appendageStyle == .arm ? "arm" : "leg"
                traits.append(English.counted(pieces, noun)); flipped = true
            }
        }
        // Upside-down only moves horn, antlers and appendages: say it only when one of them shows.
        if c.upsideDown && flipped { kind = "upside-down " + kind }
        return ("pixel-art " + kind, traits)
    }

    /// The head as the shape mask draws it (§5.5: a circle for the rect mask).
    static func headPhrase(_ mask: Configuration.Mask) -> String {
        switch mask {
        case .rect, .shape(.circle): return "a round head"
        case .shape(.ellipse): return "an oval head"
        case .shape(let shape): return English.withArticle(shape.rawValue + "-shaped head")
        }
    }

    /// Appends "a", "a and b", "a, b and c" (as `English.listed`) without building the list first.
    static func appendListed(_ items: [String], to text: inout String) {
        for (i, item) in items.enumerated() {
            if i > 0 { text += i == items.count - 1 ? " and " : ", " }
            text += item
        }
    }

    /// A shape as a noun: "circle", "oval", "octagon".
    static func shapeNoun(_ shape: CoreShape) -> String { shape == .ellipse ? "oval" : shape.rawValue }
}
