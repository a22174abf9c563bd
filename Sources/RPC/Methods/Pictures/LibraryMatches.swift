import Foundation
import CreatureCore
import FonsterStore
import FonsterDocument

extension LibraryPictures {
    /// The most display names one call of `named` reads from the store (a document shows at most
    /// its problems' cap of them at once; past it a match is named after its seed).
    static let maxNamesRead = 4_096

    /// The documents' view of the library's keys: for each picture's fingerprint (`Picture.fingerprint`,
    /// a key's `picture`), the first Fonster in list order that draws it and how many do. It holds
    /// the fingerprints sorted, each with its Fonster's place (12 bytes a Fonster), in buckets by
    /// their top bits (about a bucket a Fonster: fingerprints are hashes), beside the kept keys,
    /// not a copy of them; and the display names of the Fonsters documents showed (`named`). No
    /// picture is kept; a library of any size is compared.
    struct Matches: Sendable {
        /// The library's version the view is of.
        let version: StoreVersion
        /// The library's keys at `version` (the kept keys' storage: the view is let go when they change).
        private let keys: Keys
        /// The keys' fingerprints, ascending, and each one's place in `keys` (ascending among equals).
        private let fingerprints: [UInt64]
        private let places: [UInt32]
        /// Where each bucket of `fingerprints` starts (by its top bits: `fingerprint >> shift`), and where the last ends.
        private let starts: [UInt32]
        private let shift: UInt64
        /// The display names read so far, by id.
        private(set) var names: [UUID: String] = [:]
        /// The bytes it holds beside the keys, about: 12 a Fonster, the buckets, and a name read.
        private(set) var bytes = 0

        /// No picture (an empty library).
        init(version: StoreVersion) {
            self.version = version
            keys = Keys()
            (fingerprints, places, starts, shift) = ([], [], [], 63)
        }

        /// The view of `keys` (the library at `version`), no name read yet: a counting sort by
        /// bucket, then each bucket sorted (in place, by fingerprint and then place).
        init(_ keys: Keys, version: StoreVersion) {
            self.version = version
            self.keys = keys
            // About a Fonster a bucket, at most 65,536 buckets.
            shift = UInt64(64 - min(16, max(1, Int.bitWidth - keys.count.leadingZeroBitCount)))
            let buckets = 1 << (64 - Int(shift))
            var starts = [UInt32](repeating: 0, count: buckets + 1)
            for key in keys.keys { starts[Int(key.picture >> shift) + 1] += 1 }
            for b in 0..<buckets { starts[b + 1] += starts[b] }
            var next = starts
            var fingerprints = [UInt64](repeating: 0, count: keys.count), places = [UInt32](repeating: 0, count: keys.count)
            for (place, key) in keys.keys.enumerated() {
                let b = Int(key.picture >> shift), at = Int(next[b])
                (fingerprints[at], places[at]) = (key.picture, UInt32(place))
                next[b] += 1
            }
            // A bucket's places come in ascending: a few are sorted by insertion (which keeps
            // equal fingerprints in place order); a crowded one (seeds made to share the top bits)
            // by a sort of its pairs.
            for b in 0..<buckets where starts[b + 1] - starts[b] > 1 {
                let range = Int(starts[b])..<Int(starts[b + 1])
                if range.count > 32 {
                    let sorted = zip(fingerprints[range], places[range]).sorted { ($0.0, $0.1) < ($1.0, $1.1) }
                    for (j, pair) in zip(range, sorted) { (fingerprints[j], places[j]) = pair }
                    continue
                }
                for j in range.dropFirst() {
                    let (fingerprint, place) = (fingerprints[j], places[j])
                    var k = j
                    while k > range.lowerBound && fingerprints[k - 1] > fingerprint {
                        (fingerprints[k], places[k]) = (fingerprints[k - 1], places[k - 1])
                        k -= 1
                    }
                    (fingerprints[k], places[k]) = (fingerprint, place)
                }
            }
            self.fingerprints = fingerprints
            self.places = places
            self.starts = starts
            bytes = keys.count * 12 + starts.count * 4
        }

        /// The place of the first Fonster drawing the picture of `fingerprint`, and how many do.
        private func first(_ fingerprint: UInt64) -> (place: Int, count: Int)? {
            guard !fingerprints.isEmpty else { return nil }
            let b = Int(fingerprint >> shift), end = Int(starts[b + 1])
            let low = boundary(fingerprint, Int(starts[b])..<end, above: false)
            guard low < end, fingerprints[low] == fingerprint else { return nil }
            return (Int(places[low]), boundary(fingerprint, low..<end, above: true) - low)
        }

        /// The first index of `range` whose fingerprint is not below `fingerprint` (`above`: above it).
        private func boundary(_ fingerprint: UInt64, _ range: Range<Int>, above: Bool) -> Int {
            var (low, high) = (range.lowerBound, range.upperBound)
            while low < high {
                let middle = (low + high) / 2, other = fingerprints[middle]
                if other < fingerprint || above && other == fingerprint { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The Fonster that draws the picture of `fingerprint`, and how many do; named after its
        /// seed until its name is read.
        func match(_ fingerprint: UInt64) -> LibraryMatch? {
            guard let (place, count) = first(fingerprint) else { return nil }
            let seed = keys.seeds[place]
            return LibraryMatch(id: seed.id.text, name: names[seed.id] ?? Naming.displayName(name: "", seed: seed.seed), count: count)
        }

        /// Whether the display name of `id` was read.
        func hasName(_ id: UUID) -> Bool { names[id] != nil }

        /// The first Fonsters drawing the pictures of `fingerprints` whose names are not read yet.
        func unnamed(_ fingerprints: some Sequence<UInt64>) -> Set<UUID> {
            var ids = Set<UUID>()
            for fingerprint in fingerprints {
                guard let (place, _) = first(fingerprint), names[keys.seeds[place].id] == nil else { continue }
                ids.insert(keys.seeds[place].id)
            }
            return ids
        }

        /// Puts display names read from the store.
        mutating func name(_ read: [UUID: String]) {
            for (id, name) in read where names.updateValue(name, forKey: id) == nil {
                bytes += MemoryLayout<UUID>.stride + MemoryLayout<String>.stride + 16 + (name.utf8.count > 15 ? name.utf8.count + 32 : 0)
            }
        }

        /// Whether no Fonster is compared.
        var isEmpty: Bool { fingerprints.isEmpty }
    }

    /// The documents' view as last worked out; nil before the first, when not kept, or when it
    /// compares no Fonster (so a caller draws nothing to look up).
    var lastMatches: Matches? { keptMatches.current.flatMap { $0.isEmpty ? nil : $0 } }

    /// The documents' view of the library as the store stands: worked out from the keys (those
    /// missing drawn on `request`'s compute pool) only when the library changed since; empty when
    /// the store cannot be opened, `request` is cancelled, or the budget does not keep the keys.
    /// Kept while the budget grants its bytes (on the look-alike keys' account) and the kept keys
    /// stay as they are. One round works it out at a time: a round arriving meanwhile waits and
    /// then finds it kept (two would read a million keys twice at once).
    @discardableResult
    func currentMatches(_ context: ServerContext, request: RequestContext) async -> Matches? {
        (try? await matchesBuilder.run { () async -> Matches? in await self.workOutMatches(context, request: request) }) ?? keptMatches.current
    }

    /// `currentMatches`, its round's turn come.
    private func workOutMatches(_ context: ServerContext, request: RequestContext) async -> Matches? {
        let known = keptMatches.current
        let read = try? await context.withStore { store throws(StoreError) -> (StoreVersion, Library?) in
            let version = try store.version()
            if known?.version == version { return (version, nil) }
            return (version, try self.library(store))
        }
        guard let (version, library) = read else { return known }
        if known?.version == version { return known }
        guard let library else { return keep(Matches(version: version)) }
        guard let view = try? await request.computeOnPool({ () throws(ResponseError) -> Matches in
            let keys = try self.keys(library, request)
            // Keys the budget would not keep would be read again each round: none are compared
            // until the library changes (the documents' own analyses come first).
            return self.kept(at: library.version) == nil ? Matches(version: library.version) : Matches(keys, version: library.version)
        }) else { return known }
        return keep(view)
    }

    /// `view` with the display names of the first Fonsters drawing `fingerprints` read from the
    /// store (those not read yet, at most `maxNamesRead`), kept in place of the last.
    func named(_ view: Matches, showing fingerprints: some Sequence<UInt64>, _ context: ServerContext) async -> Matches {
        await named(view, ids: view.unnamed(fingerprints), context)
    }

    /// `view` with the display names of `ids` read from the store (at most `maxNamesRead`),
    /// kept in place of the last.
    func named(_ view: Matches, ids: some Collection<UUID>, _ context: ServerContext) async -> Matches {
        let ids = Array(ids.prefix(Self.maxNamesRead))
        guard !ids.isEmpty, let read = try? await context.withStore({ store throws(StoreError) in try store.namesAndSeeds(of: ids) }) else {
            return view
        }
        var named = view
        named.name(read.mapValues { Naming.displayName(name: $0.name, seed: $0.seed) })
        return keep(named)
    }

    /// The documents' view (`lastMatches`) with the names read of the first Fonsters drawing
    /// the pictures of `fingerprints` (those a request shows); nil without a view.
    func lastMatches(showing fingerprints: [UInt64], _ context: ServerContext) async -> Matches? {
        guard let view = lastMatches else { return nil }
        return await named(view, showing: fingerprints, context)
    }

    /// Lets the documents' view go unless it is of `version`: it holds the kept keys' storage,
    /// which must not be held twice once they change.
    func letGoMatches(unlessAt version: StoreVersion?) {
        keptMatches.withLock { kept in
            guard let view = kept, view.version != version else { return }
            account?.release(view.bytes, for: .kept)
            kept = nil
        }
    }

    /// Keeps `view` in place of the last while the budget grants its bytes; gives it either way.
    private func keep(_ view: Matches) -> Matches {
        // A view of keys no longer kept would hold them on (`letGoMatches`).
        guard view.isEmpty || kept(at: view.version) != nil else { return view }
        keptMatches.withLock { kept in
            let before = kept?.bytes ?? 0
            guard kept.map({ view.version.isAtLeast($0.version) }) ?? true else { return }
            if view.bytes <= before || account?.tryReserve(view.bytes - before, for: .kept) ?? true {
                if view.bytes < before { account?.release(before - view.bytes, for: .kept) }
                kept = view
            } else {
                account?.release(before, for: .kept)
                kept = nil
            }
        }
        return view
    }
}
