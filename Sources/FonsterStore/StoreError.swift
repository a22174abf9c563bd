import Foundation

/// Every failure of the library, each with a stable `code` for clients and a human `message`.
/// An operation that throws has changed nothing.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No Fonster has this id.
    case notFound(UUID)
    /// Undo with an empty history.
    case nothingToUndo(UUID)
    /// Redo with an empty future.
    case nothingToRedo(UUID)
    /// Refresh of a Fonster that has never loaded random text.
    case noRandomSource(UUID)
    /// `frame` is not in `1...count` (a seed with an empty trim has no frames).
    case frameOutOfRange(frame: Int, count: Int)
    /// A list index (move target, bundle selection) outside `0..<count` (`0...count` for a move).
    case indexOutOfRange(index: Int, count: Int)
    /// A seed or name longer than `limit` UTF-16 units; `field` says which.
    case tooLong(field: String, length: Int, limit: Int)
    /// More items in one import than allowed.
    case tooMany(count: Int, limit: Int)
    /// Arguments that do not fit together (e.g. a names list of the wrong length).
    case invalidArgument(String)
    /// A library bundle that cannot be imported; `detail` names the first problem.
    case invalidBundle(String)
    /// The store file is read-only: reads work, this write does not.
    case readOnly(path: String)
    /// The file is not a readable Fonsters library. It is left untouched.
    case corrupt(path: String, detail: String)
    /// The file was written by a newer version of this program. It is left untouched.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The disk (or the store's size limit) is full; the operation was rolled back.
    case diskFull(path: String)
    /// The store cannot be opened or used right now (missing directory, I/O error, locked too long).
    case unavailable(path: String, detail: String)

    /// A stable machine-readable name of the case, e.g. `"notFound"`.
    public var code: String {
        switch self {
        case .notFound: "notFound"
        case .nothingToUndo: "nothingToUndo"
        case .nothingToRedo: "nothingToRedo"
        case .noRandomSource: "noRandomSource"
        case .frameOutOfRange: "frameOutOfRange"
        case .indexOutOfRange: "indexOutOfRange"
        case .tooLong: "tooLong"
        case .tooMany: "tooMany"
        case .invalidArgument: "invalidArgument"
        case .invalidBundle: "invalidBundle"
        case .readOnly: "readOnly"
        case .corrupt: "corrupt"
        case .newerSchema: "newerSchema"
        case .diskFull: "diskFull"
        case .unavailable: "unavailable"
        }
    }

    /// A sentence for people, naming the Fonster, value or file involved.
    public var message: String {
        switch self {
        case .notFound(let id): "No Fonster has the id \(id.uuidString)."
        case .nothingToUndo(let id): "Fonster \(id.uuidString) has nothing to undo."
        case .nothingToRedo(let id): "Fonster \(id.uuidString) has nothing to redo."
        case .noRandomSource(let id): "Fonster \(id.uuidString) has no random source to refresh; load random text first."
        case .frameOutOfRange(let frame, let count):
            count == 0 ? "Frame \(frame) does not exist: the seed has no frames."
                : "Frame \(frame) does not exist: the seed has frames 1 to \(count)."
        case .indexOutOfRange(let index, let count): "Index \(index) is outside the list of \(count)."
        case .tooLong(let field, let length, let limit):
            "The \(field) is \(length) UTF-16 units long; the limit is \(limit)."
        case .tooMany(let count, let limit): "\(count) items in one import; the limit is \(limit)."
        case .invalidArgument(let detail): detail
        case .invalidBundle(let detail): "Not a valid Fonsters library bundle: \(detail)"
        case .readOnly(let path): "The library \(path) is read-only; nothing was changed."
        case .corrupt(let path, let detail): "The library \(path) is not a readable Fonsters library (\(detail)). It was left untouched."
        case .newerSchema(let path, let found, let supported):
            "The library \(path) has schema version \(found), newer than version \(supported) that this program knows. It was left untouched; update the program."
        case .diskFull(let path): "The disk holding the library \(path) is full; nothing was changed."
        case .unavailable(let path, let detail): "The library \(path) cannot be used: \(detail)"
        }
    }

    /// Same as `message`.
    public var description: String { message }
    /// Same as `message`, for Foundation's error reporting.
    public var errorDescription: String? { message }
}
