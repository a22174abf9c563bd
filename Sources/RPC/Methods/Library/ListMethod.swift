import Foundation
import CreatureCore
import FonsterStore

/// `fonsters/list`: the Fonsters in library order, a page at a time, optionally with thumbnails.
enum ListMethod: RPCMethod {
    struct Params: MethodParams {
        let start: Count?, count: Count?, thumbnails: Thumbnails?
        init(_ p: ParamReader) throws(ResponseError) {
            start = try p.optional("start", "The first place to list, from 0 (default 0).")
            count = try p.optional("count", "How many to list at most (default: all from start).")
            thumbnails = try p.optional("thumbnails", """
                Add a thumbnail data URI (and its etag) to each Fonster: {format, size, background} (default png, 64 px, transparent).
                """)
        }
    }

    /// The thumbnails asked for.
    struct Thumbnails: MethodParams {
        let format: ImageFormat?, size: ImageSize?, background: Background?
        init(_ p: ParamReader) throws(ResponseError) {
            format = try p.optional("format")
            size = try p.optional("size")
            background = try p.optional("background")
        }
    }

    /// A page of the library.
    struct Result: ResultObject {
        let fonsters: Page, total: Int, start: Int
        static let members: [Member<Result>] = [
            Member("fonsters") { $0.fonsters },
            Member("total", schema: Schema.integer(minimum: 0)) { $0.total },
            Member("start", schema: Schema.integer(minimum: 0)) { $0.start },
        ]
    }

    /// The page's Fonsters: each with its thumbnail, or (without thumbnails) as copied from the
    /// store's rows.
    enum Page: ResultValue {
        case withThumbnails([ListedFonster])
        case rows(ListedPage)
        static var schema: JSONValue { [ListedFonster].schema }
        func write(to out: inout JSONWriter) {
            switch self {
            case .withThumbnails(let fonsters): fonsters.write(to: &out)
            case .rows(let page): page.write(to: &out)
            }
        }
    }

    static let name = "fonsters/list"
    static let summary = "The Fonsters in library order, a page at a time, optionally with thumbnails."
    static let effect = MethodDeclaration.Effect.readsLibrary
    static let errors: [ErrorCode] = [.invalidParams] + LibraryErrors.store + [.requestCancelled, .responseTooLarge]
    static var heaviest: JSONValue { ["thumbnails": ["format": "jpeg", "size": 2048, "background": "sky"]] }

    static func estimate(_ params: Params, into scheduling: inout Scheduling) {
        guard let thumbnails = params.thumbnails else { return }
        let format = thumbnails.format ?? .png, pixels = (thumbnails.size ?? .thumbnail).pixels
        let page = min(params.count?.value ?? 64, 64)  // the library's size is not known yet
        scheduling.bytes = 2 * max(1, page) * RequestCost.dataURI(RequestCost.imageBytes(format, pixels: pixels).typical)
            + RequestCost.workingBytes(format, pixels: pixels)
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let start = params.start?.value ?? 0, count = params.count?.value
        guard let thumbnails = params.thumbnails else {
            let limit = request.maxResponseBytes
            let (list, fit, total) = try await context.withStore { store throws(StoreError) in
                try copied(store, start: start, count: count, limit: limit) { request.isCancelled }
            }
            try request.checkCancellation()
            guard let list else {
                throw ResponseError(
                    code: .responseTooLarge,
                    message: "The list of \(total - start) Fonsters would take more than \(limit) bytes; at most \(fit) fit in one answer. "
                        + "Ask for a page at a time with 'start' and 'count'.",
                    data: ["field": "count", "limit": .int(Int64(limit)), "fit": .int(Int64(fit))])
            }
            return list
        }
        let (fonsters, total) = try await context.withStore { store throws(StoreError) in
            try store.list(start: start, count: count)
        }
        request.leaveOrder()
        let (format, size, background) = (thumbnails.format ?? .png, thumbnails.size ?? ImageSize.thumbnail, thumbnails.background)
        let items = try await request.compute { () throws(ResponseError) -> [ListedFonster] in
            var items: [ListedFonster] = []
            items.reserveCapacity(fonsters.count)
            var bytes = 0
            for (index, fonster) in fonsters.enumerated() {
                try request.checkpoint()
                let image = try CreatureMethods.render(Creature(seed: fonster.seed, engine: fonster.engine), format: format,
                                                       size: size, background: background, request: request)
                // Stops as soon as the answer would pass the limit, as frames do.
                bytes += ImageURI(image: image).length + fonster.seed.utf8.count + fonster.name.utf8.count + 512
                if bytes > request.maxResponseBytes {
                    throw ResponseError(
                        code: .responseTooLarge,
                        message: "The list with \(size.pixels)-pixel \(format.rawValue) thumbnails would take more than \(request.maxResponseBytes) bytes; the first "
                            + "\(index) of \(fonsters.count) fit. Ask for a page with 'start' and 'count', or smaller thumbnails.",
                        data: ["field": "count", "limit": .int(Int64(request.maxResponseBytes)), "fit": .int(Int64(index))])
                }
                items.append(ListedFonster(fonster: fonster, thumbnail: image))
            }
            return items
        }
        return Result(fonsters: .withThumbnails(items), total: total, start: start)
    }

    /// The fewest bytes one listed Fonster takes (its keys, punctuation, id, creation time and
    /// engine, with an empty name and seed): about 200, so 160 is a floor.
    static let leastRowBytes = 160

    /// The answer without thumbnails, copied straight from the store's rows (`ListedPage`), and
    /// the library's count. Nil, with how many fit, when it would pass `limit` bytes: an unpaged
    /// list of more Fonsters than `leastRowBytes` each can fit is refused from the count alone,
    /// before any row is read (then `fit` is an upper bound); stops early once `cancelled` says so
    /// (every 256 rows).
    static func copied(_ store: FonsterStore, start: Int, count: Int?, limit: Int, now: Date = Date(),
                       cancelled: () -> Bool) throws(StoreError) -> (list: Result?, fit: Int, total: Int) {
        if count == nil {
            let total = try store.count(), most = max(0, limit - 64) / leastRowBytes
            if total - start > most { return (nil, most, total) }
        }
        var page = ListedPage()
        var birthdays = Birthdays(now: now), zone = ""
        var fits = true
        let total = try store.visitList(start: start, count: count) { row in
            page.append(row, birthdays: &birthdays, zone: &zone)
            // 64: room for the page's total and start, and the response around it.
            fits = page.jsonCount + 64 <= limit
            return fits && (page.count % 256 != 0 || !cancelled())
        }
        guard fits else { return (nil, page.count - 1, total) }
        return (Result(fonsters: .rows(page), total: total, start: start), page.count, total)
    }
}
