/// The bounds of one document, checked before an open or an edit takes effect: a document that
/// would pass them is refused whole and the one before stays.
public struct DocumentLimits: Sendable, Equatable {
    /// The most bytes of text (UTF-8): 16 MiB.
    public var maxBytes = 16 << 20
    /// The most lines: 100,000 (a final line break does not start one more).
    public var maxLines = 100_000

    /// The default bounds.
    public init() {}
}
