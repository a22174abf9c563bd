import Foundation
import CreatureCore

/// Every failure of the library, each with a stable `code` for clients and a human `message`.
/// An operation that throws has changed nothing.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No Fonster has this id.
    case notFound(UUID)
    /// The trash holds no Fonster with this id (never deleted, restored, or purged).
    case notInTrash(UUID)
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
    case tooLong(TextLimit.TooLong)
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
    /// The store file was removed or replaced by another file while it was open: writes are
    /// refused (they would vanish), reads go on. Reopening the store is the way out.
    case storeReplaced(path: String)
    /// A store location that can never be opened (an empty path); `detail` says why.
    case invalidLocation(path: String, detail: String)
    /// The same list index appears twice in a selection (e.g. `select` of a bundle import).
    case repeatedIndex(index: Int)
    /// The request was cancelled before its write committed (`WriteGate`): nothing was changed.
    case cancelled

    /// A stable machine-readable name of the case, e.g. `"notFound"`.
    public var code: String {
        switch self {
        case .notFound: "notFound"
        case .notInTrash: "notInTrash"
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
        case .storeReplaced: "storeReplaced"
        case .invalidLocation: "invalidLocation"
        case .repeatedIndex: "repeatedIndex"
        case .cancelled: "cancelled"
        }
    }

    /// A full sentence for people, naming the Fonster, field, value or file involved.
    public var message: String {
        switch self {
        case .notFound(let id): "No Fonster has the id \(id.uuidString)."
        case .notInTrash(let id):
            "The trash holds no Fonster with the id \(id.uuidString): it was never deleted, or it was restored or purged since."
        case .nothingToUndo(let id): "The Fonster \(id.uuidString) has no earlier seed to undo to."
        case .nothingToRedo(let id): "The Fonster \(id.uuidString) has no undone seed to redo."
        case .noRandomSource(let id):
            "The Fonster \(id.uuidString) has never loaded random text, so there is nothing to refresh; load random text first."
        case .frameOutOfRange(let frame, let count):
            count == 0 ? "Frame \(frame) does not exist: this seed is blank, so it has no frames."
                : "Frame \(frame) does not exist: this seed has frames 1 to \(count)."
        case .indexOutOfRange(let index, let count):
            count == 0 ? "Index \(index) does not exist: the list is empty."
                : "Index \(index) does not exist: the list has \(count) \(count == 1 ? "entry" : "entries"), numbered 0 to \(count - 1)."
        case .tooLong(let tooLong): tooLong.message
        case .tooMany(let count, let limit):
            "One import can add at most \(Self.grouped(limit)) Fonsters; this one has \(Self.grouped(count))."
        case .invalidArgument(let detail): detail
        case .invalidBundle(let detail): "This library bundle cannot be imported: \(detail)."
        case .readOnly(let path): "The library \(path) is read-only, so nothing was changed."
        case .corrupt(let path, let detail): "The file \(path) is not a readable Fonsters library (\(detail)); it was left untouched."
        case .newerSchema(let path, let found, let supported):
            "The library \(path) has schema version \(found), newer than version \(supported) that this program knows; it was left untouched, so update fonsters-rpc to use it."
        case .diskFull(let path):
            "The disk holding the library \(path) is full, so nothing was changed; free some space on it and try again (deleting Fonsters still works)."
        case .unavailable(let path, let detail): "The library \(path) cannot be used: \(detail)."
        case .storeReplaced(let path):
            "The library file \(path) was removed or replaced while fonsters-rpc was running; this change was not saved. Restart fonsters-rpc to open the library again."
        case .invalidLocation(let path, let detail): "The library path \"\(path)\" cannot be used: \(detail)."
        case .repeatedIndex(let index): "Index \(index) is selected more than once; select each entry at most once."
        case .cancelled: "The request was cancelled before its change was saved, so nothing was changed."
        }
    }

    /// `12,345`: a count as people write it.
    static func grouped(_ n: Int) -> String { English.grouped(n) }

    /// Same as `message`.
    public var description: String { message }

    /// Whether a full disk may be the cause: SQLite said so, or could not make or grow a file.
    var mayBeFullDisk: Bool {
        switch self {
        case .diskFull: true
        case .unavailable(_, let detail): !detail.hasPrefix(Database.busyDetail)
        default: false
        }
    }
    /// Same as `message`, for Foundation's error reporting.
    public var errorDescription: String? { message }
}
