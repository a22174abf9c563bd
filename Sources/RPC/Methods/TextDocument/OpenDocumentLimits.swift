import FonsterDocument

/// The bounds of the documents the server keeps open, besides each one's `DocumentLimits`
/// (16 MiB, 100,000 lines). How many are open at once is the memory budget's call: each is
/// reserved in it before it is read (`TextDocuments.open`).
enum OpenDocumentLimits {
    /// The most pictures a document's cache keeps before it starts afresh: every line's and
    /// some edits' worth (about 1 KB each, `PictureCache.Cost`).
    static let maxPictures = DocumentLimits().maxLines + 4_096
}
