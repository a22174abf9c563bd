/// One plain-English sentence describing a creature, for screen readers and `<title>`s.
public enum AltText {
    /// The sentence for a creature, e.g. "A pixel-art alien creature with a hexagon-shaped head,
    /// circle eyes and 6 tentacles, in navy and pink on a transparent background."
    public static func sentence(for creature: Creature) -> String {
        let c = creature.configuration
        let colours = listed(uniqueNames(c.palette))
        let background = c.opaqueBackground ? "on a solid background" : "on a transparent background"
        switch c.mode {
        case .cloud: return "A pixel-art cloud of overlapping puffs in \(colours), \(background)."
        case .flower: return "A pixel-art flower with round petals in \(colours), \(background)."
        case .repeating: return "A pixel-art repeating tile pattern in \(colours), \(background)."
        case .space: return "A pixel-art space scene in \(colours), \(background)."
        case .creature: break
        }
        if c.tier <= 2 { return "A simple round pixel-art blob in \(colours), \(background)." }
        var kind = c.creatureType == .animal ? "creature" : c.creatureType == .alien ? "alien creature" : "strange creature"
        if c.upsideDown { kind = "upside-down " + kind }
        var traits: [String] = []
        if case .shape(let shape) = c.shapeMask, c.tier >= 4 { traits.append("a \(shape.rawValue)-shaped body") }
        if c.tier >= 4 {  // faces and features are drawn from tier 4 on
            if c.eyes { traits.append("\(c.eyeShape.rawValue) eyes") }
            if c.eyebrows { traits.append("eyebrows") }
            if c.nose { traits.append("a nose") }
            if c.mouth { traits.append(c.mouthStyle == .open ? "an open mouth" : "a mouth") }
            if c.beard { traits.append("a beard") }
            if c.hair { traits.append("hair") }
            if c.ears { traits.append("ears") }
            if c.horn { traits.append("a horn") }
            if c.antlers { traits.append("antlers") }
            if c.body { traits.append("a body") }
        }
        if c.appendages {
            let style = c.appendageStyle == .tentacle ? "tentacles" : c.appendageStyle == .arm ? "arms" : "legs"
            traits.append("\(c.appendageCount) \(style)")
        }
        let with = traits.isEmpty ? "" : " with " + listed(traits)
        return "A pixel-art \(kind)\(with), in \(colours), \(background)."
    }

    /// "a", "a and b", "a, b and c".
    static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// Names of every colour a v1 palette can hold, worked out once.
    private static let paletteNames: [String: String] = {
        var names: [String: String] = [:]
        for hex in V1Constants.palettes.joined() { names[hex] = colourName(RGBA(hex: hex)!) }
        return names
    }()

    static func uniqueNames<S: Sequence>(_ hexes: S) -> [String] where S.Element == String {
        var names: [String] = []
        for hex in hexes {
            let name = paletteNames[hex] ?? colourName(RGBA(hex: hex) ?? .clear)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// A rough everyday name for a colour from its hue, lightness and saturation.
    static func colourName(_ c: RGBA) -> String {
        let r = Double(c.r) / 255, g = Double(c.g) / 255, b = Double(c.b) / 255
        let maxV = max(r, g, b), minV = min(r, g, b)
        let light = (maxV + minV) / 2
        let delta = maxV - minV
        if delta < 0.08 {
            return light < 0.15 ? "black" : light > 0.85 ? "white" : light < 0.45 ? "dark grey" : "grey"
        }
        var hue: Double
        if maxV == r { hue = 60 * ((g - b) / delta).truncatingRemainder(dividingBy: 6) }
        else if maxV == g { hue = 60 * ((b - r) / delta + 2) }
        else { hue = 60 * ((r - g) / delta + 4) }
        if hue < 0 { hue += 360 }
        let base: String
        switch hue {
        case ..<15, 345...: base = "red"
        case ..<40: base = "orange"
        case ..<65: base = "yellow"
        case ..<160: base = "green"
        case ..<195: base = "teal"
        case ..<255: base = "blue"
        case ..<290: base = "purple"
        default: base = "pink"
        }
        if light < 0.2 { return base == "blue" ? "navy" : "dark " + base }
        if light > 0.8 { return "pale " + base }
        return base
    }
}
