import FonsterDocument

/// The bounds of the documents the server keeps open, besides each one's `DocumentLimits`
/// (4 MiB, 20,000 lines): how many at once, and the pictures kept for each.
enum OpenDocumentLimits {
    /// The most documents open at once: an open past it is refused (logged to the client).
    static let maxDocuments = 8
    /// The most pictures a document's cache keeps before it starts afresh: every line's and
    /// some edits' worth (about 1.3 KB each, so at most about 32 MB a document).
    static let maxPictures = DocumentLimits().maxLines + 4_096
}
