import Foundation
import CreatureCore
import FonsterStore

/// The library's pictures, kept as keys: `sameAs` and `nearlyAs` of a Fonster just made or
/// changed, the library's look-alike groups, and the documents' library matches (`Matches`):
/// the other Fonsters of the library that draw the same picture, or one that looks alike
/// (`Likeness`). What it keeps of a Fonster is its `PictureKey` (64 bytes) beside its id, seed and
/// engine, not its picture: the keys in list order are kept with the store's version, so a create
/// or an update that was the only change since does not read the library again; pictures whose
/// keys share a silhouette block are drawn again to compare their looks. The keys it draws the
/// store keeps (`StoredKeys`), so a restarted server reads keys instead of drawing the library.
final class LibraryPictures: Sendable {
    /// How many keys were drawn in all (for tests).
    private let drawn = Locked(0)
    /// How many near passes were run (for tests).
    let nearPasses = Locked(0)
    /// The last groups worked out (`LibraryGroups.swift`).
    let grouped = Locked<KeptGroups?>(nil)
    /// The Fonsters made, changed or deleted through this finder, in order, each with the
    /// library's version after it and its place in the kept keys then (a deleted one's, before it
    /// was taken out): `LibraryGroups.swift`, the near groups follow them.
    let edits = Locked<[Edit]>([])

    /// One Fonster made or changed (put at `index`) or deleted (taken out of `index`).
    struct Edit: Sendable {
        let version: StoreVersion
        let index: Int
        let id: UUID
        let removed: Bool
    }
    /// The library's keys in list order as the store stood at `version` (the newest a method saw).
    private let kept = Locked<(version: StoreVersion, keys: Keys)?>(nil)

    /// Where the kept keys count in the server's memory budget: they are kept only while it
    /// grants them (else the library is read each time).
    let account: MemoryAccount?
    /// The documents' view of the kept keys (`Matches`), while the budget grants its bytes.
    let keptMatches = Locked<Matches?>(nil)
    /// The documents' view is worked out one round at a time (`currentMatches`), and groups one
    /// method at a time (`groups(of:near:)`).
    let matchesBuilder = OneAtATime()
    let groupsBuilder = OneAtATime()

    /// What `lookalikesOf` found for looks many Fonsters share, charged to `account` too.
    let popular: PopularLooks
    /// The kept keys' bands by the cells they draw, for `lookalikesOf`, charged to `account` too.
    let bandIndex: KeptBandIndex

    /// A finder keeping the keys of the library, charged to `account`; answers of at least
    /// `popularAt` Fonsters are kept (`PopularLooks`), and the bands of `bandIndexAt` Fonsters
    /// or more indexed (`KeptBandIndex`).
    init(account: MemoryAccount? = nil, popularAt: Int = PopularLooks.minimum, bandIndexAt: Int = KeptBandIndex.minimum) {
        self.account = account
        popular = PopularLooks(account: account, atLeast: popularAt)
        bandIndex = KeptBandIndex(account: account, atLeast: bandIndexAt)
    }

    /// How many Fonsters' keys are kept in order (for tests).
    var keptCount: Int { kept.withLock { $0?.keys.count ?? 0 } }

    /// Where the kept keys' seeds are stored (for tests: an edit puts into them, not a copy).
    var keptSeedsStorage: Int? {
        kept.withLock { kept in kept?.keys.seeds.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) } } ?? nil }
    }

    /// The library as a method found it on the store thread: the keys `base`, to which only the
    /// Fonster a method edited is to be put; those at `missing` (read, not kept) still to be drawn.
    struct Library: Sendable {
        let base: Keys
        let missing: [Int]
        let version: StoreVersion
        /// Whether `base` was read from the store (and is checked before it is used).
        var fromStore = false
        /// Whether `base` holds the Fonster the method edited already (put into the kept keys).
        var holdsEdit = false

        /// The library's Fonsters in list order.
        var seeds: [StoredSeed] { base.seeds }
        /// How many Fonsters it holds (before the edit it is to take, if any).
        var count: Int { base.count }
    }

    /// On the store thread: the library as it stands, from the kept keys when no one has changed
    /// it since, else read with the keys the store keeps.
    func library(_ store: FonsterStore) throws(StoreError) -> Library {
        let version = try store.version()
        if let kept = kept(at: version) { return Library(base: kept, missing: [], version: version) }
        return try read(store, at: version)
    }

    /// On the store thread: runs `edit` (one create or update, of the Fonster it returns) and
    /// gives the library after it: the kept keys with the edited Fonster's key put in, when they
    /// were current before it and it was the only change since, else read. The key is put into
    /// the kept keys themselves, not a copy (a million Fonsters' keys are about 100 MB): only a
    /// reader holding them at that moment makes it copy them.
    func library(_ store: FonsterStore, after edit: () throws(StoreError) -> Fonster) throws(StoreError) -> (Fonster, Library) {
        let before = try store.version()
        let fonster = try edit()
        let after = try store.version()
        guard after.follows(before), kept(at: before) != nil else { return (fonster, try read(store, at: after)) }
        let seed = StoredSeed(fonster), key = PictureKey(Picture(seed: fonster.seed, engine: fonster.engine))
        guard let edited = changeKept(from: before, to: after, id: seed.id, { $0.put(seed, key) }) else {
            return (fonster, try read(store, at: after))
        }
        save([(seed.seed, seed.engine, key)], soon: false)
        return (fonster, Library(base: edited, missing: [], version: after, holdsEdit: true))
    }

    /// On the store thread: runs `importing` (which makes Fonsters at the end of the list, in
    /// order) and gives the library after it: the kept keys with the made Fonsters' keys put in,
    /// each recorded as an edit (so the near groups kept take them in, as they take a create's),
    /// when they were current before it, it logged one change a Fonster and nothing else came
    /// between, and it made at most `editsMerged`; else the library as it stands.
    func library(_ store: FonsterStore, afterImport importing: () throws(StoreError) -> ImportResult) throws(StoreError) -> (ImportResult, Library) {
        let before = try store.version()
        let result = try importing()
        let after = try store.version()
        let made = result.created
        guard !made.isEmpty, made.count <= Self.editsMerged, after == before.advanced(by: made.count), kept(at: before) != nil else {
            return (result, try library(store))
        }
        var version = before, drawn: [KeyToStore] = [], keys: Keys?
        for fonster in made {
            let seed = StoredSeed(fonster), key = PictureKey(Picture(seed: fonster.seed, engine: fonster.engine))
            keys = changeKept(from: version, to: version.advanced(by: 1), id: seed.id) { $0.put(seed, key) }
            guard keys != nil else { return (result, try read(store, at: after)) }
            version = version.advanced(by: 1)
            drawn.append((seed.seed, seed.engine, key))
        }
        save(drawn, soon: false)
        return (result, Library(base: keys!, missing: [], version: after))
    }

    /// On the store thread: runs `delete` (of the Fonster `id`) and takes its key out of the kept
    /// keys, where they are, when they were current before it and it was the only change since
    /// (else the library is read again when next needed).
    func delete(_ id: UUID, _ store: FonsterStore, _ delete: () throws(StoreError) -> Void) throws(StoreError) {
        let before = try store.version()
        try delete()
        let after = try store.version()
        guard after.follows(before) else { return }
        _ = changeKept(from: before, to: after, id: id, removed: true) { keys in
            guard let index = keys.seeds.firstIndex(where: { $0.id == id }) else { return nil }
            keys.remove(at: index)
            return index
        }
    }

    /// Changes the kept keys where they are, when they are the library at `before`, into the
    /// library at `after` by `change` (which returns the place of the Fonster `id` it put in or,
    /// `removed`, took out; nil: none), and records the edit. Returns the changed keys (kept
    /// while the budget grants them), nil when nothing changed. The kept keys are let go of
    /// while they change, so they are held once (a reader holding them then makes this a copy).
    private func changeKept(from before: StoreVersion, to after: StoreVersion, id: UUID, removed: Bool = false,
                            _ change: (inout Keys) -> Int?) -> Keys? {
        kept.withLock { kept -> Keys? in
            guard var keys = kept?.keys, kept?.version == before else { return nil }
            kept = nil
            letGoMatches(unlessAt: nil)
            let held = keys.bytes
            guard let index = change(&keys) else {
                kept = (before, keys)
                return nil
            }
            record(index, id: id, at: after, removed: removed)
            keep(keys, at: after, in: &kept, held: held)
            return keys
        }
    }

    /// The library's seeds and the keys the store keeps of them. When it keeps every key (and a
    /// sample drawn again agrees), they are kept at once, here on the store thread: a method
    /// reading the library right after finds them instead of reading a million rows again while
    /// the first still holds its own (two `lookalikesOf` at once peaked at 245 MiB, one at 141).
    private func read(_ store: FonsterStore, at version: StoreVersion) throws(StoreError) -> Library {
        reads.withLock { $0 += 1 }
        let stored = try store.seedsWithKeys()
        // None kept (a library just imported from the command line): no blank keys to hold, so
        // drawing them fills one array rather than a copy of the library's (64 MB a million).
        let keys = stored.missing.count == stored.seeds.count ? [] : stored.keys
        let base = Keys(seeds: stored.seeds, keys: keys)
        guard stored.missing.isEmpty, Self.storedKeysHold(base, []) else {
            return Library(base: base, missing: stored.missing, version: version, fromStore: true)
        }
        kept.withLock { kept in
            guard kept.map({ version.isAtLeast($0.version) }) ?? true else { return }
            keep(base, at: version, in: &kept, held: kept?.keys.bytes ?? 0)
        }
        return Library(base: base, missing: [], version: version)
    }

    /// Keys drawn since the store last kept them (`FonsterStore.storeKeys`).
    private let unsaved = Locked([KeyToStore]())
    /// Called when keys were drawn: it has `saveDrawn` run on the store thread (none for a
    /// library in memory).
    private let onDrawn = Locked<(@Sendable () -> Void)?>(nil)

    /// Has `save` called whenever keys were drawn (to run `saveDrawn` on the store thread).
    func whenDrawn(_ save: @escaping @Sendable () -> Void) { onDrawn.withLock { $0 = save } }

    /// On the store thread: has the store keep the keys drawn since it last did. A failure (a
    /// full disk, a busy file) loses nothing but the cache.
    func saveDrawn(_ store: FonsterStore) {
        let rows = unsaved.withLock { unsaved in
            defer { unsaved = [] }
            return unsaved
        }
        try? store.storeKeys(rows)
        if let groups = unsavedGroups.withLock({ unsaved in
            defer { unsaved = nil }
            return unsaved
        }) { try? store.storeGroups(groups) }
    }

    /// Near groups worked out since the store last kept them (`FonsterStore.storeGroups`).
    private let unsavedGroups = Locked<StoredGroups?>(nil)

    /// The kept keys when they are those of `version`.
    func kept(at version: StoreVersion) -> Keys? {
        kept.withLock { $0?.version == version ? $0?.keys : nil }
    }

    /// The most look-alike ids an answer lists of each kind; `sameCount` and `nearlyCount` say
    /// how many there are (a library of 10,000 copies answers 20 ids, not 10,000).
    static let listed = 20

    /// `fonster` (just made or changed) against the rest of `library`, on the compute pool.
    func members(of fonster: Fonster, in library: Library, request: RequestContext) async throws(ResponseError) -> LookalikeList {
        let seed = StoredSeed(fonster), engine = fonster.engine
        let draw = { @Sendable () -> Picture in Picture(Creature(seed: fonster.seed, engine: engine)) }
        return try await matches(of: draw, in: library, except: fonster.id, putting: library.holdsEdit ? nil : seed, request: request)
    }

    /// Keeps `rows` for the store to keep, and has it do so: at once when `soon` (a library
    /// drawn), else once 256 wait (an edit's key: one write each would double an edit's writes;
    /// those still waiting at exit are drawn again after a restart). Past a million waiting they
    /// are dropped.
    private func save(_ rows: [KeyToStore], soon: Bool) {
        // Nothing waits where nothing saves (a library in memory).
        guard !rows.isEmpty, let hook = onDrawn.withLock({ $0 }) else { return }
        let saving = unsaved.withLock { unsaved in
            guard unsaved.count + rows.count <= 1 << 20 else { return false }
            unsaved += rows
            return soon || unsaved.count >= 256
        }
        if saving { hook() }
    }

    /// How many edits `edits` keeps (the oldest half let go past it).
    static let editsKept = 1_024

    /// The most edits since the last near groups that are merged into them (`mergedNear`); past
    /// it the library is compared again.
    static let editsMerged = 256

    /// Keeps `groups` for the store to keep, and has it do so (none for a library in memory).
    func save(_ groups: StoredGroups) {
        guard let hook = onDrawn.withLock({ $0 }) else { return }
        unsavedGroups.withLock { $0 = groups }
        hook()
    }

    /// The Fonsters of `library` (but `except`) that draw the picture `draw` gives or one that
    /// looks alike (`Lookalikes.matches`), on the compute pool; the picture's key is put in the
    /// library's first as `putting`'s (a Fonster just made or changed).
    func matches(of draw: @escaping @Sendable () -> Picture, in library: Library, except: UUID?, putting edited: StoredSeed? = nil,
                 request: RequestContext) async throws(ResponseError) -> LookalikeList {
        try await request.computeOnPool { () throws(ResponseError) -> LookalikeList in
            let picture = draw()
            let key = PictureKey(picture)
            if let edited { self.save([(edited.seed, edited.engine, key)], soon: false) }
            let keys = try self.keys(library, edited: edited.map { ($0, key) }, request)
            let (same, nearly) = self.matches(of: picture, key: key, in: keys, at: edited == nil && !library.holdsEdit ? library.version : nil)
            func listed(_ found: [Int]) -> (ids: LazyFilterSequence<LazyMapSequence<[Int], UUID>>, count: Int) {
                let ids = found.lazy.map { keys.seeds[$0].id }.filter { $0 != except }
                return (ids, found.count - (except.map { id in found.contains { keys.seeds[$0].id == id } ? 1 : 0 } ?? 0))
            }
            let (sameAs, nearlyAs) = (listed(same), listed(nearly))
            return LookalikeList(sameAs: sameAs.ids, sameCount: sameAs.count, nearlyAs: nearlyAs.ids, nearlyCount: nearlyAs.count)
        }
    }

    /// `Lookalikes.matches` of `picture` (whose key is `key`) in `keys`, the library at `version`
    /// (nil: with an edit put in): from `popular` when it keeps the answer for the picture's
    /// look, else worked out (and kept there when many Fonsters look alike), through the kept
    /// band index when there is one.
    private func matches(of picture: Picture, key: PictureKey, in keys: Keys, at version: StoreVersion?) -> (same: [Int], nearly: [Int]) {
        if let version, let members = popular.members(alike: key.look, at: version) {
            return PopularLooks.split(members, by: key.picture)
        }
        let index = version.flatMap { bandIndex.index(of: keys, at: $0) }
        let found = Lookalikes.matches(of: picture, in: keys.keys, bands: keys.bands, index: index) { keys.look($0) }
        if let version, found.same.count + found.nearly.count >= popular.atLeast {
            let alike = (found.same + found.nearly).sorted()
            popular.keep(alike.map { PopularLooks.Member(place: Int32($0), picture: keys.keys[$0].picture) }, alike: key.look, at: version)
        }
        return found
    }

    /// The `created` Fonsters of an import, each with its `sameAs` and `nearlyAs` in `library`
    /// (which holds them), listed from the library's groups (`listed(for:in:listing:)`): those
    /// `groups(of:near:)` gives, so an import's Fonsters put into the kept keys are merged into
    /// the groups kept, and what is worked out is kept for the next call. When the budget has no
    /// room to compare looks, identical pictures only: the import is made, its answer must not fail.
    func annotate(_ created: [Fonster], in library: Library, request: RequestContext) async throws(ResponseError) -> [EditedFonster] {
        guard !created.isEmpty else { return [] }
        let groups: Lookalikes.Groups<UUID>
        do {
            groups = try await self.groups(of: library, near: true, reporting: false, request: request)
        } catch where error.code == .noMemoryRoom {
            groups = try await self.groups(of: library, near: false, reporting: false, request: request)
        }
        let found = try await request.computeOnPool { () throws(ResponseError) -> [Listed<UUID>] in
            Self.listed(for: created.map(\.id), in: groups) { _ in true }
        }
        return zip(created, found).map { EditedFonster(fonster: $0, lookalikes: LookalikeList($1)) }
    }

    /// For seeds not in the library (a share link's, before an import), drawn by `engine` on the
    /// compute pool, the Fonsters of `library` that each draws the same picture as, or nearly, as
    /// answers list them: from one grouping of the library and the seeds together.
    func matches(of seeds: [String], drawnBy engine: EngineVersion, in library: Library,
                 request: RequestContext) async throws(ResponseError) -> [Listed<UUID>] {
        guard !seeds.isEmpty else { return [] }
        return try await request.computeOnPool { () throws(ResponseError) -> [Listed<UUID>] in
            let library = try self.keys(library, request)
            // The library's keys, then the seeds'.
            var keys = library.keys
            for (n, seed) in seeds.enumerated() {
                if n & 255 == 255 { try request.checkpoint() }
                keys.append(PictureKey(Picture(seed: seed, engine: engine)))
            }
            let inLibrary = library.count
            let groups = try self.groupsWithinBudget(keys, near: true, request: request) { i in
                i < inLibrary ? library.look(i) : Likeness.Look(seed: seeds[i - inLibrary], engine: engine)
            }.groups
            return Self.listed(for: Array(inLibrary..<keys.count), in: groups) { $0 < inLibrary }.map { found in
                (found.sameAs.map { library.seeds[$0].id }, found.sameCount, found.nearlyAs.map { library.seeds[$0].id }, found.nearlyCount)
            }
        }
    }

    /// The keys of `library` in order, those it misses drawn (and kept for the store to keep),
    /// with `edited` put in (in its place, or last when new); kept for the next method, while the
    /// budget grants their bytes. Asks `request` whether to stop every 256 Fonsters drawn, and
    /// tells `progress` how many it has drawn of how many (every 16,384).
    func keys(_ library: Library, edited: (seed: StoredSeed, key: PictureKey)? = nil, _ request: RequestContext,
              progress: (Int, Int) -> Void = { _, _ in }) throws(ResponseError) -> Keys {
        var keys = library.base
        var missing = library.missing
        if library.fromStore, !Self.storedKeysHold(keys, missing) {
            missing = Array(keys.seeds.indices)
        }
        if keys.keys.count != keys.seeds.count { keys.setKeys([PictureKey](repeating: StoredKeys.blank, count: keys.seeds.count)) }
        if !missing.isEmpty {
            var drawnNow: [KeyToStore] = []
            for (n, i) in missing.enumerated() {
                if n & 255 == 255 { try request.checkpoint() }
                if n & 16383 == 0 { progress(n, missing.count) }
                let seed = keys.seeds[i]
                let key = PictureKey(Picture(seed: seed.seed, engine: seed.engine))
                keys.setKey(key, at: i)
                drawnNow.append((seed.seed, seed.engine, key))
                // Handed to the store 65,536 at a time: a million drawn are not all held twice.
                if drawnNow.count == 1 << 16 {
                    save(drawnNow, soon: true)
                    drawnNow.removeAll(keepingCapacity: true)
                }
            }
            progress(missing.count, missing.count)
            drawn.withLock { $0 += missing.count }
            save(drawnNow, soon: true)
        }
        if let edited { record(keys.put(edited.seed, edited.key), id: edited.seed.id, at: library.version) }
        kept.withLock { kept in
            guard kept.map({ library.version.isAtLeast($0.version) }) ?? true else { return }
            keep(keys, at: library.version, in: &kept, held: kept?.keys.bytes ?? 0)
        }
        return keys
    }

    /// Notes that the Fonster `id` was put at `index` of the kept keys (or, `removed`, taken out
    /// of it), making the library's `version` (`edits`).
    private func record(_ index: Int, id: UUID, at version: StoreVersion, removed: Bool = false) {
        edits.withLock { edits in
            if edits.count == Self.editsKept { edits.removeFirst(edits.count / 2) }
            edits.append(Edit(version: version, index: index, id: id, removed: removed))
        }
    }

    /// Makes `keys` (the library at `version`) the kept keys while the budget grants their bytes
    /// beyond the `held` ones the kept keys counted; else keeps none. A band index of another
    /// version goes either way.
    private func keep(_ keys: Keys, at version: StoreVersion, in kept: inout (version: StoreVersion, keys: Keys)?, held: Int) {
        bandIndex.letGo(unlessAt: version)
        letGoMatches(unlessAt: version)
        let bytes = keys.bytes
        if bytes <= held || account?.tryReserve(bytes - held, for: .kept) ?? true {
            if bytes < held { account?.release(held - bytes, for: .kept) }
            kept = (version, keys)
        } else {
            account?.release(held, for: .kept)
            kept = nil
        }
    }

    /// How many times the library's rows were read (for tests).
    private let reads = Locked(0)
    var readCount: Int { reads.withLock { $0 } }

    /// How many keys were drawn for the library (not read from the store or kept): for tests.
    var drawnCount: Int { drawn.withLock { $0 } }

    /// How many times the library's looks were compared (not read from the store): for tests.
    var nearPassCount: Int { nearPasses.withLock { $0 } }
}
