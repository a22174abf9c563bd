import Limits

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

extension DocumentLimits {
    /// Every limit of a document and its analysis, the document's own as `limits` has them.
    public static func all(_ limits: DocumentLimits = DocumentLimits()) -> [Limit] {
        [
            Limit("DocumentLimits.maxBytes", .bytes(limits.maxBytes), "of text (UTF-8) in one open document", group: "documents",
                  passed: "the open or change is refused (logged and shown)"),
            Limit("DocumentLimits.maxLines", .count(limits.maxLines, unit: "lines"), "in one open document (a final line break starts no line)",
                  group: "documents", passed: "the open or change is refused (logged and shown)"),
            Limit("DocumentAnalysis.maxRelated", .count(DocumentAnalysis.maxRelated, unit: "lines"), "named as related by one finding",
                  group: "documents"),
            Limit("PictureCache.maxCompared", .count(PictureCache.maxCompared, unit: "pictures"),
                  "of one silhouette or block compared with a newcomer, and listed as alike by one picture", group: "documents"),
        ]
    }
}
