import Foundation
import CreatureCore
import FonsterStore

/// `sameAs` and `nearlyAs` of a Fonster just made or changed: the other Fonsters of the library
/// that draw the same picture, or one that looks alike (`Likeness`). Pictures are kept by
/// Fonster id with the seed and engine they were drawn from, so an edit draws only what changed;
/// and the library's pictures in order are kept with the store's version, so a create or an
/// update that was the only change since does not read the library again (a pass over the
/// pictures in memory, about 1.5 KB a Fonster with its look). What it draws the store keeps (`StoredPictures`),
/// so a restarted server reads the library's pictures instead of drawing them.
final class LookalikeFinder: Sendable {
    /// What a Fonster drew: from which seed and engine, and the picture.
    private struct Drawn {
        let seed: String
        let engine: EngineVersion
        let picture: Picture
    }

    /// The library's Fonsters in order and their pictures, side by side (`PictureTable`): a copy
    /// shares every picture, and a change copies one page of 256.
    struct Pictures: Sendable {
        var ids: [UUID] = []
        var table = PictureTable()

        /// How many Fonsters there are.
        var count: Int { ids.count }

        /// Puts `picture` as `id`'s: in its place, or last when new.
        mutating func put(_ id: UUID, _ picture: Picture) {
            if let i = ids.firstIndex(of: id) { table.replace(at: i, with: picture) } else {
                ids.append(id)
                table.append(picture)
            }
        }
    }

    /// Pictures by Fonster id, and the bytes they hold (about 1 KB a picture plus its seed);
    /// emptied when it passes `limitBytes`, so long seeds cannot make it grow without bound; and
    /// how many pictures were drawn in all.
    private let drawn = Locked((byID: [UUID: Drawn](), bytes: 0, count: 0))
    private let limitBytes = 32 << 20
    /// The library's pictures in list order as the store stood at `version` (the newest a method
    /// saw); none for a library of more than `keptLimit` Fonsters, which is read each time.
    private let kept = Locked<(version: StoreVersion, pictures: Pictures)?>(nil)
    /// The most Fonsters whose pictures are kept in order (about 1.5 KB each).
    let keptLimit: Int

    /// Where the kept pictures count in the server's memory budget: they are kept only while
    /// it grants them (else the library is read each time).
    private let account: MemoryAccount?

    /// A finder keeping the pictures of libraries of up to `keptLimit` Fonsters, charged to `account`.
    init(keptLimit: Int = 50_000, account: MemoryAccount? = nil) {
        self.keptLimit = keptLimit
        self.account = account
    }

    /// The bytes `pictures` are counted as: about 1.5 KB a picture with its look and id.
    private static func bytes(_ pictures: Pictures) -> Int { pictures.count * 1_500 }

    /// How many pictures are kept in order (for tests).
    var keptCount: Int { kept.withLock { $0?.pictures.count ?? 0 } }

    /// The library as a method found it on the store thread: the kept pictures `base`, to which
    /// only the Fonster a method edited is to be put; or, read (`seeds`), the pictures the store
    /// kept (`StoredPictures`), those at `missing` still to be drawn.
    struct Library: Sendable {
        let seeds: [StoredSeed]?
        let base: Pictures
        let missing: [Int]
        let version: StoreVersion
        /// Whether `base` was read from the store (and is checked before it is used).
        var fromStore = false

        /// How many Fonsters it holds (before the edit it is to take, if any).
        var count: Int { seeds?.count ?? base.count }
    }

    /// On the store thread: the library as it stands, from the kept pictures when no one has
    /// changed it since, else read with the pictures the store keeps; with `reading` (a method
    /// that needs the seeds) the seeds are read in any case.
    func library(_ store: FonsterStore, reading: Bool = false) throws(StoreError) -> Library {
        let version = try store.version()
        if let kept = kept(at: version) {
            return Library(seeds: reading ? try store.seeds() : nil, base: kept, missing: [], version: version)
        }
        return try read(store, at: version)
    }

    /// On the store thread: runs `edit` (one create or update, of the Fonster it returns) and
    /// gives the library after it: the kept pictures when they were current before it and it was
    /// the only change since, else read.
    func library(_ store: FonsterStore, after edit: () throws(StoreError) -> Fonster) throws(StoreError) -> (Fonster, Library) {
        let before = try store.version()
        let fonster = try edit()
        let after = try store.version()
        if after.follows(before), let kept = kept(at: before) { return (fonster, Library(seeds: nil, base: kept, missing: [], version: after)) }
        return (fonster, try read(store, at: after))
    }

    /// The library's seeds and the pictures the store keeps of them.
    private func read(_ store: FonsterStore, at version: StoreVersion) throws(StoreError) -> Library {
        let stored = try store.seedsWithPictures()
        return Library(seeds: stored.seeds, base: Pictures(ids: stored.seeds.map(\.id), table: stored.table), missing: stored.missing,
                       version: version, fromStore: true)
    }

    /// Pictures drawn since the store last kept them (`FonsterStore.storePictures`), and their bytes.
    private let unsaved = Locked((rows: [PictureToStore](), bytes: 0))
    /// Called when pictures were drawn: it has `saveDrawn` run on the store thread (none for
    /// a library in memory).
    private let onDrawn = Locked<(@Sendable () -> Void)?>(nil)

    /// Has `save` called whenever pictures were drawn (to run `saveDrawn` on the store thread).
    func whenDrawn(_ save: @escaping @Sendable () -> Void) { onDrawn.withLock { $0 = save } }

    /// On the store thread: has the store keep the pictures drawn since it last did. A failure
    /// (a full disk, a busy file) loses nothing but the cache.
    func saveDrawn(_ store: FonsterStore) {
        let rows = unsaved.withLock { unsaved in
            defer { unsaved = ([], 0) }
            return unsaved.rows
        }
        try? store.storePictures(rows)
    }

    /// The kept pictures when they are those of `version`.
    private func kept(at version: StoreVersion) -> Pictures? {
        kept.withLock { $0?.version == version ? $0?.pictures : nil }
    }

    /// The most look-alike ids an answer lists of each kind; `sameCount` and `nearlyCount` say
    /// how many there are (a library of 10,000 copies answers 20 ids, not 10,000).
    static let listed = 20

    /// `fonster` (just made or changed) against the rest of `library`, on the compute pool.
    func members(of fonster: Fonster, in library: Library, defaultEngine: EngineVersion,
                 request: RequestContext) async throws(ResponseError) -> LookalikeList {
        let draw = { @Sendable () -> Picture in
            let picture = self.picture(StoredSeed(fonster), defaultEngine, known: [:])
            if let engine = EngineVersion(rawValue: fonster.engine) { self.save([(fonster.seed, engine, picture)], bytes: fonster.seed.utf8.count + 1100, soon: false) }
            return picture
        }
        return try await matches(of: draw, in: library, except: fonster.id, puttingAs: fonster.id, defaultEngine: defaultEngine, request: request)
    }

    /// Keeps `rows` (`bytes` of them) for the store to keep, and has it do so: at once when
    /// `soon` (a library drawn), else once 256 wait (an edit's picture: one write each would
    /// double an edit's writes; those still waiting at exit are drawn again after a restart).
    /// Past 64 MB waiting they are dropped.
    private func save(_ rows: [PictureToStore], bytes: Int, soon: Bool) {
        // Nothing waits where nothing saves (a library in memory).
        guard !rows.isEmpty, let hook = onDrawn.withLock({ $0 }) else { return }
        let saving = unsaved.withLock { unsaved in
            guard unsaved.bytes + bytes <= 64 << 20 else { return false }
            unsaved.rows += rows
            unsaved.bytes += bytes
            return soon || unsaved.rows.count >= 256
        }
        if saving { hook() }
    }

    /// The Fonsters of `library` (but `except`) that draw the picture `draw` gives or one that
    /// looks alike (`Lookalikes.matches`), on the compute pool; the picture is put in the library's first as
    /// `puttingAs`'s (a Fonster just made or changed).
    func matches(of draw: @escaping @Sendable () -> Picture, in library: Library, except: UUID?, puttingAs edited: UUID? = nil,
                 defaultEngine: EngineVersion, request: RequestContext) async throws(ResponseError) -> LookalikeList {
        try await request.computeOnPool { () throws(ResponseError) -> LookalikeList in
            let picture = draw()
            let pictures = try self.pictures(library, edited: edited.map { ($0, picture) }, defaultEngine, request)
            let (same, nearly) = Lookalikes.matches(of: picture, in: pictures.table)
            func listed(_ found: [Int]) -> (ids: LazyFilterSequence<LazyMapSequence<[Int], UUID>>, count: Int) {
                let ids = found.lazy.map { pictures.ids[$0] }.filter { $0 != except }
                return (ids, found.count - (except.map { id in found.contains { pictures.ids[$0] == id } ? 1 : 0 } ?? 0))
            }
            let (sameAs, nearlyAs) = (listed(same), listed(nearly))
            return LookalikeList(sameAs: sameAs.ids, sameCount: sameAs.count, nearlyAs: nearlyAs.ids, nearlyCount: nearlyAs.count)
        }
    }

    /// The `created` Fonsters of an import, each with its `sameAs` and `nearlyAs` in `library`
    /// (which holds them): from one grouping of the whole library (`listed(for:in:listing:)`).
    func annotate(_ created: [Fonster], in library: Library, defaultEngine: EngineVersion,
                  request: RequestContext) async throws(ResponseError) -> [EditedFonster] {
        guard !created.isEmpty else { return [] }
        let found = try await request.computeOnPool { () throws(ResponseError) -> [Listed<UUID>] in
            let pictures = try self.pictures(library, defaultEngine, request)
            let groups = Lookalikes.groups(pictures.table, near: true)
            var index: [UUID: Int] = [:]
            for id in created.map(\.id) { index[id] = -1 }
            for (i, id) in pictures.ids.enumerated() where index[id] != nil { index[id] = i }
            // A Fonster an import made is in the library it answers from (-1: gone since, listed alone).
            let targets = created.map { index[$0.id] ?? -1 }
            return Self.listed(for: targets, in: groups) { _ in true }.map { found in
                (found.sameAs.map { pictures.ids[$0] }, found.sameCount, found.nearlyAs.map { pictures.ids[$0] }, found.nearlyCount)
            }
        }
        return zip(created, found).map { EditedFonster(fonster: $0, lookalikes: LookalikeList($1)) }
    }

    /// For seeds not in the library (a share link's, before an import), drawn by `engine` on the
    /// compute pool, the Fonsters of `library` that each draws the same picture as, or nearly, as
    /// answers list them: from one grouping of the library and the seeds together.
    func matches(of seeds: [String], drawnBy engine: EngineVersion, in library: Library, defaultEngine: EngineVersion,
                 request: RequestContext) async throws(ResponseError) -> [Listed<UUID>] {
        guard !seeds.isEmpty else { return [] }
        return try await request.computeOnPool { () throws(ResponseError) -> [Listed<UUID>] in
            let pictures = try self.pictures(library, defaultEngine, request)
            // The library's pictures, then the seeds' (a copy of the last page only).
            var table = pictures.table
            for (n, seed) in seeds.enumerated() {
                if n & 255 == 255 { try request.checkpoint() }
                table.append(Picture(Creature(seed: seed, engine: engine)))
            }
            let inLibrary = pictures.count
            return Self.listed(for: Array(inLibrary..<table.count), in: Lookalikes.groups(table)) { $0 < inLibrary }.map { found in
                (found.sameAs.map { pictures.ids[$0] }, found.sameCount, found.nearlyAs.map { pictures.ids[$0] }, found.nearlyCount)
            }
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

    /// `library` grouped by identical pictures, and with `near` by nearly identical ones, on the
    /// compute pool: from the kept pictures, so asking again after an edit draws only what changed.
    func groups(of library: Library, near: Bool, defaultEngine: EngineVersion,
                request: RequestContext) async throws(ResponseError) -> Lookalikes.Groups<UUID> {
        try await request.computeOnPool { () throws(ResponseError) -> Lookalikes.Groups<UUID> in
            let pictures = try self.pictures(library, defaultEngine, request)
            return Lookalikes.groups(pictures.table, near: near).map { pictures.ids[$0] }
        }
    }

    /// The pictures of `library` in order, those it misses drawn (and kept for the store to
    /// keep), with `edited` put in (in its place, or last when new); kept for the next method.
    /// Asks `request` whether to stop every 256 Fonsters drawn.
    private func pictures(_ library: Library, edited: (id: UUID, picture: Picture)? = nil, _ defaultEngine: EngineVersion,
                          _ request: RequestContext) throws(ResponseError) -> Pictures {
        var pictures = library.base
        var missing = library.missing
        if let seeds = library.seeds, library.fromStore, !Self.storedPicturesHold(pictures.table, seeds, missing) {
            missing = Array(seeds.indices)
        }
        if let seeds = library.seeds, !missing.isEmpty {
            // A snapshot (the dictionary is shared, not copied): the lock is not held for the pass.
            let known = drawn.withLock { $0.byID }
            var drawnNow: [PictureToStore] = [], bytes = 0
            for (n, i) in missing.enumerated() {
                if n & 255 == 255 { try request.checkpoint() }
                let picture = picture(seeds[i], defaultEngine, known: known)
                pictures.table.replace(at: i, with: picture)
                if let engine = EngineVersion(rawValue: seeds[i].engine) {
                    drawnNow.append((seeds[i].seed, engine, picture))
                    bytes += seeds[i].seed.utf8.count + 1100
                }
            }
            save(drawnNow, bytes: bytes, soon: true)
        }
        if let edited { pictures.put(edited.id, edited.picture) }
        kept.withLock { kept in
            let before = kept.map { Self.bytes($0.pictures) } ?? 0
            if pictures.count <= keptLimit, kept.map({ library.version.isAtLeast($0.version) }) ?? true {
                let after = Self.bytes(pictures)
                if after <= before || account?.tryReserve(after - before, for: .kept) ?? true {
                    if after < before { account?.release(before - after, for: .kept) }
                    kept = (library.version, pictures)
                    return
                }
            } else if pictures.count <= keptLimit {
                return
            }
            account?.release(before, for: .kept)
            kept = nil
        }
        return pictures
    }

    /// How many pictures a read of the store checks by drawing them again.
    static let storedSample = 32

    /// Whether the pictures the store kept for `seeds` (but those at `missing`) are what the
    /// engines draw, checked on `storedSample` of them drawn again at random: a row that does
    /// not hold a picture is caught when read, but one that holds another seed's (an edited file,
    /// or an engine fixed since) only this way; any wrong one and none is used.
    private static func storedPicturesHold(_ table: PictureTable, _ seeds: [StoredSeed], _ missing: [Int]) -> Bool {
        guard missing.count < seeds.count else { return true }
        var isMissing = [Bool](repeating: false, count: seeds.count)
        for i in missing { isMissing[i] = true }
        for _ in 0..<storedSample {
            let i = Int.random(in: seeds.indices)
            guard !isMissing[i], let engine = EngineVersion(rawValue: seeds[i].engine) else { continue }
            if table[i] != Picture(Creature(seed: seeds[i].seed, engine: engine)) { return false }
        }
        return true
    }

    /// How many pictures were drawn for the library (not read from the store or kept): for tests.
    var drawnCount: Int { drawn.withLock { $0.count } }

    /// The picture of `fonster`: from `known` or the cache when its seed and engine are those it
    /// was drawn from, else drawn now and kept.
    private func picture(_ fonster: StoredSeed, _ defaultEngine: EngineVersion, known: [UUID: Drawn]) -> Picture {
        let engine = EngineVersion(rawValue: fonster.engine) ?? defaultEngine
        func fits(_ drawn: Drawn?) -> Picture? {
            guard let drawn, drawn.engine == engine, drawn.seed == fonster.seed else { return nil }
            return drawn.picture
        }
        if let picture = fits(known[fonster.id]) ?? fits(self.drawn.withLock({ $0.byID[fonster.id] })) { return picture }
        let drawn = Drawn(seed: fonster.seed, engine: engine, picture: Picture(Creature(seed: fonster.seed, engine: engine)))
        let size = fonster.seed.utf8.count + 1100
        self.drawn.withLock { cache in
            cache.count += 1
            if cache.bytes + size > limitBytes { (cache.byID, cache.bytes) = ([:], 0) }
            if let old = cache.byID.updateValue(drawn, forKey: fonster.id) { cache.bytes -= old.seed.utf8.count + 1100 }
            cache.bytes += size
        }
        return drawn.picture
    }
}
