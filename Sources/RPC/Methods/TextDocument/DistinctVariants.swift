import Foundation
import CreatureCore
import FonsterDocument

/// Variants of a seed line that look like no other line (`Likeness`: not the same disc in another
/// colour either) nor like each other, found by `DistinctVariantFinder` against the document's
/// picture cache: for the code actions (one variant a line) and for completion.
enum DistinctVariants {
    /// The most candidates one line's search draws.
    static let maxCandidates = 4_000

    /// Up to `limit` variants of seed line `index` of `analysis` that look like no other line, and
    /// like none of `alsoUnlike` (variants already given to other lines).
    static func find(_ index: Int, in analysis: DocumentAnalysis, limit: Int, alsoUnlike: LikenessIndex = LikenessIndex(),
                     request: RequestContext) throws(ResponseError) -> [DistinctVariantFinder.Found] {
        let line = analysis.seeds[index]
        return try search(base: line.seed, engine: line.engine, except: index, in: analysis, limit: limit, alsoUnlike: alsoUnlike, request: request)
    }

    /// Up to `limit` new seeds (two words) for an empty line at `line`, looking like no seed line.
    static func newSeeds(atLine line: Int, in analysis: DocumentAnalysis, limit: Int, request: RequestContext) throws(ResponseError) -> [DistinctVariantFinder.Found] {
        try search(base: "", engine: analysis.engine(atLine: line), except: nil, in: analysis, limit: limit, alsoUnlike: LikenessIndex(),
                   salt: UInt64(analysis.seeds.count) &* 0x9E37_79B9 &+ UInt64(line), request: request)
    }

    private static func search(base: String, engine: EngineVersion, except: Int?, in analysis: DocumentAnalysis, limit: Int,
                               alsoUnlike: LikenessIndex, salt: UInt64 = 0, request: RequestContext) throws(ResponseError) -> [DistinctVariantFinder.Found] {
        let cache = analysis.cache, others = analysis.pictures(except: except)
        let taken = { (picture: Picture) -> Bool in cache.alike(picture).contains { others.contains($0) } }
        let accept = { (seed: String) -> Bool in seed.utf16.count <= TextLimit.maxLength && FonstersFormat.line(for: seed) != nil }
        do {
            if base.isEmpty {
                return try DistinctVariantFinder.newSeeds(engine: engine, count: limit, unlike: alsoUnlike, taken: taken, salt: salt,
                                                          maxCandidates: maxCandidates, accept: accept, isCancelled: { request.takeTurn() })
            }
            return try DistinctVariantFinder.variants(of: base, engine: engine, count: limit, unlike: alsoUnlike, taken: taken,
                                                      maxCandidates: maxCandidates, accept: accept, isCancelled: { request.takeTurn() })
        } catch {
            throw .requestCancelled
        }
    }
}
