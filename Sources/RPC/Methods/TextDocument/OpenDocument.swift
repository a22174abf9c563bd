import CreatureCore
import FonsterDocument

/// One document a client has open: its text and version, the cache of its pictures, the last
/// analysis made of it, and the work under way to publish its diagnostics.
final class OpenDocument: Sendable {
    /// The document's URI, as the client names it.
    let uri: String
    private struct State {
        var text: DocumentText
        var version: Int
        var cache: PictureCache
        var analysis: DocumentAnalysis?
        var analysisVersion = -1
        /// The flag of the newest analysis scheduled; older ones are cancelled.
        var pending: RequestFlag?
        var generation = 0
        var closed = false
        /// Each drawn line's kind (`LineCreature.kind`), by seed and engine.
        var kinds: [PictureCache.Key: String] = [:]
        /// Distinct variants found for the code action, by seed, engine and version.
        var variants: [String: String?] = [:]
        /// Where its diagnostics go: the connection that opened or last changed it.
        var writer: MessageWriter?
        /// Whether its last analysis was refused by the memory budget, and whether the person was
        /// told so since its last analysis made.
        var refused = false
        var toldRefusal = false
    }
    private let state: Locked<State>

    /// A document opened at `version` with `text`.
    init(uri: String, version: Int, text: DocumentText) {
        self.uri = uri
        state = Locked(State(text: text, version: version, cache: PictureCache(maxPictures: OpenDocumentLimits.maxPictures)))
    }

    /// The text, its version and the cache, as they stand.
    var snapshot: (text: DocumentText, version: Int, cache: PictureCache) {
        state.withLock { ($0.text, $0.version, $0.cache) }
    }

    /// The newest analysis, of the current text or an earlier one: what a new analysis borrows
    /// the unchanged lines' pictures from (`DocumentAnalysis.run`'s `previous`).
    var lastAnalysis: DocumentAnalysis? { state.withLock { $0.analysis } }

    /// The newest analysis, if it is of the current text (else nil: work on the text afresh).
    var currentAnalysis: DocumentAnalysis? {
        state.withLock { state in state.analysisVersion == state.version ? state.analysis : nil }
    }

    /// Applies `changes` in order at `version`, all or none: a change that cannot apply leaves
    /// the document as it was.
    func apply(_ changes: [(range: TextRange?, text: String)], version: Int, encoding: PositionEncoding) throws(DocumentError) {
        let failure = state.withLock { (state: inout State) -> DocumentError? in
            var text = state.text
            do throws(DocumentError) {
                for change in changes { try text.replace(change.range, with: change.text, encoding) }
            } catch {
                return error
            }
            state.text = text
            state.version = version
            return nil
        }
        if let failure { throw failure }
    }

    /// The kind of the creature `key` draws (`LineCreature.kind`), kept for the next ask.
    func kind(_ key: PictureCache.Key) -> String {
        if let kind = state.withLock({ $0.kinds[key] }) { return kind }
        let kind = LineCreature(seed: key.seed, engine: key.engine).kind
        state.withLock { state in
            if state.kinds.count >= OpenDocumentLimits.maxPictures { state.kinds = [:] }
            state.kinds[key] = kind
        }
        return kind
    }

    /// The variant the code action offers for `key` at `version`, found by `find` once.
    func variant(_ key: PictureCache.Key, version: Int, find: () throws(ResponseError) -> String?) throws(ResponseError) -> String? {
        let memo = "\(version)\u{0}\(key.engine.rawValue)\u{0}\(key.seed)"
        if let found = state.withLock({ $0.variants[memo] }) { return found }
        let found = try find()
        state.withLock { state in
            if state.variants.count >= 256 { state.variants = [:] }
            state.variants[memo] = .some(found)
        }
        return found
    }

    /// Marks the document closed: nothing more is published for it.
    func close() {
        state.withLock { state in
            state.closed = true
            state.pending?.cancel()
        }
    }

    /// Whether it was closed.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// The connection its diagnostics go to.
    var writer: MessageWriter? { state.withLock { $0.writer } }

    /// Starts a new round of analysis publishing to `writer`: cancels the one under way, and
    /// returns the new round's flag and number.
    func beginRound(_ writer: MessageWriter) -> (flag: RequestFlag, generation: Int) {
        state.withLock { state in
            state.writer = writer
            state.pending?.cancel()
            let flag = RequestFlag()
            state.pending = flag
            state.generation += 1
            if state.cache.isFull { state.cache = PictureCache(maxPictures: OpenDocumentLimits.maxPictures) }
            return (flag, state.generation)
        }
    }

    /// Keeps `analysis` and runs `publish` if round `generation` is still the newest and the
    /// document open (under the lock, so an older round can never publish after a newer one).
    func finishRound(_ generation: Int, version: Int, _ analysis: DocumentAnalysis, publish: () -> Void) {
        state.withLock { state in
            guard state.generation == generation, !state.closed else { return }
            state.refused = false
            state.toldRefusal = false
            state.analysis = analysis
            state.analysisVersion = version
            state.pending = nil
            publish()
        }
    }

    /// About how many bytes it holds: its text (UTF-8, and about twice that as Swift strings
    /// with the line array), its pictures, and the last analysis (`DocumentAnalysis.byteCount`).
    var byteCount: Int {
        state.withLock { state in
            Self.overhead + Self.estimate(bytes: state.text.byteCount, lines: state.text.lineCount) + state.cache.byteCount
                + (state.analysis?.byteCount ?? 0)
        }
    }

    /// Notes that the memory budget refused its analysis (in the round of `flag`, when it is one:
    /// no longer under way), and gives up its pictures (an analysis refused part way drew some):
    /// true the first time since an analysis was made (the person is told once, not at every key).
    func refuseAnalysis(round flag: RequestFlag? = nil) -> Bool {
        state.withLock { state in
            if let flag, state.pending === flag { state.pending = nil }
            state.refused = true
            state.cache = PictureCache(maxPictures: OpenDocumentLimits.maxPictures)
            state.analysis = nil
            defer { state.toldRefusal = true }
            return !state.toldRefusal
        }
    }

    /// Whether its last analysis was refused by the memory budget and no round is under way (it
    /// is tried again when bytes are given back).
    var awaitsRoom: Bool { state.withLock { $0.refused && $0.pending == nil && !$0.closed } }

    /// The bytes a document holds besides its text, pictures and analysis: so that even empty
    /// documents are opened only as many as the memory budget allows.
    static let overhead = 4_096

    /// About how many bytes a text of `bytes` bytes in `lines` lines takes (the text, about twice
    /// its UTF-8 as Swift strings with the line array): reserved before it is split.
    static func estimate(bytes: Int, lines: Int) -> Int { bytes * 2 + lines * 32 }
}

extension OpenDocument {
    /// The analysis of the text as it stands: the newest round's if it is current, else made
    /// now on `request`'s compute pool (drawing only what the cache lacks, reserved first in
    /// `documents`' memory budget); nil when the budget has no room for it.
    func analysis(in documents: TextDocuments, request: RequestContext) async throws(ResponseError) -> DocumentAnalysis? {
        if let analysis = currentAnalysis { return analysis }
        let (text, _, cache) = snapshot, previous = lastAnalysis
        let defaultEngine = documents.defaultEngine, reserved = Locked(0)
        defer { documents.settle(reserved.current) }
        return try await request.computeOnPool { () throws(ResponseError) -> DocumentAnalysis? in
            let outcome = DocumentAnalysis.run(text, defaultEngine: defaultEngine, cache: cache, previous: previous, within: { bytes in
                guard documents.reserve(bytes) else { return false }
                reserved.withLock { $0 += bytes }
                return true
            }, isCancelled: { request.takeTurn() })
            switch outcome {
            case .analysed(let analysis): return analysis
            case .refused: return nil
            case .cancelled: throw .requestCancelled
            }
        }
    }
}
