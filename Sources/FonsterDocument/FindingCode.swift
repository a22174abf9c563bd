import CreatureCore

extension Finding {
    /// Every kind of diagnostic a document gets, by its stable code (LSP's diagnostic `code`):
    /// how serious it is, when it is given, and the quick fix offered for it. protocol.md's
    /// diagnostics table is made from this (`fonsters-rpc describe-protocol protocol.md`).
    public enum Code: String, Sendable, CaseIterable {
        case samePicture = "same-picture"
        case nearlySamePicture = "nearly-same-picture"
        case inLibrary = "in-library"
        case seedTooLong = "seed-too-long"
        case invisibleCharacters = "invisible-characters"
        case unknownEngine = "unknown-engine"
        /// Told by the server, not the analysis: more problems than the client's cap.
        case moreProblems = "more-problems"
        /// Told by the server, not the analysis: the memory budget had no room for it.
        case notAnalysed = "not-analysed"

        /// How serious a diagnostic of this code is.
        public var severity: Severity {
            switch self {
            case .seedTooLong, .unknownEngine: .error
            case .samePicture, .invisibleCharacters, .notAnalysed: .warning
            case .nearlySamePicture, .inLibrary, .moreProblems: .information
            }
        }

        /// When it is given, for a person (protocol.md's diagnostics table).
        public var meaning: String {
            switch self {
            case .samePicture:
                "the line draws exactly the picture of another line: \"Looks exactly like line 2, “cat”, in fonsters-v1.\" "
                    + "(`relatedInformation`: the line named first, then others, at most \(DocumentAnalysis.maxRelated))"
            case .nearlySamePicture:
                "the line looks like another line to the eye (and draws none exactly): silhouettes at most \(Likeness.silhouetteSlack) cells apart "
                    + "and the colours changing in nearly the same places, whatever the colours are (the same disc in another colour looks alike): "
                    + "\"Looks nearly like line 5, “w5x”, in fonsters-v2: the same shape but 3 cells.\" or \"…: the same shape in other colours.\""
            case .inLibrary:
                "the line draws the picture of a Fonster in the library: \"Draws the picture of “Bob” in your library.\" (`data.id`: that Fonster)"
            case .seedTooLong:
                "the seed is over \(English.grouped(EngineLimits.maxTextUnits)) UTF-16 units (it is not drawn)"
            case .invisibleCharacters:
                "zero-width characters (a joiner inside an emoji sequence is fine), bidirectional controls, or spaces before or after the seed; "
                    + "the range covers them"
            case .unknownEngine:
                "a directive names no engine this server knows, or none (`# engine:` alone)"
            case .moreProblems:
                "more were found than `fonsters.maxProblems`; on the first line"
            case .notAnalysed:
                "the memory budget had no room for the document's analysis: its look-alikes are not checked "
                    + "(on the first line; shown once with `window/showMessage`)"
            }
        }

        /// The quick fix `textDocument/codeAction` offers on its line, if any.
        public var quickFix: String? {
            switch self {
            case .samePicture, .nearlySamePicture:
                "“Use a distinct variant: …” (and, for a fonsters-v1 line, “Draw these lines with fonsters-v2”)"
            case .invisibleCharacters: "“Remove the invisible characters”"
            case .inLibrary, .seedTooLong, .unknownEngine, .moreProblems, .notAnalysed: nil
            }
        }
    }
}

extension Finding.Kind {
    /// Its diagnostic code.
    public var code: Finding.Code {
        switch self {
        case .sameAs: .samePicture
        case .nearlyAs: .nearlySamePicture
        case .inLibrary: .inLibrary
        case .tooLong: .seedTooLong
        case .invisible: .invisibleCharacters
        case .unknownEngine: .unknownEngine
        }
    }
}
