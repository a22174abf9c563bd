import CreatureCore

/// The language server of each session: every connection (the stdio pipe, each WebSocket) is
/// its own LSP client, with its own documents, encoding, settings and `initialize` state, and
/// cannot reach another's documents. A session's documents are closed, and its part of the
/// memory budget freed, when it ends. The library's matches are the server's
/// (`ServerContext.pictures`), one for all.
final class LanguageSessions: Sendable {
    private let sessions = Locked([SessionID: TextDocuments]())
    /// The context the sessions are part of.
    let owner = WeakContext()
    private let budget: MemoryBudget?
    private let defaultEngine: EngineVersion
    private let timing: DiagnosticsTiming

    /// Sessions whose documents count in `budget`, with `defaultEngine` as the server's engine.
    init(budget: MemoryBudget?, defaultEngine: EngineVersion, timing: DiagnosticsTiming = .standard) {
        self.budget = budget
        self.defaultEngine = defaultEngine
        self.timing = timing
    }

    /// The documents of `session`, made on its first use.
    func documents(_ session: SessionID) -> TextDocuments {
        sessions.withLock { sessions in
            if let documents = sessions[session] { return documents }
            let documents = TextDocuments(session: session, owner: owner, defaultEngine: defaultEngine,
                                          account: budget?.account("open documents of \(session)"), timing: timing)
            sessions[session] = documents
            return documents
        }
    }

    /// `session` ended: its documents are closed and its budget freed.
    func ended(_ session: SessionID) {
        sessions.withLock { $0.removeValue(forKey: session) }?.closeAll()
    }

    /// How many sessions have documents (or settings) kept.
    var count: Int { sessions.withLock { $0.count } }

    /// The library changed: every open document's diagnostics are published again, so its
    /// "in your library" lines follow.
    func libraryChanged() {
        guard let context = owner.current else { return }
        for documents in sessions.withLock({ Array($0.values) }) {
            for document in documents.all {
                guard let writer = document.writer else { continue }
                DocumentDiagnostics.schedule(document, documents, context, writer: writer, pause: false)
            }
        }
    }
}
