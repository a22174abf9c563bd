import Foundation
import CreatureCore
import FonsterDocument

/// The `.fonsters` documents the client has open (LSP's text synchronisation), the position
/// encoding `initialize` agreed, and the library's pictures the documents are compared with.
/// Opening, changing and closing happen on the read loop in arrival order, so a request sent
/// after a change sees it; the drawing is done later, off the loop (`DocumentDiagnostics`).
final class TextDocuments: Sendable {
    fileprivate struct State {
        var documents: [String: OpenDocument] = [:]
        var encoding: PositionEncoding = .utf16
        var markdown = ClientMarkdown()
        var settings = LanguageSettings()
    }

    /// Where the client reads Markdown (LSP's `contentFormat` and `documentationFormat`); each
    /// true until `initialize` says otherwise.
    struct ClientMarkdown: Sendable {
        var hover = true
        var completion = true
    }
    fileprivate let state = Locked(State())
    /// The library's pictures by picture, for "draws the picture of a Fonster in the library".
    let library = LibraryPictures()
    /// The context these documents are part of (set by it), for rounds the library starts.
    let owner = WeakContext()

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

    /// The client's settings (`LanguageSettings`), defaults until it sends its own.
    var settings: LanguageSettings {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0.settings = newValue } }
    }

    /// Why an open, a change or a close was refused: a sentence for the client's log.
    struct Refusal: Error {
        let message: String
    }

    /// Opens `uri` with `text` at `version` (again: its text replaced). Refused past
    /// `OpenDocumentLimits.maxDocuments` or `DocumentLimits`.
    func open(uri: String, version: Int, text: String) throws(Refusal) -> OpenDocument {
        var document = DocumentText("")
        do { try document.replace(nil, with: text, .utf16) } catch {
            throw Refusal(message: "\(uri) was not opened: \(error.message)")
        }
        let opened = OpenDocument(uri: uri, version: version, text: document)
        let refused = state.withLock { state -> Bool in
            if state.documents[uri] == nil && state.documents.count >= OpenDocumentLimits.maxDocuments { return true }
            state.documents[uri]?.close()
            state.documents[uri] = opened
            return false
        }
        if refused {
            throw Refusal(message: "\(uri) was not opened: at most \(OpenDocumentLimits.maxDocuments) documents can be open at once; close one first.")
        }
        charge()
        return opened
    }

    /// The open document at `uri`.
    func document(_ uri: String) -> OpenDocument? { state.withLock { $0.documents[uri] } }

    /// Applies `changes` to the open document at `uri`, now at `version`: all or none.
    func change(uri: String, version: Int, _ changes: [(range: TextRange?, text: String)]) throws(Refusal) -> OpenDocument {
        guard let document = document(uri) else {
            throw Refusal(message: "A change to \(uri) was ignored: that document is not open (send textDocument/didOpen first).")
        }
        do { try document.apply(changes, version: version, encoding: encoding) } catch {
            throw Refusal(message: "A change to \(uri) (version \(version)) was refused and the document kept as it was: \(error.message)")
        }
        charge()
        return document
    }

    /// Closes `uri`; its diagnostics are cleared by the caller.
    func close(uri: String) throws(Refusal) {
        let closed = state.withLock { $0.documents.removeValue(forKey: uri) }
        guard let closed else { throw Refusal(message: "A close of \(uri) was ignored: that document is not open.") }
        closed.close()
        charge()
    }

    /// The open document at `uri`, or invalid params naming `textDocument.uri`.
    func required(_ uri: String) throws(ResponseError) -> OpenDocument {
        guard let document = document(uri) else {
            throw ResponseError.invalidParams(field: "textDocument.uri", "The document \(uri.prefix(200)) is not open: send textDocument/didOpen first.")
        }
        return document
    }

    /// About how many bytes the open documents hold (`OpenDocument.byteCount` each).
    var byteCount: Int { state.withLock { Array($0.documents.values) }.reduce(0) { $0 + $1.byteCount } }

    /// Where the bytes the documents hold count in the server's memory budget (as kept bytes),
    /// and how many are counted there now.
    private let budget = Locked<(account: MemoryAccount?, charged: Int)>((nil, 0))

    /// Counts the documents' bytes in `account` from now on (the server's memory budget).
    func count(in account: MemoryAccount?) {
        budget.withLock { $0.account = account }
        charge()
    }

    /// Called after every open, change, close and analysis: the one place where the bytes the
    /// documents hold (`byteCount`) are charged to the server's memory budget (the difference
    /// since the last time).
    func charge() {
        let bytes = byteCount
        budget.withLock { state in
            guard let account = state.account, bytes != state.charged else { return }
            account.charge(bytes - state.charged, for: .kept)
            state.charged = bytes
        }
    }
}

extension TextDocuments {
    /// The library changed: every open document's diagnostics are published again (to the
    /// connection that last changed it), so its "in your library" lines follow.
    func libraryChanged() {
        guard let context = owner.current else { return }
        let open = state.withLock { Array($0.documents.values) }
        for document in open {
            guard let writer = document.writer else { continue }
            DocumentDiagnostics.schedule(document, context, NotificationContext(method: DocumentDiagnostics.method, writer: writer))
        }
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
