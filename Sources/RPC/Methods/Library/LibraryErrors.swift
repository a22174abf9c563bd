import Foundation
import FonsterStore

/// What the library methods share: their errors and the params of the methods that take an id.
enum LibraryErrors {
    /// What any library request may meet when the store is opened or used.
    static let store: [ErrorCode] = [.storeUnavailable, .storeCorrupt, .storeTooNew]
    /// What any edit may meet besides (1014: the file was removed or replaced under the server).
    static let edit: [ErrorCode] = store + [.storeReadOnly, .storeReplaced]
}

/// `{id}`: the params of a method about one Fonster.
struct IDParams: MethodParams {
    let id: UUID
    init(_ p: ParamReader) throws(ResponseError) {
        id = try p.required("id", "The Fonster's id.")
    }
    /// The heaviest: the test library's Fonster.
    static var heaviest: JSONValue { ["id": .string(HeavyParams.fonster)] }
}
