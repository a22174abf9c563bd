import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/*`: the library — list, get, create, update, delete, duplicate, move, undo, redo,
/// random text, refresh and use-frame. Each edit returns the updated Fonster.
enum LibraryMethods {
    static func register(on server: RPCServer, context: ServerContext) {
        server.register(method: "fonsters/list") { params, request in
            let p = try Params(params)
            var thumbnail: (ImageFormat, ImageSize)?
            if let options = p.object["thumbnails"], !options.isNull {
                guard let object = options.object else {
                    throw ResponseError.invalidParams(field: "thumbnails", "'thumbnails' must be an object {format, size}")
                }
                let t = try Params(.object(object))
                thumbnail = (try t.format(), try t.size(default: 64))
            }
            let fonsters = try context.withStore { store throws(StoreError) in try store.list() }
            let now = Date()
            var items: [JSONValue] = []
            items.reserveCapacity(fonsters.count)
            for fonster in fonsters {
                try request.checkCancellation()
                var item = fonster.json(now: now)
                if let (format, size) = thumbnail {
                    let image = try CreatureMethods.render(Creature(seed: fonster.seed), format: format, size: size)
                    item = item.merging([("thumbnail", .string(image.dataURI))])
                }
                items.append(item)
            }
            return ["fonsters": .array(items)]
        }
        server.register(method: "fonsters/get") { params, _ in
            let id = try Params(params).id()
            return try context.withStore { store throws(StoreError) in try store.get(id) }.json()
        }
        server.register(method: "fonsters/create") { params, _ in
            let p = try Params(params)
            let name = try p.string("name") ?? "", seed = try p.string("seed") ?? ""
            let id = p.has("id") ? try p.id() : nil
            try Target.checkLength(name, field: "name")
            try Target.checkLength(seed, field: "seed")
            return try context.withStore(field: "id") { store throws(StoreError) in try store.create(name: name, seed: seed, id: id) }.json()
        }
        server.register(method: "fonsters/update") { params, _ in
            let p = try Params(params)
            let id = try p.id()
            let name = try p.string("name"), seed = try p.string("seed")
            if name == nil && seed == nil { throw ResponseError.invalidParams(field: "seed", "give 'name' and/or 'seed' to change") }
            if let name { try Target.checkLength(name, field: "name") }
            if let seed { try Target.checkLength(seed, field: "seed") }
            return try context.withStore { store throws(StoreError) in try store.edit(id, name: name, seed: seed) }.json()
        }
        server.register(method: "fonsters/delete") { params, _ in
            let id = try Params(params).id()
            try context.withStore { store throws(StoreError) in try store.delete(id) }
            return ["id": .string(id.uuidString), "deleted": true]
        }
        server.register(method: "fonsters/duplicate") { params, _ in
            let id = try Params(params).id()
            return try context.withStore { store throws(StoreError) in try store.duplicate(id) }.json()
        }
        server.register(method: "fonsters/move") { params, _ in
            let p = try Params(params)
            let id = try p.id(), index = try p.requiredInt("index")
            return try context.withStore(field: "index") { store throws(StoreError) in try store.move(id, to: index) }.json()
        }
        server.register(method: "fonsters/undo") { params, _ in
            let id = try Params(params).id()
            return try context.withStore { store throws(StoreError) in try store.undo(id) }.json()
        }
        server.register(method: "fonsters/redo") { params, _ in
            let id = try Params(params).id()
            return try context.withStore { store throws(StoreError) in try store.redo(id) }.json()
        }
        server.register(method: "fonsters/useFrame") { params, _ in
            let p = try Params(params)
            let id = try p.id(), frame = try p.requiredInt("frame")
            return try context.withStore(field: "frame") { store throws(StoreError) in try store.useFrame(id, frame: frame) }.json()
        }
        server.register(method: "fonsters/random") { params, request in
            let p = try Params(params)
            let id = try p.id()
            let sourceName = try p.requiredString("source")
            guard let source = RandomSource(rawValue: sourceName) else {
                throw ResponseError.invalidParams(field: "source", "'source' must be one of quote, words, uuid, lorem (got \"\(sourceName.prefix(40))\")")
            }
            let mode = try p.string("mode") ?? "replace"
            guard mode == "replace" || mode == "prepend" else {
                throw ResponseError.invalidParams(field: "mode", "'mode' must be \"replace\" or \"prepend\" (got \"\(mode.prefix(40))\")")
            }
            return try await randomEdit(context, request, id: id, source: source, prepend: mode == "prepend")
        }
        server.register(method: "fonsters/refresh") { params, request in
            let id = try Params(params).id()
            return try await randomEdit(context, request, id: id, source: nil, prepend: false)
        }
    }

    /// Fetches random text (from the endpoint or locally), then — unless the request was
    /// cancelled meanwhile, so a cancelled request changes nothing — applies it as one undoable
    /// edit. `source` nil repeats the Fonster's remembered source (refresh).
    static func randomEdit(_ context: ServerContext, _ request: RequestContext, id: UUID,
                           source: RandomSource?, prepend: Bool) async throws -> JSONValue {
        let fonster = try context.withStore { store throws(StoreError) in try store.get(id) }
        guard let source = source ?? fonster.randomSource else { throw ResponseError(StoreError.noRandomSource(id)) }
        let store = try context.store()
        let (text, usedFallback) = await store.randomText.text(for: source)
        try request.checkCancellation()
        let edited = try context.withStore { store throws(StoreError) in
            try store.applyRandomText(id, text: text, source: source, prepend: prepend)
        }
        return edited.json().merging([("usedFallback", .bool(usedFallback))])
    }
}
