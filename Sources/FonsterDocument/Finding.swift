import CreatureCore

/// Something a person should hear about one line of a document: what, how serious, where, and
/// the other lines it concerns. The transport turns it into a diagnostic.
public struct Finding: Sendable, Equatable {
    /// How serious (LSP's `DiagnosticSeverity` numbers).
    public enum Severity: Int, Sendable {
        case error = 1, warning = 2, information = 3, hint = 4
    }

    /// What was found.
    public enum Kind: Sendable, Equatable {
        /// The line draws the same picture as these other lines (line numbers).
        case sameAs([Int])
        /// The line draws a picture nearly like that of these lines (line numbers), `cells` apart.
        case nearlyAs([Int], cells: Int)
        /// The line draws the picture of a Fonster of the library.
        case inLibrary(id: String, name: String, count: Int)
        /// The seed is over `TextLimit.maxLength`.
        case tooLong(Int)
        /// Characters that change the creature without showing.
        case invisible(InvisibleCharacters.Kind, [String])
        /// A directive naming no engine.
        case unknownEngine(String)
    }

    /// The line, from 0.
    public let line: Int
    /// Where on the line: a range of scalar-aligned indices into the line's text, or nil for
    /// the whole line.
    public let range: Range<String.Index>?
    /// How serious.
    public let severity: Severity
    /// What was found.
    public let kind: Kind
    /// A sentence for a person.
    public let message: String

    /// A finding of `kind` on `line` (at `range` of it; nil: the whole line).
    public init(line: Int, range: Range<String.Index>?, severity: Severity, kind: Kind, message: String) {
        self.line = line
        self.range = range
        self.severity = severity
        self.kind = kind
        self.message = message
    }

    /// A finding of `kind` on `line` (at `range` of it; nil: the whole line), as serious as its code is.
    public init(line: Int, range: Range<String.Index>?, kind: Kind, message: String) {
        self.init(line: line, range: range, severity: kind.code.severity, kind: kind, message: message)
    }

    /// A short stable name for the kind (LSP's diagnostic `code`, `Code`).
    public var code: String { kind.code.rawValue }

    /// The lines it concerns besides its own.
    public var related: [Int] {
        switch kind {
        case .sameAs(let lines), .nearlyAs(let lines, _): lines
        default: []
        }
    }
}

/// A Fonster of the library that draws a given picture: its id and display name, and how many
/// Fonsters draw that picture in all.
public struct LibraryMatch: Sendable, Equatable {
    /// The first such Fonster's id.
    public let id: String
    /// Its display name.
    public let name: String
    /// How many Fonsters draw the picture.
    public let count: Int

    /// A match of `count` Fonsters, the first `id` named `name`.
    public init(id: String, name: String, count: Int) {
        self.id = id
        self.name = name
        self.count = count
    }
}

extension DocumentAnalysis {
    /// The most other lines a finding names as related.
    public static let maxRelated = 3

    /// Everything to tell about the document, line by line: look-alikes among its lines and in
    /// the library (`library` says which Fonster draws the picture of a fingerprint, `Picture.fingerprint`), seeds over the length limit,
    /// invisible characters and unknown engines. Quiet when all is well: a line with an exact
    /// look-alike is not also told its near ones.
    public func findings(library: ((UInt64) -> LibraryMatch?)? = nil) -> [Finding] {
        var findings: [Finding] = []
        for line in unknownEngines {
            guard case .directive(_, let name) = FonstersFormat.classify(FonstersFormat.content(ofLine: line, in: text)) else { continue }
            let known = EngineVersion.allCases.map(\.rawValue).joined(separator: " and ")
            let what = name.isEmpty ? "“# engine:” names no engine" : "Unknown engine “\(name)”"
            findings.append(Finding(line: line, range: nil, kind: .unknownEngine(name),
                                    message: "\(what): this file knows \(known); the lines below keep \(engine(atLine: line).rawValue)."))
        }
        // One look at the cache for the whole pass.
        let (fingerprints, alike) = cache.snapshot()
        for (n, seed) in seeds.enumerated() {
            guard let id = seed.picture else {
                let length = seed.seed.utf16.count
                findings.append(Finding(line: seed.line, range: nil, kind: .tooLong(length),
                                        message: TextLimit.TooLong(field: "seed", length: length).message))
                continue
            }
            let group = lines(ofPicture: id)
            if group.count > 1 {
                // The group is in line order: the first other line is the group's first (or, for
                // that line itself, the second). Only a few others are named, so a group of
                // thousands costs each of its lines no more than one.
                let first = group[0] == n ? group[1] : group[0], others = group.count - 1
                let other = seeds[first]
                var message = "Looks exactly like line \(other.line + 1), “\(Self.quoted(other.seed))”, in \(other.engine.rawValue)"
                if others > 1 { message += " (and \(others - 1) more \(others == 2 ? "line" : "lines"))" }
                var related = [first]
                for m in group where related.count < Self.maxRelated && m != n && m != first { related.append(m) }
                findings.append(Finding(line: seed.line, range: nil,
                                        kind: .sameAs(related.map { seeds[$0].line }), message: message + "."))
            } else if !alike[id].isEmpty, case let near = nearlyAs(id, alike: alike[id]), let nearest = near.first {
                let other = seeds[nearest.index]
                var message = "Looks nearly like line \(other.line + 1), “\(Self.quoted(other.seed))”, in \(other.engine.rawValue): "
                message += Self.outlineDifference(nearest.cells)
                if near.count > 1 { message += " (and \(near.count - 1) more \(near.count == 2 ? "line" : "lines") nearly alike)" }
                findings.append(Finding(line: seed.line, range: nil,
                                        kind: .nearlyAs(near.prefix(Self.maxRelated).map { seeds[$0.index].line }, cells: nearest.cells),
                                        message: message + "."))
            }
            if let library, let match = library(fingerprints[id]) {
                var message = "Draws the picture of “\(Self.quoted(match.name))” in your library"
                if match.count > 1 { message += " (and \(match.count - 1) more \(match.count == 2 ? "Fonster" : "Fonsters"))" }
                findings.append(Finding(line: seed.line, range: nil,
                                        kind: .inLibrary(id: match.id, name: match.name, count: match.count), message: message + "."))
            }
            guard InvisibleCharacters.mayHave(seed.seed) else { continue }
            let runs = InvisibleCharacters.runs(in: seed.seed)
            guard !runs.isEmpty else { continue }
            // The seed's part of the line (after an escaping backslash).
            let lineText = text.lines[seed.line], scalars = lineText.unicodeScalars
            let seedStart = scalars.index(scalars.startIndex, offsetBy: scalars.count - seed.seed.unicodeScalars.count)
            for run in runs {
                // The run's indices are the seed's; on the line they come after the backslash.
                let from = seed.seed.unicodeScalars.distance(from: seed.seed.unicodeScalars.startIndex, to: run.range.lowerBound)
                let count = seed.seed.unicodeScalars.distance(from: run.range.lowerBound, to: run.range.upperBound)
                let start = scalars.index(seedStart, offsetBy: from), end = scalars.index(start, offsetBy: count)
                findings.append(Finding(line: seed.line, range: start..<end,
                                        kind: .invisible(run.kind, run.codePoints), message: Self.invisibleMessage(run)))
            }
        }
        return findings
    }

    /// How two alike pictures differ, from how many cells of their silhouettes do (`Likeness`).
    static func outlineDifference(_ cells: Int) -> String {
        switch cells {
        case 0: "the same shape in other colours"
        case 1: "the same shape but 1 cell"
        default: "the same shape but \(cells) cells"
        }
    }

    /// The sentence for a run of invisible characters.
    static func invisibleMessage(_ run: InvisibleCharacters.Run) -> String {
        let n = run.codePoints.count
        let codes = run.codePoints.prefix(4).joined(separator: ", ") + (n > 4 ? ", …" : "")
        switch run.kind {
        case .leadingSpace:
            return (n == 1 ? "A space before the seed changes" : "\(n) spaces before the seed change") + " the creature without showing."
        case .trailingSpace:
            return (n == 1 ? "A space after the seed changes" : "\(n) spaces after the seed change") + " the creature without showing."
        case .zeroWidth:
            return (n == 1 ? "An invisible zero-width character (\(codes)) changes" : "\(n) invisible zero-width characters (\(codes)) change") + " the creature without showing."
        case .bidiControl:
            return (n == 1 ? "A bidirectional control (\(codes)) changes" : "\(n) bidirectional controls (\(codes)) change") + " the creature without showing, and may reorder the text shown."
        }
    }

    /// `seed` for a message: at most 40 characters, line breaks and controls shown as `�`.
    public static func quoted(_ seed: String) -> String {
        // The common case told from the bytes: short printable ASCII stands as it is.
        if seed.utf8.count <= 40 && seed.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return seed }
        let short = seed.count > 40 ? String(seed.prefix(39)) + "…" : seed
        return String(String.UnicodeScalarView(short.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
    }
}
