/// Why a search cannot run: a want that is malformed, or wants the engine can never satisfy.
public struct SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Equatable, Sendable {
        /// A trait name or value this search does not know.
        case invalid
        /// Wants no creature of the engine has; `traits` names them.
        case impossible
    }
    /// What is wrong.
    public let kind: Kind
    /// The traits at fault (one for `invalid`, the conflicting ones for `impossible`).
    public let traits: [String]
    /// A full sentence for a person.
    public let message: String
    public var description: String { message }
}

/// The wants of a search, in the order given (one per trait).
public struct SearchWants: Equatable, Sendable {
    /// The wants.
    public let wants: [SearchWant]

    /// Wants from a list; a trait given twice keeps the last.
    public init(_ wants: [SearchWant]) {
        var list: [SearchWant] = []
        for w in wants {
            list.removeAll { $0.trait == w.trait }
            list.append(w)
        }
        self.wants = list
    }

    /// Whether any want needs the drawing.
    public var needDrawing: Bool { wants.contains(where: \.needsDrawing) }

    /// Parses `antlers,beard=false,mode=creature,tier=5,colors=4,color=#ff8800~60,tap=spinOut`:
    /// comma-separated `trait` (true) or `trait=value`.
    public static func parse(_ text: String) throws(SearchError) -> SearchWants {
        var pairs: [(String, String)] = []
        for item in text.split(separator: ",").map({ $0.trimmingWhitespace() }) where !item.isEmpty {
            if let eq = item.firstIndex(of: "=") {
                pairs.append((String(item[..<eq]).trimmingWhitespace(), String(item[item.index(after: eq)...]).trimmingWhitespace()))
            } else {
                pairs.append((item, "true"))
            }
        }
        return try SearchWants(pairs: pairs)
    }

    /// Wants from `(trait, value)` pairs of text, as the command line and JSON give them.
    public init(pairs: [(String, String)]) throws(SearchError) {
        var list: [SearchWant] = []
        for (name, value) in pairs { list.append(try SearchWants.want(name, value)) }
        self.init(list)
    }

    /// Every value a text trait takes.
    public static func choices(_ trait: SearchWant.Trait) -> [String]? {
        switch trait {
        case .mode: ["creature", "cloud", "flower", "repeating", "space"]
        case .creatureType: ["animal", "alien", "other"]
        case .symmetryAxis: ["vertical", "horizontal"]
        case .shapeMask: ["rect"] + CoreShape.allCases.map(\.rawValue)
        case .eyeShape: EyeShape.allCases.map(\.rawValue)
        case .mouthStyle: ["neutral", "open", "smiling"]
        case .appendageStyle: ["tentacle", "arm", "leg"]
        case .tap: TapAnimation.allCases.map(\.rawValue)
        default: nil
        }
    }

    /// The whole numbers a number trait takes.
    public static func range(_ trait: SearchWant.Trait) -> ClosedRange<Int>? {
        switch trait {
        case .tier: 1...5
        case .appendageCount: 4...8
        case .colorCount: 2...6
        case .colors: 1...6
        default: nil
        }
    }

    static func want(_ name: String, _ value: String) throws(SearchError) -> SearchWant {
        guard let trait = SearchWant.Trait(rawValue: name) else {
            let known = SearchWant.Trait.allCases.map(\.rawValue).joined(separator: ", ")
            throw SearchError(kind: .invalid, traits: [name], message: "'\(name.prefix(40))' is not a trait a search knows; the traits are: \(known).")
        }
        func invalid(_ expected: String) -> SearchError {
            SearchError(kind: .invalid, traits: [name], message: "'\(name)' must be \(expected); \"\(value.prefix(40))\" is not.")
        }
        if let choices = choices(trait) {
            guard let match = choices.first(where: { $0.lowercased() == value.lowercased() }) else {
                throw invalid("one of " + choices.joined(separator: ", "))
            }
            return SearchWant(trait, .text(match))
        }
        if let range = range(trait) {
            guard let n = Int(value), range.contains(n), trait != .appendageCount || n % 2 == 0 else {
                throw invalid(trait == .appendageCount ? "4, 6 or 8" : "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return SearchWant(trait, .int(n))
        }
        if trait == .color {
            let parts = value.split(separator: "~", maxSplits: 1)
            guard let first = parts.first, let colour = RGBA(hex: String(first)), first.hasPrefix("#") || first.count == 6 else {
                throw invalid("a colour such as #ff8800, optionally with a distance such as #ff8800~60")
            }
            var distance = SearchWant.defaultColourDistance
            if parts.count == 2 {
                guard let d = Double(parts[1]), d >= 0, d <= 442 else { throw invalid("a colour with a distance from 0 to 442, such as #ff8800~60") }
                distance = d
            }
            return SearchWant(trait, .colour(colour, distance: distance))
        }
        switch value.lowercased() {
        case "true", "yes", "1": return SearchWant(trait, .bool(true))
        case "false", "no", "0": return SearchWant(trait, .bool(false))
        default: throw invalid("true or false")
        }
    }
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

extension String {
    func trimmingWhitespace() -> String { Substring(self).trimmingWhitespace() }
}
