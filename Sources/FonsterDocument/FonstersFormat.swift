import CreatureCore

/// The `.fonsters` format: one seed per line. An empty line is skipped; a line starting with `#`
/// is a comment, `# engine: NAME` a directive choosing the engine of the lines below it (until
/// the next one); a line starting with backslashes and then `#` is a seed without its first
/// backslash (`\#1` is the seed `#1`); every other line is one seed, exactly as written.
public enum FonstersFormat {
    /// The file extension, without its dot.
    public static let fileExtension = "fonsters"

    /// What one line is.
    public enum Line: Equatable, Sendable {
        /// An empty line.
        case blank
        /// A comment.
        case comment
        /// `# engine: NAME`: the engine named, or nil when no engine has that name (or none is named).
        case directive(EngineVersion?, name: String)
        /// A seed; `escaped` when the line starts with the backslash taken off.
        case seed(String, escaped: Bool)
    }

    /// What `line` (without its break) is.
    public static func classify(_ line: String) -> Line {
        guard let first = line.utf8.first else { return .blank }
        if first == UInt8(ascii: "#") {
            if let name = directiveName(line) { return .directive(EngineVersion(rawValue: name), name: name) }
            return .comment
        }
        if first == UInt8(ascii: "\\"), let hash = line.utf8.firstIndex(where: { $0 != UInt8(ascii: "\\") }),
           line.utf8[hash] == UInt8(ascii: "#") {
            return .seed(String(line.dropFirst()), escaped: true)
        }
        return .seed(line, escaped: false)
    }

    /// The engine name of a `# engine: NAME` line (spaces and tabs around each part allowed,
    /// `engine` in any case; empty for `# engine:` naming nothing), or nil for another comment.
    static func directiveName(_ line: String) -> String? {
        var rest = line.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
        guard rest.prefix(7).lowercased() == "engine:" else { return nil }
        rest = rest.dropFirst(7)
        return String(rest.trimmingBlanks())
    }

    /// Line `n` of `text` as the format reads it: a byte-order mark starting the document is not
    /// part of its first line (as `fonsters-rpc import`, reading the file as UTF-8, drops it).
    public static func content(ofLine n: Int, in text: DocumentText) -> String {
        let line = text.lines[n]
        guard n == 0, line.unicodeScalars.first == "\u{FEFF}" else { return line }
        return String(line.unicodeScalars.dropFirst())
    }

    /// The directive line choosing `engine`.
    public static func directive(_ engine: EngineVersion) -> String { "# engine: \(engine.rawValue)" }

    /// The line that reads back as `seed`, or nil when no line can (an empty seed, or one holding
    /// a line break).
    public static func line(for seed: String) -> String? {
        guard !seed.isEmpty, !seed.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return nil }
        if seed.utf8.first == UInt8(ascii: "#") || seed.utf8.first == UInt8(ascii: "\\") {
            if case .seed(let read, _) = classify("\\" + seed), read == seed { return "\\" + seed }
        }
        return seed
    }

    /// A seed of a document, with where it is and the engine that draws it.
    public struct Entry: Equatable, Sendable {
        /// Its line, from 0.
        public let line: Int
        /// The seed.
        public let seed: String
        /// The engine that draws it.
        public let engine: EngineVersion
    }

    /// The seeds of `text`, with `defaultEngine` for those above the first directive; and the
    /// lines of directives naming no engine (whose lines below keep the engine before them).
    public static func entries(of text: DocumentText, defaultEngine: EngineVersion) -> (entries: [Entry], unknownEngines: [Int]) {
        var engine = defaultEngine, entries: [Entry] = [], unknown: [Int] = []
        for n in text.lines.indices {
            switch classify(content(ofLine: n, in: text)) {
            case .blank, .comment: break
            case .directive(let named, _):
                if let named { engine = named } else { unknown.append(n) }
            case .seed(let seed, _): entries.append(Entry(line: n, seed: seed, engine: engine))
            }
        }
        return (entries, unknown)
    }

    /// A document of `seeds` in order, with a directive before the first seed and wherever the
    /// engine changes; seeds no line can hold (`line(for:)`) are left out and counted.
    public static func document(_ seeds: [(seed: String, engine: EngineVersion)]) -> (text: String, skipped: Int) {
        var text = "", engine: EngineVersion? = nil, skipped = 0
        for (seed, seedEngine) in seeds {
            guard let line = line(for: seed) else { skipped += 1; continue }
            if seedEngine != engine {
                text += directive(seedEngine) + "\n"
                engine = seedEngine
            }
            text += line + "\n"
        }
        return (text, skipped)
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    func trimmingBlanks() -> Substring {
        var text = self
        while let c = text.first, c == " " || c == "\t" { text = text.dropFirst() }
        while let c = text.last, c == " " || c == "\t" { text = text.dropLast() }
        return text
    }
}
