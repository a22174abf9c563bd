import Limits

// The document's limits as `Limit`s, apart from `DocumentLimits` so that the types they name
// (the analysis, the picture cache) stay out of what needs only the bounds.

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
