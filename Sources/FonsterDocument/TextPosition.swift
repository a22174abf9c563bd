/// How a position counts the characters of a line (LSP's `positionEncoding`): in UTF-16 code
/// units (LSP's default: an emoji counts 2), in UTF-8 bytes (an emoji counts 4) or in Unicode
/// scalars (UTF-32: an emoji counts 1).
public enum PositionEncoding: String, Sendable, CaseIterable {
    /// UTF-16 code units.
    case utf16 = "utf-16"
    /// UTF-8 bytes.
    case utf8 = "utf-8"
    /// Unicode scalars.
    case utf32 = "utf-32"

    /// How many units `scalar` takes.
    @inline(__always)
    func width(_ scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf16: scalar.utf16.count
        case .utf8: scalar.utf8.count
        case .utf32: 1
        }
    }

    /// How many units `text` takes.
    public func length<S: StringProtocol>(_ text: S) -> Int {
        switch self {
        case .utf16: text.utf16.count
        case .utf8: text.utf8.count
        case .utf32: text.unicodeScalars.count
        }
    }
}

/// A place in a document: a line (from 0) and a character offset in it, in some `PositionEncoding`.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 0.
    public var line: Int
    /// The offset in the line, in the encoding's units.
    public var character: Int

    /// The position `character` units into `line`.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// `line:character`, both from 0.
    public var description: String { "\(line):\(character)" }
}

/// A span of a document from `start` up to (not including) `end`.
public struct TextRange: Hashable, Sendable, CustomStringConvertible {
    /// Where it starts.
    public var start: TextPosition
    /// Where it ends (excluded).
    public var end: TextPosition

    /// The span from `start` to `end`.
    public init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }

    /// The span of units `from..<to` of `line`.
    public init(line: Int, from: Int, to: Int) {
        self.init(start: TextPosition(line: line, character: from), end: TextPosition(line: line, character: to))
    }

    /// `start-end`.
    public var description: String { "\(start)-\(end)" }
}
