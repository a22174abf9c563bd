import Foundation
@testable import CreatureCore

/// Judges wants from a creature's golden-format record alone (docs/engine.md §5 and the rules of
/// `SearchWant`), independently of the configuration and `Picture` the search uses.
enum RecordJudge {
    /// Each cell's colour (`rrggbb`) or nil when transparent, from the record's grid and colours.
    static func cells(_ r: CreatureRecord) -> [String?] {
        r.grid.flatMap { row in row.map { ch -> String? in ch == "." ? nil : r.colors[Int(String(ch))!] } }
    }

    /// The colours the picture shows, most cells first, ties to the one met first.
    static func colours(_ r: CreatureRecord) -> [String] {
        var counts: [String: Int] = [:], order: [String] = []
        for c in cells(r).compactMap({ $0 }) {
            if counts[c] == nil { order.append(c) }
            counts[c, default: 0] += 1
        }
        return order.enumerated().sorted { counts[$0.element]! != counts[$1.element]! ? counts[$0.element]! > counts[$1.element]! : $0.offset < $1.offset }.map(\.element)
    }

    /// Whether the record has the want's value.
    static func has(_ w: SearchWant, _ r: CreatureRecord) -> Bool {
        func shown(_ flag: Bool, minTier: Int = 4) -> Bool { flag && r.mode == "creature" && r.tier >= minTier }
        switch (w.trait, w.value) {
        case (.mode, .text(let s)): return r.mode == s
        case (.tier, .int(let n)): return r.tier == n
        case (.creatureType, .text(let s)): return r.creatureType == s
        case (.symmetric, .bool(let b)): return r.symmetric == b
        case (.symmetryAxis, .text(let s)): return r.symmetryAxis == s
        case (.diagonal, .bool(let b)): return r.diagonal == b
        case (.upsideDown, .bool(let b)): return r.upsideDown == b
        case (.opaqueBackground, .bool(let b)): return r.opaqueBackground == b
        case (.shapeMask, .text(let s)): return r.shapeMask == s
        case (.eyes, .bool(let b)): return shown(r.eyes) == b
        case (.eyeShape, .text(let s)): return shown(r.eyes) && r.eyeShape == s
        case (.mouth, .bool(let b)): return shown(r.mouth) == b
        case (.mouthStyle, .text(let s)): return shown(r.mouth) && r.mouthStyle == s
        case (.nose, .bool(let b)): return shown(r.nose) == b
        case (.body, .bool(let b)): return shown(r.body) == b
        case (.hair, .bool(let b)): return shown(r.hair) == b
        case (.eyebrows, .bool(let b)): return shown(r.eyebrows) == b
        case (.beard, .bool(let b)): return shown(r.beard) == b
        case (.ears, .bool(let b)): return shown(r.ears) == b
        case (.horn, .bool(let b)): return shown(r.horn) == b
        case (.antlers, .bool(let b)): return shown(r.antlers) == b
        case (.appendages, .bool(let b)): return shown(r.appendages, minTier: 3) == b
        case (.appendageCount, .int(let n)): return shown(r.appendages, minTier: 3) && r.appendageCount == n
        case (.appendageStyle, .text(let s)): return shown(r.appendages, minTier: 3) && r.appendageStyle == s
        case (.appendageRadial, .bool(let b)): return (shown(r.appendages, minTier: 3) && r.appendageRadial) == b
        case (.colorCount, .int(let n)): return r.palette.count == n
        case (.colors, .int(let n)): return colours(r).count == n
        case (.color, .colour(let wanted, let distance)):
            guard let dominant = colours(r).first.flatMap({ RGBA(hex: $0) }) else { return false }
            return SearchWant.distance(dominant, wanted) <= distance
        case (.tap, .text(let s)): return r.tapAnimation[0] == s
        default: return false
        }
    }

    /// Every want as the record has it (colour exact), for checking that no creature is called impossible.
    static func allWants(_ r: CreatureRecord, drawing: Bool) throws -> SearchWants {
        var pairs: [(String, String)] = [
            ("mode", r.mode), ("tier", String(r.tier)), ("creatureType", r.creatureType), ("symmetric", String(r.symmetric)),
            ("symmetryAxis", r.symmetryAxis), ("diagonal", String(r.diagonal)), ("upsideDown", String(r.upsideDown)),
            ("opaqueBackground", String(r.opaqueBackground)), ("shapeMask", r.shapeMask), ("colorCount", String(r.palette.count)),
            ("tap", r.tapAnimation[0]),
        ]
        func shown(_ flag: Bool, minTier: Int = 4) -> Bool { flag && r.mode == "creature" && r.tier >= minTier }
        for (name, flag) in [("eyes", r.eyes), ("mouth", r.mouth), ("nose", r.nose), ("body", r.body), ("hair", r.hair),
                             ("eyebrows", r.eyebrows), ("beard", r.beard), ("ears", r.ears), ("horn", r.horn), ("antlers", r.antlers)] {
            pairs.append((name, String(shown(flag))))
        }
        if shown(r.eyes) { pairs.append(("eyeShape", r.eyeShape)) }
        if shown(r.mouth) { pairs.append(("mouthStyle", r.mouthStyle)) }
        pairs.append(("appendages", String(shown(r.appendages, minTier: 3))))
        if shown(r.appendages, minTier: 3) {
            pairs += [("appendageCount", String(r.appendageCount)), ("appendageStyle", r.appendageStyle),
                      ("appendageRadial", String(r.appendageRadial))]
        }
        if drawing {
            let colours = colours(r)
            if !colours.isEmpty { pairs += [("colors", String(colours.count)), ("color", "#" + colours[0] + "~0")] }
        }
        return try SearchWants(pairs: pairs)
    }
}
