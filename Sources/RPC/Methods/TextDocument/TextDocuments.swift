import Foundation
import CreatureCore
import FonsterDocument

/// One session's language server (LSP's text synchronisation): the `.fonsters` documents its
/// client has open, the position encoding and Markdown `initialize` agreed, and its settings.
/// Opening, changing and closing happen on the read loop in arrival order, so a request sent
/// after a change sees it; the drawing is done later, off the loop (`DocumentDiagnostics`).
/// The documents' bytes count in the session's account of the server's memory budget, reserved
/// before an open or a growing change takes effect, and before an analysis draws (its pictures'
/// most bytes): as many documents, and analyses, as the budget allows.
final class TextDocuments: Sendable {
    fileprivate struct State {
        var documents: [String: OpenDocument] = [:]
        /// Documents of another language, open in the client and ignored here.
        var ignored: Set<String> = []
        var encoding: PositionEncoding = .utf16
        var markdown = ClientMarkdown()
        var settings = LanguageSettings()
        var pull = PullDiagnostics()
        var configurable = false
        var writer: MessageWriter?
    }

    /// Whether the client pulls diagnostics (`textDocument/diagnostic`) rather than hearing
    /// them pushed, and whether it can be asked to pull again (`workspace/diagnostic/refresh`).
    struct PullDiagnostics: Sendable {
        var pulls = false
        var refresh = false
    }

    /// Where the client reads Markdown (LSP's `contentFormat` and `documentationFormat`); each
    /// true until `initialize` says otherwise.
    struct ClientMarkdown: Sendable {
        var hover = true
        var completion = true
        /// Whether its hovers show images (`HoverPicture.showsImages`, from its name).
        var images = true
        /// Its name (`clientInfo.name`), lowercased: completion fits its word boundaries.
        var name = ""
    }
    fileprivate let state = Locked(State())
    /// The session whose documents these are.
    let session: SessionID
    /// The context these documents are part of, for rounds the library starts.
    let owner: WeakContext
    /// When a round of diagnostics starts after a change.
    let timing: DiagnosticsTiming
    /// The server's engine for seeds given without one (`--engine`).
    private let serverEngine: EngineVersion
    /// The session's part of the server's memory budget, the bytes charged to it now, and of
    /// those the reservations whose allocations are under way (not yet in `byteCount`).
    private let budget: Locked<(account: MemoryAccount?, charged: Int, pending: Int)>

    /// The documents of `session`, counted in `account`.
    init(session: SessionID = SessionID.next(), owner: WeakContext = WeakContext(),
         defaultEngine: EngineVersion = .current, account: MemoryAccount? = nil, timing: DiagnosticsTiming = .standard) {
        self.session = session
        self.owner = owner
        self.serverEngine = defaultEngine
        self.timing = timing
        budget = Locked((account, 0, 0))
    }

    /// The position encoding `initialize` agreed (UTF-16 until then).
    var encoding: PositionEncoding {
        get { state.withLock { $0.encoding } }
        set { state.withLock { $0.encoding = newValue } }
    }

    /// Where the client reads Markdown, as `initialize` said.
    var markdown: ClientMarkdown {
        get { state.withLock { $0.markdown } }
        set { state.withLock { $0.markdown = newValue } }
    }

    /// How the client takes diagnostics, as `initialize` said.
    var pull: PullDiagnostics {
        get { state.withLock { $0.pull } }
        set { state.withLock { $0.pull = newValue } }
    }

    /// Whether the client answers `workspace/configuration`, as `initialize` said.
    var configurable: Bool {
        get { state.withLock { $0.configurable } }
        set { state.withLock { $0.configurable = newValue } }
    }

    /// The connection of the session's client (set by its first notification).
    var writer: MessageWriter? {
        get { state.withLock { $0.writer } }
        set { state.withLock { $0.writer = newValue } }
    }

    /// Whether the client pulls diagnostics (none are pushed to it).
    var pullsDiagnostics: Bool { pull.pulls }

    /// The client's settings (`LanguageSettings`), defaults until it sends its own.
    var settings: LanguageSettings {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0.settings = newValue } }
    }

    /// The engine of seeds above a document's first directive: the client's setting, else the server's.
    var defaultEngine: EngineVersion { settings.defaultEngine ?? serverEngine }

    /// Why an open, a change or a close was refused: a sentence for the client's log, and whether
    /// the person at the editor must see it too (`window/showMessage`).
    struct Refusal: Error {
        let message: String
        var show = false
    }

    /// The language id of the documents analysed here.
    static let languageID = "fonsters"

    /// Opens `uri` with `text` at `version` (again: its text replaced). A document of another
    /// language is ignored (nil): it takes no memory and gets no diagnostics. Refused past
    /// `DocumentLimits`, or when the memory budget has no room for it (checked before the text is
    /// split into lines).
    func open(uri: String, languageID: String = TextDocuments.languageID, version: Int, text: String) throws(Refusal) -> OpenDocument? {
        guard languageID == Self.languageID else {
            state.withLock { state in
                state.documents.removeValue(forKey: uri)?.close()
                state.ignored.insert(uri)
            }
            charge()
            return nil
        }
        let bytes = text.utf8.count
        guard bytes <= DocumentLimits().maxBytes else {
            throw Refusal(message: "\(uri) was not opened: " + DocumentText.tooManyBytes(bytes, DocumentLimits()).message, show: true)
        }
        // A document opened again gives its bytes to its new text.
        let replaced = document(uri)?.byteCount ?? 0
        let estimate = max(0, OpenDocument.overhead + OpenDocument.estimate(bytes: bytes, lines: DocumentText.breakCount(text) + 1) - replaced)
        guard reserve(estimate) else {
            throw Refusal(message: "\(uri) was not opened: the server's memory budget has no room for another \(Self.mebibytes(estimate)) "
                          + "(close a document, or start the server with a larger --memory-budget).", show: true)
        }
        defer { settle(estimate) }
        var document = DocumentText("")
        do { try document.replace(nil, with: text, .utf16) } catch {
            throw Refusal(message: "\(uri) was not opened: \(error.message)", show: true)
        }
        let opened = OpenDocument(uri: uri, version: version, text: document)
        state.withLock { state in
            state.ignored.remove(uri)
            state.documents[uri]?.close()
            state.documents[uri] = opened
        }
        return opened
    }

    /// The open document at `uri`.
    func document(_ uri: String) -> OpenDocument? { state.withLock { $0.documents[uri] } }

    /// Whether `uri` is a document of another language, open in the client and ignored here.
    func isIgnored(_ uri: String) -> Bool { state.withLock { $0.ignored.contains(uri) } }

    /// Applies `changes` to the open document at `uri`, now at `version`: all or none. A version
    /// older than the document's is refused (the document stays as it was); so is growth the
    /// memory budget has no room for. Nil for an ignored document.
    func change(uri: String, version: Int, _ changes: [(range: TextRange?, text: String)]) throws(Refusal) -> OpenDocument? {
        guard let document = document(uri) else {
            if isIgnored(uri) { return nil }
            throw Refusal(message: "A change to \(uri) was ignored: that document is not open (send textDocument/didOpen first).")
        }
        let current = document.snapshot.version
        guard version >= current else {
            throw Refusal(message: "A change to \(uri) was refused and the document kept as it was: its version \(version) is older than "
                          + "the document's \(current) (versions only grow).")
        }
        var growth = 0
        for change in changes { growth += OpenDocument.estimate(bytes: change.text.utf8.count, lines: DocumentText.breakCount(change.text)) }
        guard reserve(growth) else {
            throw Refusal(message: "A change to \(uri) was refused and the document kept as it was: the server's memory budget has no room "
                          + "for another \(Self.mebibytes(growth)).", show: true)
        }
        defer { settle(growth) }
        do { try document.apply(changes, version: version, encoding: encoding) } catch {
            throw Refusal(message: "A change to \(uri) (version \(version)) was refused and the document kept as it was: \(error.message)",
                          show: error.kind == .tooLarge)
        }
        return document
    }

    /// Closes `uri`; its diagnostics are cleared by the caller. False for an ignored document.
    @discardableResult
    func close(uri: String) throws(Refusal) -> Bool {
        let (closed, ignored) = state.withLock { ($0.documents.removeValue(forKey: uri), $0.ignored.remove(uri) != nil) }
        if ignored { return false }
        guard let closed else { throw Refusal(message: "A close of \(uri) was ignored: that document is not open.") }
        closed.close()
        charge()
        return true
    }

    /// Closes every document (the session ended) and leaves the memory budget.
    func closeAll() {
        let open = state.withLock { state -> [OpenDocument] in
            defer { state.documents = [:]; state.ignored = [] }
            return Array(state.documents.values)
        }
        for document in open { document.close() }
        budget.withLock { state in
            state.account?.close()
            state.charged = 0
            state.pending = 0
        }
    }

    /// The open document at `uri`, or invalid params naming `textDocument.uri`.
    func required(_ uri: String) throws(ResponseError) -> OpenDocument {
        guard let document = document(uri) else {
            let why = isIgnored(uri) ? "is not a \(Self.languageID) document (its languageId is another)" : "is not open: send textDocument/didOpen first"
            throw ResponseError.invalidParams(field: "textDocument.uri", "The document \(uri.prefix(200)) \(why).")
        }
        return document
    }

    /// The open documents.
    var all: [OpenDocument] { state.withLock { Array($0.documents.values) } }

    /// About how many bytes the open documents hold (`OpenDocument.byteCount` each).
    var byteCount: Int { all.reduce(0) { $0 + $1.byteCount } }

    /// Counts the documents' bytes in `account` from now on.
    func count(in account: MemoryAccount?) {
        budget.withLock { $0.account = account }
        charge()
    }

    /// Reserves `bytes` in the budget before they are allocated: counted as charged, and pending
    /// until `settle(_:)` says the allocation is over; false, and nothing counted, when the budget
    /// has no room. Every reservation is settled, granted or not.
    func reserve(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        return budget.withLock { state in
            guard let account = state.account else { return true }
            guard account.tryReserve(bytes, for: .kept) else { return false }
            state.charged += bytes
            state.pending += bytes
            return true
        }
    }

    /// Ends the reservation of `bytes` (`reserve(_:)`, granted or not): what the allocation did not
    /// use is given back (`charge()`).
    func settle(_ bytes: Int) {
        budget.withLock { state in
            if state.account != nil { state.pending = max(0, state.pending - bytes) }
        }
        charge()
    }

    /// Called after every open, change, close and analysis: the one place where the charge is
    /// brought to what the documents hold (`byteCount`) and the reservations under way. Every
    /// growth is reserved before it is allocated, at its most (`reserve(_:)`), so this gives back
    /// what was not used; it charges more only if an estimate fell short.
    func charge() {
        let bytes = byteCount
        budget.withLock { state in
            guard let account = state.account, bytes + state.pending != state.charged else { return }
            account.charge(bytes + state.pending - state.charged, for: .kept)
            state.charged = bytes + state.pending
        }
    }

    /// `bytes` in MiB for a person, e.g. "3.2 MiB".
    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }
}

/// A context held weakly (it holds its documents).
final class WeakContext: @unchecked Sendable {
    private let lock = NSLock()
    private weak var context: ServerContext?

    /// The context, while it lives.
    var current: ServerContext? {
        get { lock.withLock { context } }
        set { lock.withLock { context = newValue } }
    }
}

extension NotificationRefusal {
    /// The refusal of a document's open, change or close: logged, and shown to the person too
    /// (`window/showMessage`, an error) when `refusal.show` says so.
    init(_ refusal: TextDocuments.Refusal, _ notification: NotificationContext) {
        if refusal.show {
            notification.sendNotification("window/showMessage", params: ["type": 1, "message": .string(refusal.message)])
        }
        self.init(message: refusal.message)
    }
}
