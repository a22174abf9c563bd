import Foundation
import CreatureCore
import FonsterStore

/// `sameAs` and `nearlyAs` of a Fonster just made or changed: the other Fonsters of the library
/// that draw the same picture, or nearly (`Lookalikes.nearlyMaxCells`). Pictures are kept by
/// Fonster id with the seed and engine they were drawn from, so an edit draws only what changed
/// and a call costs the library's list and a pass over the pictures (no copies of the Fonsters,
/// no text keys).
final class LookalikeFinder: Sendable {
    /// What a Fonster drew: from which seed and engine, and the picture.
    private struct Drawn {
        let seed: String
        let engine: EngineVersion
        let picture: Picture
    }

    /// Pictures by Fonster id, and the bytes they hold (about 1 KB a picture plus its seed);
    /// emptied when it passes `limitBytes`, so long seeds cannot make it grow without bound.
    private let pictures = Locked((byID: [UUID: Drawn](), bytes: 0))
    private let limitBytes = 32 << 20

    /// The most look-alike ids an answer lists of each kind; `sameCount` and `nearlyCount` say
    /// how many there are (a library of 10,000 copies answers 20 ids, not 10,000).
    static let listed = 20

    /// The answer's fields: at most `listed` ids of each kind (in library order), and how many
    /// there are.
    static func fields(sameAs: some Collection<UUID>, sameCount: Int,
                       nearlyAs: some Collection<UUID>, nearlyCount: Int) -> [(String, JSONValue)] {
        [("sameAs", .array(sameAs.prefix(listed).map { .string($0.uuidString) })), ("sameCount", .int(Int64(sameCount))),
         ("nearlyAs", .array(nearlyAs.prefix(listed).map { .string($0.uuidString) })), ("nearlyCount", .int(Int64(nearlyCount)))]
    }

    /// `fonster` against `library` (which may hold it: it is left out), on the compute pool.
    func members(of fonster: Fonster, in library: [StoredSeed], defaultEngine: EngineVersion,
                 request: RequestContext) async throws(ResponseError) -> [(String, JSONValue)] {
        let (same, nearly) = try await request.compute { () throws(ResponseError) -> (same: [UUID], nearly: [UUID]) in
            let items = try self.pictures(of: library, leavingOut: fonster.id, defaultEngine, request)
            return Lookalikes.matches(of: self.picture(StoredSeed(fonster), defaultEngine, known: [:]), in: items)
        }
        return Self.fields(sameAs: same, sameCount: same.count, nearlyAs: nearly, nearlyCount: nearly.count)
    }

    /// The `created` Fonsters of an import, each with its `sameAs` and `nearlyAs` in `library`
    /// (which holds them): from one grouping of the whole library, and linear however many of
    /// them look alike (the ids listed for a picture are found once, `listed` at most).
    func annotate(_ created: [Fonster], in library: [StoredSeed], defaultEngine: EngineVersion,
                  request: RequestContext) async throws(ResponseError) -> [JSONValue] {
        guard !created.isEmpty else { return [] }
        let groups = try await groups(of: library, near: true, defaultEngine: defaultEngine, request: request)
        var exactGroup: [UUID: Int] = [:], nearGroup: [UUID: Int] = [:]
        for (g, group) in groups.exact.enumerated() { for id in group { exactGroup[id] = g } }
        for (g, group) in groups.near.enumerated() { for id in group { nearGroup[id] = g } }
        // By exact group: the first `listed` of its near group that draw another picture.
        var nearlyListed: [Int: [UUID]] = [:]
        return created.map { fonster in
            let id = fonster.id, own = exactGroup[id]
            let same = own.map { groups.exact[$0] } ?? [id]
            var nearlyAs: [UUID] = [], nearlyCount = 0
            if let g = nearGroup[id] {
                let group = groups.near[g]
                if let own, let known = nearlyListed[own] {
                    nearlyAs = known
                } else {
                    for other in group where other != id && (own == nil || exactGroup[other] != own) {
                        nearlyAs.append(other)
                        if nearlyAs.count == Self.listed { break }
                    }
                    if let own { nearlyListed[own] = nearlyAs }
                }
                nearlyCount = group.count - same.count
            }
            let sameAs = same.prefix(Self.listed + 1).filter { $0 != id }
            return fonster.json().merging(Self.fields(sameAs: sameAs, sameCount: same.count - 1, nearlyAs: nearlyAs, nearlyCount: nearlyCount))
        }
    }

    /// For seeds not in the library (a share link's, before an import), drawn by `engine` on the
    /// compute pool, the Fonsters of `library` that each draws the same picture as, or nearly:
    /// from one grouping of the library and the seeds together, so a 1,000-seed link stays linear.
    func matches(of seeds: [String], drawnBy engine: EngineVersion, in library: [StoredSeed], defaultEngine: EngineVersion,
                 request: RequestContext) async throws(ResponseError) -> [(same: [UUID], nearly: [UUID])] {
        guard !seeds.isEmpty else { return [] }
        let groups = try await request.compute { () throws(ResponseError) -> Lookalikes.Groups<Member> in
            var items = try self.pictures(of: library, leavingOut: nil, defaultEngine, request).map { (id: Member.fonster($0.id), picture: $0.picture) }
            for (n, seed) in seeds.enumerated() {
                if n & 255 == 255 { try request.checkpoint() }
                items.append((.outside(n), Picture(Creature(seed: seed, engine: engine))))
            }
            return Lookalikes.groups(items)
        }
        var found = Array(repeating: (same: [UUID](), nearly: [UUID]()), count: seeds.count)
        func note(_ groups: [[Member]], _ slot: WritableKeyPath<(same: [UUID], nearly: [UUID]), [UUID]>) {
            for group in groups {
                let fonsters = group.compactMap { if case .fonster(let id) = $0 { id } else { nil } }
                for case .outside(let n) in group { found[n][keyPath: slot] = fonsters }
            }
        }
        note(groups.exact, \.same)
        note(groups.near, \.nearly)
        for n in found.indices {
            let same = found[n].same
            found[n].nearly.removeAll { same.contains($0) }
        }
        return found
    }

    /// A member of a grouping: a Fonster of the library, or the n-th creature from outside it.
    enum Member: Hashable, Sendable { case fonster(UUID), outside(Int) }

    /// `library` grouped by identical pictures, and with `near` by nearly identical ones, on the
    /// compute pool: from the kept pictures, so asking again after an edit draws only what changed.
    func groups(of library: [StoredSeed], near: Bool, defaultEngine: EngineVersion,
                request: RequestContext) async throws(ResponseError) -> Lookalikes.Groups<UUID> {
        try await request.compute { () throws(ResponseError) -> Lookalikes.Groups<UUID> in
            Lookalikes.groups(try self.pictures(of: library, leavingOut: nil, defaultEngine, request), near: near)
        }
    }

    /// The pictures of `library` in order, without the Fonster `leavingOut`; asks `request`
    /// whether to stop every 256 Fonsters.
    private func pictures(of library: [StoredSeed], leavingOut: UUID?, _ defaultEngine: EngineVersion,
                          _ request: RequestContext) throws(ResponseError) -> [(id: UUID, picture: Picture)] {
        // A snapshot (the dictionary is shared, not copied): the lock is not held for the pass.
        let known = pictures.withLock { $0.byID }
        var items: [(id: UUID, picture: Picture)] = []
        items.reserveCapacity(library.count)
        for n in library.indices {
            if n & 255 == 255 { try request.checkpoint() }
            let id = library[n].id
            if id != leavingOut { items.append((id, picture(library[n], defaultEngine, known: known))) }
        }
        return items
    }

    /// The picture of `fonster`: from `known` or the cache when its seed and engine are those it
    /// was drawn from, else drawn now and kept.
    private func picture(_ fonster: StoredSeed, _ defaultEngine: EngineVersion, known: [UUID: Drawn]) -> Picture {
        let engine = EngineVersion(rawValue: fonster.engine) ?? defaultEngine
        func fits(_ drawn: Drawn?) -> Picture? {
            guard let drawn, drawn.engine == engine, drawn.seed == fonster.seed else { return nil }
            return drawn.picture
        }
        if let picture = fits(known[fonster.id]) ?? fits(pictures.withLock({ $0.byID[fonster.id] })) { return picture }
        let drawn = Drawn(seed: fonster.seed, engine: engine, picture: Picture(Creature(seed: fonster.seed, engine: engine)))
        let size = fonster.seed.utf8.count + 1100
        pictures.withLock { cache in
            if cache.bytes + size > limitBytes { cache = ([:], 0) }
            if let old = cache.byID.updateValue(drawn, forKey: fonster.id) { cache.bytes -= old.seed.utf8.count + 1100 }
            cache.bytes += size
        }
        return drawn.picture
    }
}
