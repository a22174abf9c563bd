import CreatureCore
import FonsterStore

/// The application's error codes (outside JSON-RPC's and LSP's reserved ranges), stable
/// across releases; protocol.md lists them.
extension ErrorCode {
    /// No Fonster has the given id.
    public static let notFound = ErrorCode(rawValue: 1001)
    /// A seed or name longer than 10,000 UTF-16 units (characters, where an emoji counts as two or more).
    public static let seedTooLong = ErrorCode(rawValue: 1002)
    /// A share link that cannot be read.
    public static let badShareLink = ErrorCode(rawValue: 1003)
    /// The store cannot be opened or used (I/O error, disk full, locked too long).
    public static let storeUnavailable = ErrorCode(rawValue: 1004)
    /// The store is read-only.
    public static let storeReadOnly = ErrorCode(rawValue: 1005)
    /// Undo with an empty history.
    public static let nothingToUndo = ErrorCode(rawValue: 1006)
    /// Redo with an empty future.
    public static let nothingToRedo = ErrorCode(rawValue: 1007)
    /// A frame (or list index) that does not exist.
    public static let frameOutOfRange = ErrorCode(rawValue: 1008)
    /// More items in one import than allowed (1,000 seeds).
    public static let tooMany = ErrorCode(rawValue: 1009)
    /// A library bundle that cannot be imported.
    public static let invalidBundle = ErrorCode(rawValue: 1010)
    /// The store file is not a readable Fonsters library.
    public static let storeCorrupt = ErrorCode(rawValue: 1011)
    /// The store was written by a newer version of fonsters-rpc.
    public static let storeTooNew = ErrorCode(rawValue: 1012)
    /// Refresh of a Fonster that never loaded random text.
    public static let noRandomSource = ErrorCode(rawValue: 1013)
    /// The store file was removed or replaced while the server ran: the write was refused (not
    /// saved); reads go on. Restarting the server opens the library again.
    public static let storeReplaced = ErrorCode(rawValue: 1014)
    /// The server's memory budget (`--memory-budget`) has no room for the request's work: the
    /// message says how much more it needs and how to ask for less.
    public static let noMemoryRoom = ErrorCode(rawValue: 1015)
}

extension ResponseError {
    /// The response for a store failure, with the store's own sentence.
    init(_ error: StoreError) {
        let code: ErrorCode
        var data: JSONValue? = nil
        switch error {
        case .notFound, .notInTrash: code = .notFound
        case .nothingToUndo: code = .nothingToUndo
        case .nothingToRedo: code = .nothingToRedo
        case .noRandomSource: code = .noRandomSource
        case .frameOutOfRange: code = .frameOutOfRange
        case .indexOutOfRange(let index, let count):
            code = .invalidParams; data = ["index": .int(Int64(index)), "count": .int(Int64(count))]
        case .repeatedIndex(let index): code = .invalidParams; data = ["field": "select", "index": .int(Int64(index))]
        case .tooLong(let tooLong):
            code = .seedTooLong
            data = ["field": .string(tooLong.field), "limit": .int(Int64(tooLong.limit)), "length": .int(Int64(tooLong.length))]
        case .tooMany(let count, let limit): code = .tooMany; data = ["limit": .int(Int64(limit)), "count": .int(Int64(count))]
        case .invalidArgument: code = .invalidParams
        case .invalidBundle: code = .invalidBundle
        case .readOnly: code = .storeReadOnly
        case .corrupt: code = .storeCorrupt
        case .newerSchema: code = .storeTooNew
        case .diskFull, .unavailable: code = .storeUnavailable
        case .storeReplaced(let path): code = .storeReplaced; data = ["path": .string(path)]
        case .invalidLocation(let path, _): code = .storeUnavailable; data = ["path": .string(path)]
        case .cancelled: code = .requestCancelled; data = ["changed": false]
        }
        self.init(code: code, message: error.message, data: data)
    }

    /// The response for a share link that cannot be read.
    init(_ error: ShareLink.ParseError) {
        if case .tooMany = error {
            self.init(code: .tooMany, message: error.message, data: ["field": "url"])
        } else {
            self.init(code: .badShareLink, message: error.message, data: ["field": "url"])
        }
    }

    /// This error with `data.field` set to `field` when it is about a param (invalid params, a
    /// frame out of range) and does not name one yet; other details in `data` are kept.
    func naming(_ field: String?) -> ResponseError {
        guard let field, data?["field"] == nil, code == .invalidParams || code == .frameOutOfRange else { return self }
        let named = data.map { $0.merging([("field", .string(field))]) } ?? ["field": .string(field)]
        return ResponseError(code: code, message: message, data: named)
    }

    /// Invalid params naming the offending field.
    static func invalidParams(field: String, _ message: String) -> ResponseError {
        ResponseError(code: .invalidParams, message: message, data: ["field": .string(field)])
    }
}

extension JSONValue {
    /// This object with `extra` members set (appended, or replacing a member of the same key).
    func merging(_ extra: [(String, JSONValue)]) -> JSONValue {
        guard case .object(var object) = self else { return self }
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }
}
