import Foundation
import CreatureCore
import FonsterStore

/// `sameAs` and `nearlyAs` of a Fonster just made or changed: the other Fonsters of the library
/// that draw the same picture, or nearly (`Lookalikes.nearlyMaxCells`). Pictures are kept by
/// Fonster id with the seed and engine they were drawn from, so an edit draws only what changed;
/// and the library's pictures in order are kept with the store's version, so a create or an
/// update that was the only change since does not read the library again (a pass over the
/// pictures in memory, about 1 KB a Fonster).
final class LookalikeFinder: Sendable {
    /// What a Fonster drew: from which seed and engine, and the picture.
    private struct Drawn {
        let seed: String
        let engine: EngineVersion
        let picture: Picture
    }

    /// A Fonster of the library and its picture.
    typealias Item = (id: UUID, picture: Picture)

    /// Pictures by Fonster id, and the bytes they hold (about 1 KB a picture plus its seed);
    /// emptied when it passes `limitBytes`, so long seeds cannot make it grow without bound.
    private let pictures = Locked((byID: [UUID: Drawn](), bytes: 0))
    private let limitBytes = 32 << 20
    /// The library's pictures in list order as the store stood at `version` (the newest a method
    /// saw); none for a library of more than `keptLimit` Fonsters, which is read each time.
    private let kept = Locked<(version: StoreVersion, items: [Item])?>(nil)
    /// The most Fonsters whose pictures are kept in order (about 1 KB each).
    let keptLimit: Int

    /// Where the kept pictures count in the server's memory budget: they are kept only while
    /// it grants them (else the library is read each time).
    private let account: MemoryAccount?

    /// A finder keeping the pictures of libraries of up to `keptLimit` Fonsters, charged to `account`.
    init(keptLimit: Int = 50_000, account: MemoryAccount? = nil) {
        self.keptLimit = keptLimit
        self.account = account
    }

    /// The bytes `items` are counted as: about 1 KB a picture with its id.
    private static func bytes(_ items: [Item]) -> Int { items.count * 1_100 }

    /// How many pictures are kept in order (for tests).
    var keptCount: Int { kept.withLock { $0?.items.count ?? 0 } }

    /// The library as a method found it on the store thread: its seeds, read, or (nil) the kept
    /// pictures `base`, to which only the Fonster a method edited is to be put.
    struct Library: Sendable {
        let seeds: [StoredSeed]?
        let base: [Item]
        let version: StoreVersion

        /// How many Fonsters it holds (before the edit it is to take, if any).
        var count: Int { seeds?.count ?? base.count }
    }

    /// On the store thread: the library as it stands, from the kept pictures when no one has
    /// changed it since, else (or when `reading`: a method that needs the seeds) read.
    func library(_ store: FonsterStore, reading: Bool = false) throws(StoreError) -> Library {
        let version = try store.version()
        if !reading, let items = kept(at: version) { return Library(seeds: nil, base: items, version: version) }
        return Library(seeds: try store.seeds(), base: [], version: version)
    }

    /// On the store thread: runs `edit` (one create or update, of the Fonster it returns) and
    /// gives the library after it: the kept pictures when they were current before it and it was
    /// the only change since, else read.
    func library(_ store: FonsterStore, after edit: () throws(StoreError) -> Fonster) throws(StoreError) -> (Fonster, Library) {
        let before = try store.version()
        let fonster = try edit()
        let after = try store.version()
        if after.follows(before), let items = kept(at: before) { return (fonster, Library(seeds: nil, base: items, version: after)) }
        return (fonster, Library(seeds: try store.seeds(), base: [], version: after))
    }

    /// The kept pictures when they are those of `version`.
    private func kept(at version: StoreVersion) -> [Item]? {
        kept.withLock { $0?.version == version ? $0?.items : nil }
    }

    /// The most look-alike ids an answer lists of each kind; `sameCount` and `nearlyCount` say
    /// how many there are (a library of 10,000 copies answers 20 ids, not 10,000).
    static let listed = 20

    /// `fonster` (just made or changed) against the rest of `library`, on the compute pool.
    func members(of fonster: Fonster, in library: Library, defaultEngine: EngineVersion,
                 request: RequestContext) async throws(ResponseError) -> LookalikeList {
        var (same, nearly) = try await request.computeOnPool { () throws(ResponseError) -> (same: [UUID], nearly: [UUID]) in
            let picture = self.picture(StoredSeed(fonster), defaultEngine, known: [:])
            return Lookalikes.matches(of: picture, in: try self.items(library, edited: (fonster.id, picture), defaultEngine, request))
        }
        same.removeAll { $0 == fonster.id }
        return LookalikeList(sameAs: same, sameCount: same.count, nearlyAs: nearly, nearlyCount: nearly.count)
    }

    /// The `created` Fonsters of an import, each with its `sameAs` and `nearlyAs` in `library`
    /// (which holds them): from one grouping of the whole library (`listed(for:in:listing:)`).
    func annotate(_ created: [Fonster], in library: Library, defaultEngine: EngineVersion,
                  request: RequestContext) async throws(ResponseError) -> [EditedFonster] {
        guard !created.isEmpty else { return [] }
        let groups = try await groups(of: library, near: true, defaultEngine: defaultEngine, request: request)
        let found = Self.listed(for: created.map(\.id), in: groups) { _ in true }
        return zip(created, found).map { EditedFonster(fonster: $0, lookalikes: LookalikeList($1)) }
    }

    /// For seeds not in the library (a share link's, before an import), drawn by `engine` on the
    /// compute pool, the Fonsters of `library` that each draws the same picture as, or nearly, as
    /// answers list them: from one grouping of the library and the seeds together.
    func matches(of seeds: [String], drawnBy engine: EngineVersion, in library: Library, defaultEngine: EngineVersion,
                 request: RequestContext) async throws(ResponseError) -> [Listed<UUID>] {
        guard !seeds.isEmpty else { return [] }
        let groups = try await request.computeOnPool { () throws(ResponseError) -> Lookalikes.Groups<Member> in
            var items = try self.items(library, defaultEngine, request).map { (id: Member.fonster($0.id), picture: $0.picture) }
            for (n, seed) in seeds.enumerated() {
                if n & 255 == 255 { try request.checkpoint() }
                items.append((.outside(n), Picture(Creature(seed: seed, engine: engine))))
            }
            return Lookalikes.groups(items)
        }
        func id(_ member: Member) -> UUID? { if case .fonster(let id) = member { id } else { nil } }
        return Self.listed(for: seeds.indices.map { .outside($0) }, in: groups) { id($0) != nil }.map { found in
            (found.sameAs.compactMap(id), found.sameCount, found.nearlyAs.compactMap(id), found.nearlyCount)
        }
    }

    /// What an answer lists of an item's look-alikes: the first `listed` of each kind, and how
    /// many there are.
    typealias Listed<ID> = (sameAs: [ID], sameCount: Int, nearlyAs: [ID], nearlyCount: Int)

    /// For each of `targets`, from `groups`: the other members of its exact group, and the rest of
    /// its near group (a near group holds whole exact groups), counting only those `listable`
    /// lets through, in group order. Linear however many look alike: each near group's list is
    /// found once per exact group in it (an item alone with its picture stops after `listed`).
    static func listed<ID: Hashable>(for targets: [ID], in groups: Lookalikes.Groups<ID>,
                                     listing listable: (ID) -> Bool) -> [Listed<ID>] {
        var exactOf: [ID: Int] = [:], nearOf: [ID: Int] = [:]
        for (g, group) in groups.exact.enumerated() { for member in group { exactOf[member] = g } }
        for (g, group) in groups.near.enumerated() { for member in group { nearOf[member] = g } }
        let exact = groups.exact.map { $0.filter(listable) }, near = groups.near.map { $0.filter(listable) }
        var nearlyByExact: [Int: [ID]] = [:]
        return targets.map { target in
            let own = exactOf[target], counted = listable(target) ? 1 : 0
            let same = own.map { exact[$0] } ?? []
            var found: Listed<ID> = (Array(same.lazy.filter { $0 != target }.prefix(listed)), own == nil ? 0 : same.count - counted, [], 0)
            guard let g = nearOf[target] else { return found }
            let members = near[g]
            if let own, let known = nearlyByExact[own] {
                found.nearlyAs = known
            } else {
                for member in members where member != target && (own == nil || exactOf[member] != own) {
                    found.nearlyAs.append(member)
                    if found.nearlyAs.count == listed { break }
                }
                if let own { nearlyByExact[own] = found.nearlyAs }
            }
            found.nearlyCount = members.count - (own == nil ? counted : same.count)
            return found
        }
    }

    /// A member of a grouping: a Fonster of the library, or the n-th creature from outside it.
    enum Member: Hashable, Sendable { case fonster(UUID), outside(Int) }

    /// `library` grouped by identical pictures, and with `near` by nearly identical ones, on the
    /// compute pool: from the kept pictures, so asking again after an edit draws only what changed.
    func groups(of library: Library, near: Bool, defaultEngine: EngineVersion,
                request: RequestContext) async throws(ResponseError) -> Lookalikes.Groups<UUID> {
        try await request.computeOnPool { () throws(ResponseError) -> Lookalikes.Groups<UUID> in
            Lookalikes.groups(try self.items(library, defaultEngine, request), near: near)
        }
    }

    /// The pictures of `library` in order, with `edited` put in (in its place, or last when
    /// new) when they come from the kept ones; kept for the next method. Asks `request` whether
    /// to stop every 256 Fonsters drawn.
    private func items(_ library: Library, edited: Item? = nil, _ defaultEngine: EngineVersion,
                       _ request: RequestContext) throws(ResponseError) -> [Item] {
        var items = library.base
        if let seeds = library.seeds {
            // A snapshot (the dictionary is shared, not copied): the lock is not held for the pass.
            let known = pictures.withLock { $0.byID }
            items.reserveCapacity(seeds.count)
            for n in seeds.indices {
                if n & 255 == 255 { try request.checkpoint() }
                items.append((seeds[n].id, picture(seeds[n], defaultEngine, known: known)))
            }
        } else if let edited {
            if let i = items.firstIndex(where: { $0.id == edited.id }) { items[i] = edited } else { items.append(edited) }
        }
        kept.withLock { kept in
            let before = kept.map { Self.bytes($0.items) } ?? 0
            if items.count <= keptLimit, kept.map({ library.version.isAtLeast($0.version) }) ?? true {
                let after = Self.bytes(items)
                if after <= before || account?.tryReserve(after - before, for: .kept) ?? true {
                    if after < before { account?.release(before - after, for: .kept) }
                    kept = (library.version, items)
                    return
                }
            } else if items.count <= keptLimit {
                return
            }
            account?.release(before, for: .kept)
            kept = nil
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
