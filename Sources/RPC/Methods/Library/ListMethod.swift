import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/list`: the Fonsters in library order, a page at a time, optionally with thumbnails.
enum ListMethod: RPCMethod {
    struct Params: MethodParams {
        var start: Count?
        var count: Count?
        var thumbnails: Thumbnails?
        static var notes: [String: String] {
            [
                "start": "The first place to list, from 0 (default 0).",
                "count": "How many to list at most (default: all from start).",
                "thumbnails": "Add a thumbnail data URI (and its etag) to each Fonster: {format, size, background} (default png, 64 px, transparent).",
            ]
        }
    }

    /// The thumbnails asked for.
    struct Thumbnails: Decodable, Sendable {
        var format: ImageFormat?
        var size: ImageSize?
        var background: Background?
    }

    static let name = "fonsters/list"
    static let summary = "The Fonsters in library order, a page at a time, optionally with thumbnails."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams] + LibraryErrors.store + [.requestCancelled, .responseTooLarge]
    static let result = Schema.json(#"""
    {"type":"object","properties":{"fonsters":{"type":"array","items":{"$ref":"#/components/schemas/ListedFonster"}},
     "total":{"type":"integer","minimum":0},"start":{"type":"integer","minimum":0}},
     "required":["fonsters","total","start"],"additionalProperties":false}
    """#)

    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        guard let thumbnails = params.thumbnails else { return }
        let format = thumbnails.format ?? .png, pixels = (thumbnails.size ?? .thumbnail).pixels
        let page = min(params.count?.value ?? 64, 64)  // the library's size is not known yet
        scheduling.bytes = 2 * max(1, page) * RequestCost.dataURI(RequestCost.imageBytes(format, pixels: pixels).typical)
            + RequestCost.workingBytes(format, pixels: pixels)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let start = params.start?.value ?? 0, count = params.count?.value
        guard params.thumbnails != nil else {
            let limit = request.maxResponseBytes
            let (list, fit, total) = try await context.withStore { store throws(StoreError) in
                try written(store, start: start, count: count, limit: limit) { request.isCancelled }
            }
            try request.checkCancellation()
            guard let list else {
                throw ResponseError(
                    code: .responseTooLarge,
                    message: "The list would take more than \(limit) bytes; the first \(fit) of \(total - start) fit. Ask for a page with 'start' and 'count'.",
                    data: ["field": "count", "limit": .int(Int64(limit)), "fit": .int(Int64(fit))])
            }
            return list
        }
        let (fonsters, total) = try await context.withStore { store throws(StoreError) in
            try store.list(start: start, count: count)
        }
        request.leaveOrder()
        let thumbnail = params.thumbnails.map { ($0.format ?? .png, $0.size ?? ImageSize.thumbnail, $0.background) }
        let defaultEngine = context.defaultEngine
        let items = try await request.compute { () throws(ResponseError) -> [JSONValue] in
            var items: [JSONValue] = []
            items.reserveCapacity(fonsters.count)
            var bytes = 0
            var birthdays = Birthdays(now: Date())
            for (index, fonster) in fonsters.enumerated() {
                try request.checkpoint()
                var item = fonster.json(birthday: birthdays.isBirthday(fonster))
                if let (format, size, background) = thumbnail {
                    let engine = EngineVersion(rawValue: fonster.engine) ?? defaultEngine
                    let image = try CreatureJSON.render(Creature(seed: fonster.seed, engine: engine), format: format,
                                                        size: size, background: background, request: request)
                    let dataURI = image.dataURI
                    // Stops as soon as the answer would pass the limit, as frames do.
                    bytes += dataURI.utf8.count + fonster.seed.utf8.count + fonster.name.utf8.count + 512
                    if bytes > request.maxResponseBytes {
                        throw ResponseError(
                            code: .responseTooLarge,
                            message: "The list with \(size.pixels)-pixel \(format.rawValue) thumbnails would take more than \(request.maxResponseBytes) bytes; the first \(index) of \(fonsters.count) fit. Ask for a page with 'start' and 'count', or smaller thumbnails.",
                            data: ["field": "count", "limit": .int(Int64(request.maxResponseBytes)), "fit": .int(Int64(index))])
                    }
                    item = item.merging([("thumbnail", .string(dataURI)), ("etag", .string(image.etag))])
                }
                items.append(item)
            }
            return items
        }
        return ["fonsters": .array(items), "total": .int(Int64(total)), "start": .int(Int64(start))]
    }

    /// The answer without thumbnails, written straight from the store's rows (no `Fonster` nor
    /// JSON value made per row: a list of 100,000 costs about a microsecond a Fonster), and the
    /// library's count. Nil, with how many fit, when it would pass `limit` bytes; stops early
    /// once `cancelled` says so (every 256 rows).
    static func written(_ store: FonsterStore, start: Int, count: Int?, limit: Int, now: Date = Date(),
                        cancelled: () -> Bool) throws(StoreError) -> (list: JSONValue?, fit: Int, total: Int) {
        var out = JSONWriter(capacity: 1 << 16)
        var birthdays = Birthdays(now: now), zone = ""
        var written = 0, fits = true
        out.beginObject()
        out.key("fonsters")
        out.beginArray()
        let total = try store.visitList(start: start, count: count) { row in
            // Room for the page at about 300 bytes a Fonster: growing a 28-MB buffer by doubling
            // would copy it and touch twice the memory.
            if written == 0 { out.reserveCapacity(min(limit, row.pageSize * 300 + 256)) }
            row.write(into: &out, birthdays: &birthdays, zone: &zone)
            fits = out.count + 64 <= limit
            if fits { written += 1 }
            return fits && (written % 256 != 0 || !cancelled())
        }
        out.endArray()
        out.key("total")
        out.int(total)
        out.key("start")
        out.int(start)
        out.endObject()
        return (fits ? Optional(out.serialized()) : .none, written, total)
    }
}
