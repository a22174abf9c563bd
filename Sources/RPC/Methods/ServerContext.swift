import Foundation
import CreatureCore
import FonsterStore

/// What the method handlers share: the store (opened lazily so a broken store still lets the
/// engine methods work) and the one thread that runs its operations, the default engine, and
/// facts for `initialize`.
public final class ServerContext: Sendable {
    /// The program's version, reported by `initialize` and `--version`.
    public static let version = "0.1.0"

    /// Where the store lives and how it is opened.
    public let location: StoreLocation
    /// Options for opening the store.
    public let options: StoreOptions
    private let opened: Locked<(store: FonsterStore, observation: ChangeObservation?)?> = Locked(nil)
    private let onChange: (@Sendable (StoreChange) -> Void)?
    private let warn: (@Sendable (String) -> Void)?
    /// The engine for seeds given without one (`--engine`); the library has its own default
    /// engine for new Fonsters (`FonsterStore.defaultEngine()`).
    public let defaultEngine: EngineVersion
    /// Runs every store operation in arrival order, off Swift's cooperative pool.
    let executor = StoreExecutor()
    /// The library's pictures: behind `sameAs` and `nearlyAs`, the look-alike groups and the documents' library matches.
    let pictures: LibraryPictures
    /// The language server of each session (its open `.fonsters` documents).
    let languageSessions: LanguageSessions

    /// A context for a store at `location`; nothing is opened until a library method needs it.
    /// `onChange` hears every change to the store (this process's and others') from the moment
    /// the store is open, however late that is. `warn` hears what the user must know beyond one
    /// response: a store file removed or replaced under the server. The kept look-alike keys
    /// count in `budget` (the server's), when given.
    public convenience init(location: StoreLocation, options: StoreOptions, defaultEngine: EngineVersion = .current,
                            onChange: (@Sendable (StoreChange) -> Void)? = nil, warn: (@Sendable (String) -> Void)? = nil, budget: MemoryBudget? = nil) {
        self.init(location: location, options: options, defaultEngine: defaultEngine, onChange: onChange, warn: warn,
                  pictures: LibraryPictures(account: budget?.account("look-alike keys")), budget: budget)
    }

    /// The same, with `pictures` behind `sameAs` and `nearlyAs` (a test's, with a small limit).
    init(location: StoreLocation, options: StoreOptions, defaultEngine: EngineVersion = .current,
         onChange: (@Sendable (StoreChange) -> Void)? = nil, warn: (@Sendable (String) -> Void)? = nil, pictures: LibraryPictures,
         budget: MemoryBudget? = nil) {
        self.pictures = pictures
        languageSessions = LanguageSessions(budget: budget, defaultEngine: defaultEngine)
        self.location = location
        self.options = options
        self.defaultEngine = defaultEngine
        self.onChange = onChange
        self.warn = warn
        languageSessions.owner.current = self
        // The pictures drawn for the look-alikes are kept in the library file, on the store thread.
        if location != .memory {
            pictures.whenDrawn { [weak self] in
                self?.executor.enqueue { [weak self] in if let self, let store = try? self.store() { self.pictures.saveDrawn(store) } }
            }
        }
    }

    /// Opens the store now (so changes are heard from the start); a failure waits for the
    /// first method that needs the store to report it.
    /// It opens on the store thread, so a locked file holds up no one else.
    public func openEarly() { executor.enqueue { [self] in _ = try? store() } }

    /// The open store, opening it on first use; its failure is an application error. A failure
    /// is not kept: the next call tries again (another process may have been creating the file).
    public func store() throws(ResponseError) -> FonsterStore {
        let result = opened.withLock { state -> Result<FonsterStore, StoreError> in
            if let state { return .success(state.store) }
            do throws(StoreError) {
                let store = try FonsterStore(location: location, options: options)
                // The open documents hear of every change too: their "in your library" lines follow.
                state = (store, onChange.map { onChange in store.onChange { [languageSessions] change in onChange(change); languageSessions.libraryChanged() } })
                return .success(store)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let store): return store
        case .failure(let error): throw ResponseError(error)
        }
    }

    /// The language server of the session `request` came on.
    func documents(_ request: RequestContext) -> TextDocuments { languageSessions.documents(request.session) }

    /// The language server of the session `notification` came on.
    func documents(_ notification: NotificationContext) -> TextDocuments { languageSessions.documents(notification.session) }

    /// The store's file path, or nil for an in-memory store.
    public var storePath: String? {
        if case .memory = location { return nil }
        return location.resolvedPath()
    }

    /// Runs a store operation on the store thread, after every one submitted before it, turning
    /// its error into the protocol's. `field` names the param an invalid-params or out-of-range
    /// error is about (e.g. `index` for a move). A library request's writes here are gated by its
    /// cancellation (`FonsterStore.writeGate`): one cancelled before its commit changes nothing
    /// and answers -32800; one that committed answers with its result.
    func withStore<T: Sendable>(field: String? = nil,
                                _ body: @escaping @Sendable (FonsterStore) throws(StoreError) -> T) async throws(ResponseError) -> T {
        // The request's write gate (bound by `MethodDeclaration` for library requests) goes
        // with the job to the store thread: its writes begin and commit only while not cancelled.
        let gate = FonsterStore.writeGate
        return try await executor.run { [self] () throws(ResponseError) -> T in
            let store = try store()
            do throws(StoreError) {
                let result = FonsterStore.$writeGate.withValue(gate) { Result { () throws(StoreError) -> T in try body(store) } }
                return try result.get()
            } catch {
                if case .storeReplaced = error { warn?(error.message) }
                throw ResponseError(error).naming(field)
            }
        }
    }
}
