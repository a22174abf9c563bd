import CreatureCore
import FonsterStore

/// Every error code the server answers, each once: its name (the clients' `ERROR_CODES`), a short
/// title (`openrpc.json`) and what it means (protocol.md's table of errors).
enum ErrorCatalog {
    /// One code.
    struct Entry: Sendable {
        let code: ErrorCode
        /// The name clients use for it, as `ErrorCode` names it.
        let name: String
        /// A few words, for `openrpc.json`.
        let title: String
        /// What it means, for protocol.md (Markdown).
        let meaning: String
    }

    /// The codes in the order protocol.md lists them: JSON-RPC's, LSP's, then the application's.
    static let entries: [Entry] = [
        Entry(code: .parseError, name: "parseError", title: "Parse error",
              meaning: "parse error: not JSON, nested too deep, or a framing error (id `null`)"),
        Entry(code: .invalidRequest, name: "invalidRequest", title: "Invalid request", meaning: """
            invalid request: not a JSON-RPC 2.0 request; a batch over \(English.grouped(ServerLimits().maxBatchEntries)) entries (`data {field: "batch", limit}`); also every \
            request after `shutdown`
            """),
        Entry(code: .methodNotFound, name: "methodNotFound", title: "Method not found", meaning: "method not found (the message names it)"),
        Entry(code: .invalidParams, name: "invalidParams", title: "Invalid params", meaning: "invalid params (`data.field` names the param)"),
        Entry(code: .internalError, name: "internalError", title: "Internal error", meaning: "internal error"),
        Entry(code: .responseTooLarge, name: "responseTooLarge", title: "Response too large", meaning: """
            response too large: over `--max-response-bytes` (\(ServerLimits().maxResponseBytes >> 20) MB); the message says how to ask for less (`data {limit, length}` \
            or, from `creature/frames`, `{field: "count", limit, fit}`)
            """),
        Entry(code: .requestCancelled, name: "requestCancelled", title: "Request cancelled",
              meaning: "request cancelled (`$/cancelRequest`, or `exit` without `shutdown`)"),
        Entry(code: .notFound, name: "notFound", title: "Not found", meaning: "no Fonster has the id"),
        Entry(code: .seedTooLong, name: "seedTooLong", title: "Seed too long", meaning: """
            seed or name over \(English.grouped(TextLimit.maxLength)) UTF-16 units, where an emoji counts as two or more (`data {field, limit, length}`)
            """),
        Entry(code: .badShareLink, name: "badShareLink", title: "Bad share link",
              meaning: "share link that cannot be read (`data.field: \"url\"`)"),
        Entry(code: .storeUnavailable, name: "storeUnavailable", title: "Store unavailable",
              meaning: "store unavailable (I/O error, missing folder, locked too long, disk full)"),
        Entry(code: .storeReadOnly, name: "storeReadOnly", title: "Store read-only", meaning: "store read-only: reads work, edits fail"),
        Entry(code: .nothingToUndo, name: "nothingToUndo", title: "Nothing to undo", meaning: "nothing to undo"),
        Entry(code: .nothingToRedo, name: "nothingToRedo", title: "Nothing to redo", meaning: "nothing to redo"),
        Entry(code: .frameOutOfRange, name: "frameOutOfRange", title: "Frame out of range", meaning: "frame out of range (`data.field`)"),
        Entry(code: .tooMany, name: "tooMany", title: "Too many", meaning: """
            too many: share links and seed imports hold at most \(English.grouped(ShareLink.maxSeeds)) seeds, library bundles \(English.grouped(StoreLimits.maxBundleImport)) Fonsters
            """),
        Entry(code: .invalidBundle, name: "invalidBundle", title: "Invalid bundle", meaning: "invalid library bundle"),
        Entry(code: .storeCorrupt, name: "storeCorrupt", title: "Store corrupt", meaning: "store file corrupt (left untouched)"),
        Entry(code: .storeTooNew, name: "storeTooNew", title: "Store too new", meaning: "store written by a newer version (left untouched)"),
        Entry(code: .noRandomSource, name: "noRandomSource", title: "No random source",
              meaning: "refresh without a remembered random source"),
        Entry(code: .storeReplaced, name: "storeReplaced", title: "Store replaced", meaning: """
            the store file was removed or replaced while the server ran: the edit was not saved (reads go on; restart to reopen) \
            (`data.path`)
            """),
        Entry(code: .noMemoryRoom, name: "noMemoryRoom", title: "No room in the memory budget", meaning: """
            the server's memory budget (`--memory-budget`) has no room for the work (`fonsters/lookalikes` of a large library by look): \
            the message says how much more it needs and how to ask for less (`data.needed`, bytes)
            """),
    ]

    /// The entry of `code`.
    static func entry(_ code: ErrorCode) -> Entry? { entries.first { $0.code == code } }
}
