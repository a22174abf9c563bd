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
}

extension ResponseError {
    /// The response for a store failure, with the store's own sentence.
    init(_ error: StoreError) {
        let code: ErrorCode
        var data: JSONValue? = nil
        switch error {
        case .notFound: code = .notFound
        case .nothingToUndo: code = .nothingToUndo
        case .nothingToRedo: code = .nothingToRedo
        case .noRandomSource: code = .noRandomSource
        case .frameOutOfRange: code = .frameOutOfRange
        case .indexOutOfRange: code = .invalidParams
        case .tooLong(let field, let length, let limit):
            code = .seedTooLong
            data = ["field": .string(field), "limit": .int(Int64(limit)), "length": .int(Int64(length))]
        case .tooMany: code = .tooMany
        case .invalidArgument: code = .invalidParams
        case .invalidBundle: code = .invalidBundle
        case .readOnly: code = .storeReadOnly
        case .corrupt: code = .storeCorrupt
        case .newerSchema: code = .storeTooNew
        case .diskFull, .unavailable: code = .storeUnavailable
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
    /// frame out of range) and does not name one yet.
    func naming(_ field: String?) -> ResponseError {
        guard let field, data == nil, code == .invalidParams || code == .frameOutOfRange else { return self }
        return ResponseError(code: code, message: message, data: ["field": .string(field)])
    }

    /// Invalid params naming the offending field.
    static func invalidParams(field: String, _ message: String) -> ResponseError {
        ResponseError(code: .invalidParams, message: message, data: ["field": .string(field)])
    }
}
