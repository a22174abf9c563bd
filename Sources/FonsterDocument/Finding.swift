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
        findings(library: library, cap: .max).shown
    }

    /// The findings (`findings(library:)`), at most `cap` of them told: the most serious first,
    /// then in line order, when there are more; and how many there are in all. What is not told
    /// is only counted (its sentence is not written), so a document of 100,000 look-alikes costs
    /// its round no more sentences than the cap.
    public func findings(library: ((UInt64) -> LibraryMatch?)? = nil, cap: Int) -> (shown: [Finding], count: Int) {
        var found: [Found] = []
        for line in unknownEngines { found.append(Found(line: line, seed: -1, code: .unknownEngine)) }
        // One look at the cache for the whole pass.
        let (fingerprints, alike) = cache.snapshot()
        for (n, seed) in seeds.enumerated() {
            guard let id = seed.picture else {
                found.append(Found(line: seed.line, seed: n, code: .seedTooLong))
                continue
            }
            if groups[id] != nil {
                found.append(Found(line: seed.line, seed: n, code: .samePicture))
            } else if alike[id].contains(where: { draws($0.id) }) {
                found.append(Found(line: seed.line, seed: n, code: .nearlySamePicture))
            }
            if let library, library(fingerprints[id]) != nil { found.append(Found(line: seed.line, seed: n, code: .inLibrary)) }
            guard InvisibleCharacters.mayHave(seed.seed) else { continue }
            for run in InvisibleCharacters.runs(in: seed.seed).indices {
                found.append(Found(line: seed.line, seed: n, code: .invisibleCharacters, run: run))
            }
        }
        let count = found.count
        if count > cap { found = Self.mostSerious(found, cap) }
        return (found.map { tell($0, library: library, fingerprints: fingerprints, alike: alike) }, count)
    }

    /// A finding found, its sentence not yet written: its line, its seed (an index into `seeds`;
    /// -1 for a directive), its code, and for invisible characters which run of them.
    struct Found {
        let line: Int, seed: Int, code: Finding.Code
        var run = 0
    }

    /// The first `cap` of `found` (made in line order, directives first), the most serious first
    /// and then in line order: in one pass, as only the errors (directives and seeds) need merging.
    static func mostSerious(_ found: [Found], _ cap: Int) -> [Found] {
        var bySeverity = [[Found]](repeating: [], count: 5)
        for item in found { bySeverity[item.code.severity.rawValue].append(item) }
        var errors = bySeverity[Finding.Severity.error.rawValue]
        if !errors.isEmpty { errors = errors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element) }
        var kept = Array(errors.prefix(cap))
        for severity in bySeverity.indices.dropFirst(2) where kept.count < cap { kept += bySeverity[severity].prefix(cap - kept.count) }
        return kept
    }

    /// The finding `found` with its sentence, from the same pass's look at the cache.
    func tell(_ found: Found, library: ((UInt64) -> LibraryMatch?)?, fingerprints: [UInt64], alike: [[(id: Int, cells: Int)]]) -> Finding {
        if found.code == .unknownEngine {
            let name: String
            if case .directive(_, let named) = FonstersFormat.classify(FonstersFormat.content(ofLine: found.line, in: text)) { name = named } else { name = "" }
            let known = EngineVersion.allCases.map(\.rawValue).joined(separator: " and ")
            let what = name.isEmpty ? "“# engine:” names no engine" : "Unknown engine “\(name)”"
            return Finding(line: found.line, range: nil, kind: .unknownEngine(name),
                           message: "\(what): this file knows \(known); the lines below keep \(engine(atLine: found.line).rawValue).")
        }
        let n = found.seed, seed = seeds[n]
        switch found.code {
        case .seedTooLong:
            let length = seed.seed.utf16.count
            return Finding(line: seed.line, range: nil, kind: .tooLong(length), message: TextLimit.TooLong(field: "seed", length: length).message)
        case .samePicture:
            // The group is in line order: the first other line is the group's first (or, for
            // that line itself, the second). Only a few others are named, so a group of
            // thousands costs each of its lines no more than one.
            let group = lines(ofPicture: seed.picture!)
            let first = group[0] == n ? group[1] : group[0], others = group.count - 1
            let other = seeds[first]
            var message = "Looks exactly like line \(other.line + 1), “\(Self.quoted(other.seed))”, in \(other.engine.rawValue)"
            if others > 1 { message += " (and \(others - 1) more \(others == 2 ? "line" : "lines"))" }
            var related = [first]
            for m in group where related.count < Self.maxRelated && m != n && m != first { related.append(m) }
            return Finding(line: seed.line, range: nil, kind: .sameAs(related.map { seeds[$0].line }), message: message + ".")
        case .nearlySamePicture:
            let id = seed.picture!, near = nearlyAs(id, alike: alike[id]), nearest = near[0]
            let other = seeds[nearest.index]
            var message = "Looks nearly like line \(other.line + 1), “\(Self.quoted(other.seed))”, in \(other.engine.rawValue): "
            message += Self.outlineDifference(nearest.cells)
            if near.count > 1 { message += " (and \(near.count - 1) more \(near.count == 2 ? "line" : "lines") nearly alike)" }
            return Finding(line: seed.line, range: nil, kind: .nearlyAs(near.prefix(Self.maxRelated).map { seeds[$0.index].line }, cells: nearest.cells),
                           message: message + ".")
        case .inLibrary:
            let match = library!(fingerprints[seed.picture!])!
            var message = "Draws the picture of “\(Self.quoted(match.name))” in your library"
            if match.count > 1 { message += " (and \(match.count - 1) more \(match.count == 2 ? "Fonster" : "Fonsters"))" }
            return Finding(line: seed.line, range: nil, kind: .inLibrary(id: match.id, name: match.name, count: match.count), message: message + ".")
        default:
            // Invisible characters: the seed's part of the line (after an escaping backslash).
            let run = InvisibleCharacters.runs(in: seed.seed)[found.run]
            let lineText = text.lines[seed.line], scalars = lineText.unicodeScalars
            let seedStart = scalars.index(scalars.startIndex, offsetBy: scalars.count - seed.seed.unicodeScalars.count)
            // The run's indices are the seed's; on the line they come after the backslash.
            let from = seed.seed.unicodeScalars.distance(from: seed.seed.unicodeScalars.startIndex, to: run.range.lowerBound)
            let count = seed.seed.unicodeScalars.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let start = scalars.index(seedStart, offsetBy: from), end = scalars.index(start, offsetBy: count)
            return Finding(line: seed.line, range: start..<end, kind: .invisible(run.kind, run.codePoints), message: Self.invisibleMessage(run))
        }
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
