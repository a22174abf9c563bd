import CreatureCore
import FonsterDocument

/// The creature of one seed line as a person is told it: a short kind ("alien creature in
/// crimson"), its alt text, its traits, and the Markdown of a hover.
struct LineCreature: Sendable {
    /// The creature.
    let creature: Creature
    /// Its alt text.
    let alt: String

    /// The creature `seed` draws with `engine`.
    init(seed: String, engine: EngineVersion) {
        (creature, alt) = AltText.creatureAndSentence(seed: seed, engine: engine)
    }

    /// What it is and its main colour, from the alt text: "alien creature in crimson".
    var kind: String { Self.kind(ofAlt: alt) }

    /// The kind of an alt text "A pixel-art alien creature with …, in crimson, navy and white, on …".
    static func kind(ofAlt alt: String) -> String {
        var subject = Substring(alt.hasPrefix("A ") ? String(alt.dropFirst(2)) : alt)
        for stop in [" with ", ", in ", " in ", ", on ", " on ", " filling", "."] {
            if let r = subject.range(of: stop) { subject = subject[..<r.lowerBound] }
        }
        let what = subject.replacingOccurrences(of: "pixel-art ", with: "")
        guard let inRange = alt.range(of: " in ", options: .backwards) else { return what }
        var colour = alt[inRange.upperBound...]
        for stop in [",", " and ", "."] { if let r = colour.range(of: stop) { colour = colour[..<r.lowerBound] } }
        return colour.isEmpty ? what : "\(what) in \(colour)"
    }

    /// Each trait a search can ask for (`SearchWant.Trait`), with this creature's value.
    var traits: [(trait: String, value: String)] {
        let picture = Picture(creature)
        return SearchWant.Trait.allCases.map { trait in (trait.rawValue, SearchWant(trait, .bool(true)).actual(creature, picture: picture)) }
    }

    /// The hover's Markdown: the picture on its sky (a PNG data URI), the seed, engine and kind,
    /// the Fonster of the library drawing it if any, the alt text and the traits.
    func hoverMarkdown(library: LibraryMatch?, request: RequestContext) throws(ResponseError) -> String {
        let image = try CreatureJSON.render(creature, format: .png, size: (try? ImageSize(pixels: 128)) ?? .standard, background: .sky, request: request)
        var text = "![\(Self.escaped(alt))](\(image.dataURI))\n\n"
        text += "**\(Self.escaped(DocumentAnalysis.quoted(creature.seed)))** — \(kind), \(creature.engine.rawValue)\n\n"
        if let library {
            text += "In your library as “\(Self.escaped(library.name))”"
            text += library.count > 1 ? " (and \(library.count - 1) more).\n\n" : ".\n\n"
        }
        text += "_\(Self.escaped(alt))_\n\n"
        text += traits.map { "`\($0.trait)` \($0.value)" }.joined(separator: " · ")
        return text
    }

    /// The hover for a client that reads no Markdown: the seed, engine and kind, the library's
    /// Fonster if any, and the alt text.
    func hoverText(library: LibraryMatch?) -> String {
        var text = "“\(DocumentAnalysis.quoted(creature.seed))” — \(kind), \(creature.engine.rawValue)\n"
        if let library { text += "In your library as “\(library.name)”.\n" }
        return text + alt
    }

    /// `text` with Markdown's special characters escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\`*_{}[]()#+-.!|<>".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}

extension FonstersFormat {
    /// The engine in force at `line` of `text`: the last directive naming one above it, else
    /// `defaultEngine`.
    static func engine(atLine line: Int, of text: DocumentText, defaultEngine: EngineVersion) -> EngineVersion {
        var engine = defaultEngine
        for n in 0..<min(line, text.lineCount) where text.lines[n].utf8.first == UInt8(ascii: "#") {
            if case .directive(let named?, _) = classify(text.lines[n]) { engine = named }
        }
        return engine
    }

    /// The seed on `line` of `text` and its engine, or nil when the line is not a seed.
    static func seed(atLine line: Int, of text: DocumentText, defaultEngine: EngineVersion) -> (seed: String, engine: EngineVersion)? {
        guard line >= 0, line < text.lineCount, case .seed(let seed, _) = classify(text.lines[line]) else { return nil }
        return (seed, engine(atLine: line, of: text, defaultEngine: defaultEngine))
    }
}
