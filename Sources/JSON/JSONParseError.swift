/// Why some bytes are not a JSON text, and where (the 0-based byte offset) the parser gave up.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. "unexpected character '}'".
    public var message: String
    /// The 0-based byte offset in the input where the problem was found.
    public var offset: Int

    /// An error with `message` at byte `offset`.
    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// "<message> at byte <offset>".
    public var description: String { "\(message) at byte \(offset)" }
}
