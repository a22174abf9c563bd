import FonsterDocument
import Limits

/// The bounds of the documents the server keeps open, besides each one's `DocumentLimits`
/// (16 MiB, 100,000 lines). How many are open at once is the memory budget's call: each is
/// reserved in it before it is read (`TextDocuments.open`).
enum OpenDocumentLimits {
    /// The most pictures a document's cache keeps before it starts afresh: every line's and
    /// some edits' worth (about 1 KB each, `PictureCache.Cost`).
    static let maxPictures = DocumentLimits().maxLines + 4_096

    /// Every limit of the language server: the open documents', the library's comparison, the
    /// requests' and the settings'.
    static var all: [Limit] {
        [
            Limit("OpenDocumentLimits.maxPictures", .count(maxPictures, unit: "pictures"),
                  "kept for one document (about 1 KB each: a fingerprint, the look `Likeness` compares, the first seed to draw it again)",
                  group: "documents", passed: "its cache starts afresh (lines are drawn again)"),
            Limit("LanguageSettings.defaultMaxProblems", .count(LanguageSettings.defaultMaxProblems, unit: "problems"),
                  "published for one document unless the setting says otherwise", group: "documents", option: "fonsters.maxProblems",
                  passed: "the most serious first, then one `more-problems` diagnostic saying how many more there are"),
            Limit("LanguageSettings.maxMaxProblems", .count(LanguageSettings.maxMaxProblems, unit: "problems"),
                  "the setting fonsters.maxProblems may ask for", group: "documents", passed: "the setting is not understood and the one before kept"),
            Limit("LibraryPictures.maxNamesRead", .count(LibraryPictures.maxNamesRead, unit: "names"),
                  "of the library's Fonsters read for one request about a document (diagnostics, hover, symbols, inlay hints)",
                  group: "documents", passed: "the others are named after their seeds"),
            Limit("InlayHintMethod.maxLines", .count(InlayHintMethod.maxLines, unit: "lines"), "labelled by one `textDocument/inlayHint`",
                  group: "documents", passed: "the rest of the range gets none"),
            Limit("CodeActionMethod.maxFixedLines", .count(CodeActionMethod.maxFixedLines, unit: "lines"), "rewritten by one \"Fix all look-alikes\"",
                  group: "documents", passed: "the rest stay as they are"),
            Limit("DistinctVariants.maxCandidates", .count(DistinctVariants.maxCandidates, unit: "candidates"),
                  "drawn by one line's search for a distinct variant", group: "documents", passed: "fewer variants (or none) are offered"),
        ]
    }
}
