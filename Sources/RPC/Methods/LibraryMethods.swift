import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/*`: the library — list, get, create, update, delete, duplicate, move, undo, redo,
/// random text, refresh and use-frame. Each edit returns the updated Fonster.
enum LibraryMethods {
    /// What any library request may meet when the store is opened or used.
    static let storeErrors: [ErrorCode] = [.storeUnavailable, .storeCorrupt, .storeTooNew]
    /// What any edit may meet besides (1014: the file was removed or replaced under the server).
    static let editErrors: [ErrorCode] = storeErrors + [.storeReadOnly, .storeReplaced]

    static func declarations(_ context: ServerContext) -> [MethodDeclaration] {
        [
            MethodDeclaration("fonsters/list", "Every Fonster in library order, optionally with thumbnails.",
                              effect: .readsLibrary, errors: [.invalidParams] + storeErrors + [.requestCancelled]) { params, request in
                let p = try Params(params)
                var thumbnail: (ImageFormat, ImageSize)?
                if let options = p.object["thumbnails"], !options.isNull {
                    guard let object = options.object else {
                        throw ResponseError.invalidParams(field: "thumbnails", "'thumbnails' must be an object {format, size}.")
                    }
                    let t = try Params(.object(object))
                    thumbnail = (try t.format(), try t.size(default: 64))
                }
                let fonsters = try await context.withStore { store throws(StoreError) in try store.list() }
                request.leaveOrder()
                let now = Date()
                let thumbnailOptions = thumbnail
                let items = try await request.compute { () throws(ResponseError) -> [JSONValue] in
                    var items: [JSONValue] = []
                    items.reserveCapacity(fonsters.count)
                    var bytes = 0
                    for (index, fonster) in fonsters.enumerated() {
                        try request.checkpoint()
                        var item = fonster.json(now: now)
                        if let (format, size) = thumbnailOptions {
                            let engine = EngineVersion(rawValue: fonster.engine) ?? context.defaultEngine
                            let image = try CreatureMethods.render(Creature(seed: fonster.seed, engine: engine), format: format,
                                                                   size: size, request: request)
                            let dataURI = image.dataURI
                            // Stops as soon as the answer would pass the limit, as frames do.
                            bytes += dataURI.utf8.count + fonster.seed.utf8.count + fonster.name.utf8.count + 512
                            if bytes > request.maxResponseBytes {
                                throw ResponseError(
                                    code: .responseTooLarge,
                                    message: "The list with \(size.pixels)-pixel \(format.rawValue) thumbnails would take more than \(request.maxResponseBytes) bytes; the first \(index) of \(fonsters.count) fit. Ask for smaller thumbnails, or list without them and draw each with creature/render.",
                                    data: ["field": "thumbnails", "limit": .int(Int64(request.maxResponseBytes)), "fit": .int(Int64(index))])
                            }
                            item = item.merging([("thumbnail", .string(dataURI))])
                        }
                        items.append(item)
                    }
                    return items
                }
                return ["fonsters": .array(items)]
            },
            MethodDeclaration("fonsters/get", "One Fonster.", effect: .readsLibrary,
                              errors: [.invalidParams, .notFound] + storeErrors) { params, _ in
                let id = try Params(params).id()
                return try await context.withStore { store throws(StoreError) in try store.get(id) }.json()
            },
            MethodDeclaration("fonsters/create", "Adds a Fonster at the end of the library.", effect: .writesLibrary,
                              errors: [.invalidParams, .seedTooLong] + editErrors) { params, _ in
                let p = try Params(params)
                let name = try p.string("name") ?? "", seed = try p.string("seed") ?? ""
                let id = p.has("id") ? try p.id() : nil
                let engine = try p.engine() ?? context.defaultEngine
                try Target.checkLength(name, field: "name")
                try Target.checkLength(seed, field: "seed")
                return try await context.withStore(field: "id") { store throws(StoreError) in
                    try store.create(name: name, seed: seed, id: id, engine: engine)
                }.json()
            },
            MethodDeclaration("fonsters/update", "Renames a Fonster, changes its seed (undoable) and/or switches its engine, in one edit.",
                              effect: .writesLibrary, errors: [.invalidParams, .notFound, .seedTooLong] + editErrors) { params, _ in
                let p = try Params(params)
                let id = try p.id()
                let name = try p.string("name"), seed = try p.string("seed"), engine = try p.engine()
                if name == nil && seed == nil && engine == nil {
                    throw ResponseError.invalidParams(field: "seed", "Give 'name', 'seed' or 'engine' to change; this request gives none of them.")
                }
                if let name { try Target.checkLength(name, field: "name") }
                if let seed { try Target.checkLength(seed, field: "seed") }
                return try await context.withStore { store throws(StoreError) in
                    try store.edit(id, name: name, seed: seed, engine: engine)
                }.json()
            },
            MethodDeclaration("fonsters/delete", "Removes a Fonster.", effect: .writesLibrary,
                              errors: [.invalidParams, .notFound] + editErrors) { params, _ in
                let id = try Params(params).id()
                try await context.withStore { store throws(StoreError) in try store.delete(id) }
                return ["id": .string(id.uuidString), "deleted": true]
            },
            MethodDeclaration("fonsters/duplicate", "Copies a Fonster (new id, same name, seed and history).",
                              effect: .writesLibrary, errors: [.invalidParams, .notFound] + editErrors) { params, _ in
                let id = try Params(params).id()
                return try await context.withStore { store throws(StoreError) in try store.duplicate(id) }.json()
            },
            MethodDeclaration("fonsters/move", "Moves a Fonster to another place in the library.", effect: .writesLibrary,
                              errors: [.invalidParams, .notFound] + editErrors) { params, _ in
                let p = try Params(params)
                let id = try p.id(), index = try p.requiredInt("index")
                return try await context.withStore(field: "index") { store throws(StoreError) in try store.move(id, to: index) }.json()
            },
            MethodDeclaration("fonsters/undo", "Undoes a Fonster's last seed edit.", effect: .writesLibrary,
                              errors: [.invalidParams, .notFound, .nothingToUndo] + editErrors) { params, _ in
                let id = try Params(params).id()
                return try await context.withStore { store throws(StoreError) in try store.undo(id) }.json()
            },
            MethodDeclaration("fonsters/redo", "Redoes a Fonster's last undone seed edit.", effect: .writesLibrary,
                              errors: [.invalidParams, .notFound, .nothingToRedo] + editErrors) { params, _ in
                let id = try Params(params).id()
                return try await context.withStore { store throws(StoreError) in try store.redo(id) }.json()
            },
            MethodDeclaration("fonsters/random", "Replaces or prefixes a Fonster's seed with random text.",
                              effect: .writesLibrary, errors: [.invalidParams, .notFound, .seedTooLong] + editErrors + [.requestCancelled]) { params, request in
                let p = try Params(params)
                let id = try p.id()
                let sourceName = try p.requiredString("source")
                guard let source = RandomSource(rawValue: sourceName) else {
                    let known = RandomSource.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ResponseError.invalidParams(field: "source", "'source' must be one of \(known); \"\(sourceName.prefix(40))\" is not one.")
                }
                let mode = try p.string("mode") ?? "replace"
                guard mode == "replace" || mode == "prepend" else {
                    throw ResponseError.invalidParams(field: "mode", "'mode' must be \"replace\" or \"prepend\"; \"\(mode.prefix(40))\" is neither.")
                }
                return try await randomEdit(context, request, id: id, source: source, prepend: mode == "prepend")
            },
            MethodDeclaration("fonsters/refresh", "Loads new random text from the Fonster's remembered source.",
                              effect: .writesLibrary, errors: [.invalidParams, .notFound, .noRandomSource] + editErrors + [.requestCancelled]) { params, request in
                let id = try Params(params).id()
                return try await randomEdit(context, request, id: id, source: nil, prepend: false)
            },
            MethodDeclaration("fonsters/useFrame", "Makes an evolution frame's prefix the seed (one undoable edit).",
                              effect: .writesLibrary, errors: [.invalidParams, .notFound, .frameOutOfRange] + editErrors) { params, _ in
                let p = try Params(params)
                let id = try p.id(), frame = try p.requiredInt("frame")
                return try await context.withStore(field: "frame") { store throws(StoreError) in try store.useFrame(id, frame: frame) }.json()
            },
        ]
    }

    /// Fetches random text (from the endpoint or locally), then — unless the request was
    /// cancelled meanwhile, so a cancelled request changes nothing — applies it as one undoable
    /// edit. `source` nil repeats the Fonster's remembered source (refresh). The request keeps
    /// its place in order throughout: a later read sees the edit.
    static func randomEdit(_ context: ServerContext, _ request: RequestContext, id: UUID,
                           source: RandomSource?, prepend: Bool) async throws -> JSONValue {
        let (fonster, store) = try await context.withStore { store throws(StoreError) in (try store.get(id), store) }
        guard let source = source ?? fonster.randomSource else { throw ResponseError(StoreError.noRandomSource(id)) }
        let (text, usedFallback) = await store.randomText.text(for: source)
        try request.checkCancellation()
        let edited = try await context.withStore { store throws(StoreError) in
            try store.applyRandomText(id, text: text, source: source, prepend: prepend)
        }
        return edited.json().merging([("usedFallback", .bool(usedFallback))])
    }
}
