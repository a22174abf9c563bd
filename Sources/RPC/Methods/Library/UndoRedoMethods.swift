import Foundation
import FonsterStore

/// `fonsters/undo`: undoes a Fonster's last seed edit.
enum UndoMethod: RPCMethod {
    typealias Params = IDParams
    static let name = "fonsters/undo"
    static let summary = "Undoes a Fonster's last seed edit."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .nothingToUndo] + LibraryErrors.edit
    static var heaviest: JSONValue { IDParams.heaviest }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Fonster {
        try await context.withStore { store throws(StoreError) in try store.undo(params.id) }
    }
}

/// `fonsters/redo`: redoes a Fonster's last undone seed edit.
enum RedoMethod: RPCMethod {
    typealias Params = IDParams
    static let name = "fonsters/redo"
    static let summary = "Redoes a Fonster's last undone seed edit."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .nothingToRedo] + LibraryErrors.edit
    static var heaviest: JSONValue { IDParams.heaviest }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Fonster {
        try await context.withStore { store throws(StoreError) in try store.redo(params.id) }
    }
}
