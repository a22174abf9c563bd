/// The bounds of one document, checked before an open or an edit takes effect: a document that
/// would pass them is refused whole and the one before stays.
public struct DocumentLimits: Sendable, Equatable {
    /// The most bytes of text (UTF-8): 4 MiB.
    public var maxBytes = 4 << 20
    /// The most lines: 20,000.
    public var maxLines = 20_000

    /// The default bounds.
    public init() {}
}
