/// Why a document refused an edit or a position: a sentence for a person, and what was at fault.
/// The document is unchanged.
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable {
        /// A position past the end of the document, or a negative one.
        case positionOutOfRange
        /// A range that ends before it starts.
        case invertedRange
        /// The text would pass `DocumentLimits`.
        case tooLarge
    }
    /// What went wrong.
    public let kind: Kind
    /// A sentence saying what and why.
    public let message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
