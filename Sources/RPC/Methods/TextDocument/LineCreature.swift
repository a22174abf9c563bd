import CreatureCore
import FonsterDocument

/// How a hover shows the creature (the `hoverPicture` setting): `auto` is a PNG for a client
/// reading Markdown that can show it, else its silhouette in block characters.
enum HoverPicture: String, CaseIterable, Sendable {
    /// As the client allows: an image for Markdown readers that show images, blocks otherwise.
    case auto
    /// The image (Markdown with a PNG) whenever the client reads Markdown.
    case image
    /// The silhouette in block characters, never an image.
    case blocks
    /// No picture: text only.
    case none

    /// What to show a client: `image` needs Markdown and a client that shows images (else blocks).
    func resolved(markdown: Bool, showsImages: Bool) -> HoverPicture {
        switch self {
        case .auto, .image: markdown && (showsImages || self == .image) ? .image : .blocks
        case .blocks, .none: self
        }
    }

    /// Whether the client named `name` (`initialize`'s `clientInfo.name`) shows a hover's images:
    /// not terminal editors (Neovim, Vim, Emacs, Helix, Kakoune), which print a data URI as text.
    static func showsImages(clientName name: String?) -> Bool {
        guard let name = name?.lowercased() else { return true }
        return !["vim", "emacs", "eglot", "helix", "kak"].contains { name.contains($0) }
    }
}

/// The creature of one seed line as a person is told it: a short kind ("alien creature in
/// crimson"), its alt text, its colours, its traits, and a hover.
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

    /// The colours of the alt text ("crimson, navy and white"), or nil when it names none.
    var colours: String? {
        guard let inRange = alt.range(of: ", in ") ?? alt.range(of: " in ", options: .backwards) else { return nil }
        var colours = alt[inRange.upperBound...]
        for stop in [", on ", " on ", ", filling", "."] { if let r = colours.range(of: stop) { colours = colours[..<r.lowerBound] } }
        return colours.isEmpty ? nil : String(colours)
    }

    /// The hover: text first (the seed, what the creature is, its colours, the Fonster of the
    /// library drawing it, its alt text and traits), then its picture as `picture` says: a PNG on
    /// its sky (Markdown only), its silhouette in block characters, or nothing. Plain text gets no
    /// Markdown escapes.
    func hover(library: LibraryMatch?, markdown: Bool, picture: HoverPicture, request: RequestContext) throws(ResponseError) -> MarkupContent {
        let seed = Self.visible(creature.seed)
        let inLibrary = library.map { "In your library as “\($0.name)”" + ($0.count > 1 ? " (and \($0.count - 1) more)." : ".") }
        let traitList = traits.map { "\($0.trait) \($0.value)" }.joined(separator: " · ")
        let blocks = picture == .blocks ? Likeness.silhouette(Picture(creature)).blockLines : []
        guard markdown else {
            var text = "“\(seed)” — \(kind), \(creature.engine.rawValue)\n"
            if let colours { text += "Colours: \(colours).\n" }
            if let inLibrary { text += inLibrary + "\n" }
            text += alt + "\n" + "Traits: " + traitList
            if !blocks.isEmpty { text += "\n\n" + blocks.joined(separator: "\n") }
            return MarkupContent(markdown: false, value: text)
        }
        var text = "**\(Self.escaped(seed))** — \(kind), \(creature.engine.rawValue)\n\n"
        if let colours { text += "Colours: \(Self.escaped(colours)).\n\n" }
        if let inLibrary { text += Self.escaped(inLibrary) + "\n\n" }
        text += "_\(Self.escaped(alt))_\n\n"
        text += traits.map { "`\($0.trait)` \($0.value)" }.joined(separator: " · ")
        if !blocks.isEmpty { text += "\n\n```text\n" + blocks.joined(separator: "\n") + "\n```" }
        if picture == .image {
            let image = try CreatureMethods.render(creature, format: .png, size: (try? ImageSize(pixels: 128)) ?? .standard, background: .sky, request: request)
            text += "\n\n![\(Self.escaped(alt))](\(image.dataURI))"
        }
        return MarkupContent(markdown: true, value: text)
    }

    /// `seed` with what does not show made visible: controls as their Control Pictures (`␉`),
    /// other invisible characters (zero-width, bidirectional controls, odd spaces) as `\u{…}`,
    /// spaces at either end as `␠`; cut to `limit` characters with `…` when longer.
    static func visible(_ seed: String, limit: Int = 80) -> String {
        var out = "", n = 0
        let scalars = Array(seed.unicodeScalars)
        let firstInner = scalars.firstIndex { $0 != " " } ?? scalars.count
        let lastInner = scalars.lastIndex { $0 != " " } ?? -1
        for (i, s) in scalars.enumerated() {
            if n >= limit { out += "…"; break }
            n += 1
            switch s.value {
            case 0x20 where i < firstInner || i > lastInner: out += "␠"
            case 0x00..<0x20: out.unicodeScalars.append(Unicode.Scalar(0x2400 + s.value)!)
            case 0x7F: out += "␡"
            default:
                let category = s.properties.generalCategory
                if category == .format || category == .control || category == .lineSeparator || category == .paragraphSeparator
                    || category == .spaceSeparator && s.value != 0x20 {
                    out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out
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
