import Foundation
import CreatureCore
import FonsterStore

/// A share link given in `url`: read and checked where it comes in (each seed and name against
/// the length limit, at most `ShareLink.maxSeeds` of them), with the names and engines of its `meta`.
struct LinkSeeds: ParamValue, Sendable {
    let cards: [ShareLink.Card]
    /// The link's seeds, in order.
    var seeds: [String] { cards.map(\.seed) }
    static func param(_ json: JSONValue) throws(ParamInvalid) -> LinkSeeds {
        guard let url = json.string else { throw ParamInvalid("must be a share link (a string); it is \(json.kindName).") }
        let cards: [ShareLink.Card]
        do { cards = try ShareLink.parseCards(url) } catch { throw ParamInvalid(error) }
        for card in cards {
            do {
                try TextLimit.check(card.seed, field: "url")
                try TextLimit.check(card.name ?? "", field: "url")
            } catch { throw ParamInvalid(error) }
        }
        return LinkSeeds(cards: cards)
    }
    static var schema: JSONValue { ["type": "string"] }
    static var placeholder: LinkSeeds { LinkSeeds(cards: [ShareLink.Card(seed: " ")]) }
}

/// The errors of the share and bundle methods.
enum ShareErrors {
    /// A link that cannot be read, a seed too long or too many.
    static let link: [ErrorCode] = [.invalidParams, .badShareLink, .seedTooLong, .tooMany]
}

/// The result of `share/import` and `library/import`: the new Fonsters and how many of the
/// chosen ones were skipped as already in the library.
enum ImportJSON {
    /// Imports over this many items report `$/progress`.
    static let progressThreshold = 50

    /// The answer of an import made in `library`'s store: each created Fonster with its
    /// `sameAs` and `nearlyAs` in the library as it now is.
    static func result(_ result: ImportResult, library: LibraryPictures.Library, context: ServerContext,
                       request: RequestContext) async throws(ResponseError) -> ImportedFonsters {
        let created = try await context.pictures.annotate(result.created, in: library, request: request)
        return ImportedFonsters(created: created, skipped: result.skipped.count, unfinished: result.unfinished)
    }

    /// Runs an import between progress `begin` and `end` when it holds more than
    /// `progressThreshold` items; the `end` goes out however the import ends.
    static func withProgress(_ request: RequestContext, count: Int,
                             _ body: () async throws(ResponseError) -> ImportedFonsters) async throws(ResponseError) -> ImportedFonsters {
        guard count > progressThreshold else { return try await body() }
        return try await request.withProgress(title: "Importing \(count) Fonsters", body)
    }
}
