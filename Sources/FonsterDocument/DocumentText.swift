/// The text of a document as lines, each without its line break, with the break kept apart so
/// the text reads back byte for byte. Lines end at `\n`, `\r\n` or `\r` (LSP's line breaks); the
/// last line has no break (after a final break it is an empty line). Edits replace a range in
/// place, touching only the lines they span; positions count UTF-16 units, UTF-8 bytes or scalars.
public struct DocumentText: Sendable, Equatable {
    /// How a line ends.
    public enum Ending: UInt8, Sendable {
        /// The last line: no break.
        case none
        /// `\n`.
        case lf
        /// `\r\n`.
        case crlf
        /// `\r`.
        case cr

        /// The break's text.
        public var text: String {
            switch self {
            case .none: ""
            case .lf: "\n"
            case .crlf: "\r\n"
            case .cr: "\r"
            }
        }
        /// Its length in bytes (and in UTF-16 units).
        public var count: Int { self == .none ? 0 : self == .crlf ? 2 : 1 }
    }

    /// The lines, without their breaks (at least one).
    public private(set) var lines: [String]
    /// How each line ends (`.none` for the last).
    public private(set) var endings: [Ending]
    /// The text's length in UTF-8 bytes.
    public private(set) var byteCount: Int

    /// `text` split into lines.
    public init(_ text: String) {
        (lines, endings) = Self.split(text)
        byteCount = text.utf8.count
    }

    /// The whole text, breaks included.
    public var text: String {
        var text = ""
        text.reserveCapacity(byteCount)
        for (line, ending) in zip(lines, endings) {
            text += line
            text += ending.text
        }
        return text
    }

    /// How many lines there are (an empty text has one).
    public var lineCount: Int { lines.count }

    /// How many lines a person counts: a final line break does not start one more (the empty
    /// line after it is the editor's, not the text's).
    public var countedLines: Int { Self.countedLines(lines.count, lastIsEmpty: lines[lines.count - 1].isEmpty) }

    /// The lines counted of a text split into `count` lines, the last of them empty or not.
    static func countedLines(_ count: Int, lastIsEmpty: Bool) -> Int { count > 1 && lastIsEmpty ? count - 1 : count }

    /// How many line breaks `text` holds (`\n`, `\r\n` and `\r` each one), read from its bytes.
    public static func breakCount(_ text: String) -> Int {
        var count = 0, afterCR = false
        for byte in text.utf8 {
            if byte == 13 { count += 1 } else if byte == 10 && !afterCR { count += 1 }
            afterCR = byte == 13
        }
        return count
    }

    /// The error for a text of `bytes` bytes, over `limits`.
    public static func tooManyBytes(_ bytes: Int, _ limits: DocumentLimits) -> DocumentError {
        DocumentError(.tooLarge, "A document can hold at most \(grouped(limits.maxBytes)) bytes; this one would hold \(grouped(bytes)).")
    }

    /// The lines and breaks of `text`.
    static func split(_ text: String) -> (lines: [String], endings: [Ending]) {
        var lines: [String] = [], endings: [Ending] = []
        let utf8 = text.utf8
        var start = utf8.startIndex, i = start
        while i != utf8.endIndex {
            let byte = utf8[i]
            if byte == 10 || byte == 13 {
                lines.append(String(text[start..<i]))
                var next = utf8.index(after: i)
                if byte == 13, next != utf8.endIndex, utf8[next] == 10 {
                    endings.append(.crlf)
                    next = utf8.index(after: next)
                } else {
                    endings.append(byte == 10 ? .lf : .cr)
                }
                i = next
                start = next
            } else {
                i = utf8.index(after: i)
            }
        }
        lines.append(String(text[start...]))
        endings.append(.none)
        return (lines, endings)
    }

    // MARK: - Positions

    /// How long line `line` is, in `encoding`'s units.
    public func length(ofLine line: Int, _ encoding: PositionEncoding) -> Int { encoding.length(lines[line]) }

    /// Where `character` units into `line` falls: on a Unicode scalar, rounded down when it falls
    /// inside one (the middle of a surrogate pair or of a UTF-8 sequence), at the line's end
    /// when past it (as LSP says).
    public static func index(in line: String, character: Int, _ encoding: PositionEncoding) -> String.Index {
        var remaining = character
        let scalars = line.unicodeScalars
        var i = scalars.startIndex
        while i != scalars.endIndex {
            let width = encoding.width(scalars[i])
            if remaining < width { break }
            remaining -= width
            i = scalars.index(after: i)
        }
        return i
    }

    /// The units of `line` before `index`, in `encoding`.
    public static func character(in line: String, at index: String.Index, _ encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf16: line.utf16.distance(from: line.startIndex, to: index)
        case .utf8: line.utf8.distance(from: line.startIndex, to: index)
        case .utf32: line.unicodeScalars.distance(from: line.startIndex, to: index)
        }
    }

    /// `position`'s line and its place in that line, checked: a line past the end or a negative
    /// number is an error; a character past the line's end means its end. The place one line past
    /// the last line at character 0 is the end of the document (some clients send it).
    public func locate(_ position: TextPosition, _ encoding: PositionEncoding) throws(DocumentError) -> (line: Int, index: String.Index) {
        guard position.line >= 0, position.character >= 0 else {
            throw DocumentError(.positionOutOfRange, "The position \(position) has a negative line or character.")
        }
        if position.line == lines.count {
            let last = lines.count - 1
            return (last, lines[last].endIndex)
        }
        guard position.line < lines.count else {
            throw DocumentError(.positionOutOfRange, "Line \(position.line) is past the end of the document, whose last line is \(lines.count - 1).")
        }
        return (position.line, Self.index(in: lines[position.line], character: position.character, encoding))
    }

    /// The position of `index` in `line`, in `encoding`.
    public func position(line: Int, index: String.Index, _ encoding: PositionEncoding) -> TextPosition {
        TextPosition(line: line, character: Self.character(in: lines[line], at: index, encoding))
    }

    /// `position` re-counted from `from` units into `to` units (the same place).
    public func convert(_ position: TextPosition, from: PositionEncoding, to: PositionEncoding) throws(DocumentError) -> TextPosition {
        let (line, index) = try locate(position, from)
        return self.position(line: line, index: index, to)
    }

    // MARK: - Edits

    /// What an edit did: the lines `removed` (in the old numbering) became the lines `inserted`
    /// (in the new), so every line after them moved by `inserted.count - removed.count`.
    public struct Change: Sendable, Equatable {
        /// The old lines replaced.
        public let removed: Range<Int>
        /// The new lines in their place.
        public let inserted: Range<Int>
    }

    /// Replaces the text in `range` (positions in `encoding`) with `text`, or the whole text when
    /// `range` is nil. Checks the range and `limits` first: an error changes nothing.
    @discardableResult
    public mutating func replace(_ range: TextRange?, with text: String, _ encoding: PositionEncoding,
                                 limits: DocumentLimits = DocumentLimits()) throws(DocumentError) -> Change {
        guard let range else {
            // The bytes are checked before the text is split (a refused text costs no lines).
            try Self.check(bytes: text.utf8.count, lines: 0, limits)
            let (newLines, newEndings) = Self.split(text)
            try Self.check(bytes: text.utf8.count, lines: Self.countedLines(newLines.count, lastIsEmpty: newLines[newLines.count - 1].isEmpty), limits)
            let old = lines.count
            (lines, endings, byteCount) = (newLines, newEndings, text.utf8.count)
            return Change(removed: 0..<old, inserted: 0..<newLines.count)
        }
        let (startLine, startIndex) = try locate(range.start, encoding)
        let (endLine, endIndex) = try locate(range.end, encoding)
        guard startLine < endLine || (startLine == endLine && startIndex <= endIndex) else {
            throw DocumentError(.invertedRange, "The range \(range) ends before it starts.")
        }
        // A `\r` ending the line before joins a `\n` the edit puts first: take that line in too.
        var first = startLine
        var chunk = ""
        if first > 0 && endings[first - 1] == .cr {
            first -= 1
            chunk += lines[first]
            chunk += "\r"
        }
        // Sliced by scalars: a position may fall inside a character (before a combining mark),
        // where slicing the string itself would round it down to the character's start.
        chunk.unicodeScalars.append(contentsOf: lines[startLine].unicodeScalars[..<startIndex])
        chunk += text
        chunk.unicodeScalars.append(contentsOf: lines[endLine].unicodeScalars[endIndex...])
        chunk += endings[endLine].text
        var removedBytes = 0
        for n in first...endLine { removedBytes += lines[n].utf8.count + endings[n].count }
        let bytes = byteCount - removedBytes + chunk.utf8.count
        try Self.check(bytes: bytes, lines: 0, limits)
        var (newLines, newEndings) = Self.split(chunk)
        if endings[endLine] != .none {
            // The chunk ends with the old break: the empty piece after it is the next line's start.
            newLines.removeLast()
            newEndings.removeLast()
        }
        let count = lines.count - (endLine - first + 1) + newLines.count
        let lastIsEmpty = endLine == lines.count - 1 ? (newLines.last ?? "").isEmpty : lines[lines.count - 1].isEmpty
        try Self.check(bytes: bytes, lines: Self.countedLines(count, lastIsEmpty: lastIsEmpty), limits)
        lines.replaceSubrange(first...endLine, with: newLines)
        endings.replaceSubrange(first...endLine, with: newEndings)
        byteCount = bytes
        return Change(removed: first..<(endLine + 1), inserted: first..<(first + newLines.count))
    }

    /// Refuses a text of `bytes` bytes in `lines` lines when it passes `limits`.
    static func check(bytes: Int, lines: Int, _ limits: DocumentLimits) throws(DocumentError) {
        if bytes > limits.maxBytes { throw tooManyBytes(bytes, limits) }
        if lines > limits.maxLines {
            throw DocumentError(.tooLarge, "A document can hold at most \(grouped(limits.maxLines)) lines; this one would hold \(grouped(lines)).")
        }
    }
}

/// `n` with thousands separated by commas.
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}
