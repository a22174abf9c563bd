import Foundation
import FonsterStore

/// `fonsters/random`: replaces or prefixes a Fonster's seed with random text.
enum RandomMethod: RPCMethod {
    struct Params: MethodParams {
        let id: UUID, source: RandomSource, mode: Mode?
        init(_ p: ParamReader) throws(ResponseError) {
            id = try p.required("id", "The Fonster's id.")
            source = try p.required("source", "Where the text comes from.")
            mode = try p.optional("mode", "replace the seed (default), or prepend the text and a space to it.")
        }
    }

    /// Replace the seed, or put the text before it.
    enum Mode: String, ParamChoice, Sendable { case replace, prepend }

    static let name = "fonsters/random"
    static let summary = "Replaces or prefixes a Fonster's seed with random text."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .seedTooLong] + LibraryErrors.edit + [.requestCancelled]
    static var heaviest: JSONValue { ["id": .string(HeavyParams.fonster), "source": "quote", "mode": "prepend"] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> RandomEdit {
        try await randomEdit(context, request, id: params.id, source: params.source, prepend: params.mode == .prepend)
    }

    /// Fetches random text (from the endpoint or locally), then — unless the request was
    /// cancelled meanwhile, so a cancelled request changes nothing — applies it as one undoable
    /// edit. `source` nil repeats the Fonster's remembered source (refresh). The request keeps
    /// its place in order throughout: a later read sees the edit.
    static func randomEdit(_ context: ServerContext, _ request: RequestContext, id: UUID,
                           source: RandomSource?, prepend: Bool) async throws -> RandomEdit {
        let (fonster, store) = try await context.withStore { store throws(StoreError) in (try store.get(id), store) }
        guard let source = source ?? fonster.randomSource else { throw ResponseError(StoreError.noRandomSource(id)) }
        let (text, usedFallback) = await store.randomText.text(for: source)
        try request.checkCancellation()
        let edited = try await context.withStore { store throws(StoreError) in
            try store.applyRandomText(id, text: text, source: source, prepend: prepend)
        }
        return RandomEdit(fonster: edited, usedFallback: usedFallback)
    }
}

/// `fonsters/refresh`: loads new random text from the Fonster's remembered source.
enum RefreshMethod: RPCMethod {
    typealias Params = IDParams
    static let name = "fonsters/refresh"
    static let summary = "Loads new random text from the Fonster's remembered source."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .notFound, .noRandomSource] + LibraryErrors.edit + [.requestCancelled]
    static var heaviest: JSONValue { IDParams.heaviest }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> RandomEdit {
        try await RandomMethod.randomEdit(context, request, id: params.id, source: nil, prepend: false)
    }
}
