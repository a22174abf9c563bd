import Foundation
import CreatureCore
import FonsterDocument

/// Variants of a seed line whose pictures are unlike every other line's (not the same, not
/// nearly), found by `CreatureSearch` with small bounds: for the code action (keeping the line's
/// traits where it can) and for completion.
enum DistinctVariants {
    /// The most candidates one try takes, and its time.
    static let maxCandidates = 20_000
    static let timeLimit = 0.25

    /// The traits to keep, most first: the mode, the kind of creature and the main colour; then
    /// fewer; then none.
    static func wantTiers(_ creature: Creature) -> [SearchWants] {
        let c = creature.configuration
        var mode = [("mode", c.mode.rawValue)]
        if c.mode == .creature && c.tier >= 4 { mode.append(("creatureType", c.creatureType.rawValue)) }
        let colour = Picture.shownColours(creature).dominant.map { [("color", "#" + $0.hex)] } ?? []
        let tiers = [mode + colour, [mode[0]] + colour, [mode[0]], []]
        return tiers.compactMap { try? SearchWants(pairs: $0) }
    }

    /// Up to `limit` variants of seed line `index` of `analysis` drawing pictures unlike every
    /// other line's, trying `tiers` of wants in turn until one finds some.
    static func find(_ index: Int, in analysis: DocumentAnalysis, limit: Int, tiers: [SearchWants],
                     request: RequestContext) throws(ResponseError) -> [CreatureSearch.Result] {
        let line = analysis.seeds[index], cache = analysis.cache
        let others = analysis.pictures(except: index)
        let unlike = others.map { cache.picture($0) }
        for wants in tiers {
            var search = CreatureSearch.Request(base: line.seed, wants: wants, engine: line.engine)
            search.limit = limit * 3
            search.unlike = unlike
            search.maxCandidates = maxCandidates
            search.timeLimit = timeLimit
            search.threads = 1
            let outcome: CreatureSearch.Outcome
            do { outcome = try CreatureSearch.run(search, isCancelled: { request.takeTurn() }) }
            catch is CancellationError { throw .requestCancelled }
            catch { continue }
            // Not nearly like another line either.
            let distinct = outcome.results.filter { result in
                result.seed.utf16.count <= TextLimit.maxLength && FonstersFormat.line(for: result.seed) != nil
                    && !cache.nearlyAlike(cache.add(PictureCache.Key(seed: result.seed, engine: line.engine), result.picture))
                        .contains { others.contains($0.id) }
            }
            if !distinct.isEmpty { return Array(distinct.prefix(limit)) }
        }
        return []
    }
}
