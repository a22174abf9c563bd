import Foundation
import CreatureCore
import FonsterStore

/// The last groups `LibraryPictures` worked out: of the library at `version`, by id, and the near
/// ones by place in the kept keys too (what an edit since is merged into).
struct KeptGroups: Sendable {
    let version: StoreVersion
    let near: Bool
    let groups: Lookalikes.Groups<UUID>
    let nearPlaces: [[Int]]
    /// Which Fonsters the library held and what each drew, whatever their order (`LibraryPictures.content`).
    let content: UInt64
    /// What they hold, counted on the memory budget: 16 bytes a member, 8 more a near one.
    var bytes: Int {
        16 * (groups.exact.reduce(0) { $0 + $1.count } + groups.near.reduce(0) { $0 + $1.count }) + 8 * nearPlaces.reduce(0) { $0 + $1.count }
    }
}

extension LibraryPictures {
    /// `library` grouped by identical pictures, and with `near` by nearly identical ones, on the
    /// compute pool: from the kept keys, so asking again after an edit draws only what changed.
    /// The near groups come, cheapest first, from those worked out before when only edits made
    /// here came since (`mergedNear`), from them by id when the library only changed order
    /// (`reordered`: moves), from the store's when they are of these very keys (`stored`: a
    /// restart), else from a near pass over the whole library. Reports `$/progress`
    /// (when the request asked for it, and `reporting`) as it draws keys (the first half) and
    /// compares looks (the second). One method works groups out at a time (two near passes at
    /// once over a million Fonsters took twice the CPU and 279 MiB); the next finds them kept.
    func groups(of library: Library, near: Bool, stored: StoredGroups? = nil, reporting: Bool = true,
                request: RequestContext) async throws(ResponseError) -> Lookalikes.Groups<UUID> {
        try await groupsBuilder.run { () async throws(ResponseError) -> Lookalikes.Groups<UUID> in
            try await self.workOutGroups(of: library, near: near, stored: stored, reporting: reporting, request: request)
        }
    }

    /// `groups(of:near:)`, its turn come.
    private func workOutGroups(of library: Library, near: Bool, stored: StoredGroups?, reporting: Bool,
                               request: RequestContext) async throws(ResponseError) -> Lookalikes.Groups<UUID> {
        if let known = grouped.withLock({ $0.flatMap { $0.version == library.version && $0.near == near ? $0.groups : nil } }) { return known }
        return try await request.computeOnPool { () throws(ResponseError) -> Lookalikes.Groups<UUID> in
            let keys = try self.keys(library, request) { done, total in
                if reporting { request.reportProgress(message: "Drew \(English.grouped(done)) of \(English.grouped(total)) pictures", percentage: done * 50 / max(total, 1)) }
            }
            guard near else {
                let found = try self.groupsWithinBudget(keys.keys, near: false, request: request) { keys.look($0) }.groups
                return self.keep(found, near: false, keys: keys, content: Self.content(keys), at: library.version)
            }
            let fingerprint = NearGroupsCoding.fingerprint(keys.keys)
            var nearGroups = try self.mergedNear(keys, at: library.version, request: request)
            let content = Self.content(keys)
            if nearGroups == nil { nearGroups = self.reordered(keys, content: content) }
            if nearGroups == nil, let stored, stored.fingerprint == fingerprint {
                nearGroups = NearGroupsCoding.groups(stored.bytes, count: keys.count)
            } else if let nearGroups {
                self.save(StoredGroups(fingerprint: fingerprint, bytes: NearGroupsCoding.bytes(nearGroups, count: keys.count)))
            }
            // Known near groups: the exact ones only to work out.
            if let nearGroups {
                var found = try self.groupsWithinBudget(keys.keys, near: false, request: request) { keys.look($0) }.groups
                found.near = nearGroups
                return self.keep(found, near: true, keys: keys, content: content, at: library.version)
            }
            self.nearPasses.withLock { $0 += 1 }
            let (found, refused) = try self.groupsWithinBudget(keys.keys, near: true, request: request, progress: { done, total in
                if reporting { request.reportProgress(message: "Compared \(English.grouped(done)) of \(English.grouped(total)) looks", percentage: 50 + done * 50 / max(total, 1)) }
            }) { keys.look($0) }
            if let needed = refused {
                throw ResponseError(code: .noMemoryRoom, message: "The server's memory budget has no room to compare these \(English.grouped(keys.count)) "
                                    + "Fonsters by how they look (the comparison holds about \(max(1, needed >> 20)) MiB): ask with near: false for identical pictures only, "
                                    + "or start the server with a larger --memory-budget.", data: ["needed": .int(Int64(needed))])
            }
            self.save(StoredGroups(fingerprint: fingerprint, bytes: NearGroupsCoding.bytes(found.near, count: keys.count)))
            return self.keep(found, near: true, keys: keys, content: content, at: library.version)
        }
    }

    /// The near groups of the library `keys` holds (at `version`), from the last worked out when
    /// every change since is an edit made here (`edits`, one logged change after another, each
    /// Fonster still where it was put): nil when there are none, or other changes came between,
    /// or more than `editsMerged` edits.
    ///
    /// The edited Fonsters are taken out of their groups (a deleted one is gone; a later place
    /// moves up one for each deleted before it) and what is left of each such group is grouped
    /// again by look (it can only part: none of its Fonsters is alike any outside it, or they
    /// would have been one group); then each Fonster made or changed is joined with every Fonster
    /// alike it now (`Lookalikes.matches`) and their groups. That is the whole library's grouping:
    /// the pairs of unedited Fonsters are as they were, and every pair with an edited one is looked at.
    private func mergedNear(_ keys: Keys, at version: StoreVersion, request: RequestContext) throws(ResponseError) -> [[Int]]? {
        guard let base = grouped.withLock({ $0.flatMap { $0.near ? $0 : nil } }), base.version != version,
              let edits = editedSince(base.version, to: version), edits.count <= Self.editsMerged else { return nil }
        var places = EditedPlaces(), edited: [(place: Int, id: UUID)] = []
        for edit in edits {
            let place = places.note(edit.index, removed: edit.removed)
            if !edit.removed { edited.append((place, edit.id)) }
        }
        var changed = Set<Int>()
        for (place, id) in edited {
            guard let place = places.now(place) else { continue }
            guard place < keys.count, keys.seeds[place].id == id else { return nil }
            changed.insert(place)
        }
        // The groups by number, and each place's group (-1: none; 4 bytes a Fonster while it runs).
        var groups: [[Int]] = [], groupOf = [Int32](repeating: -1, count: keys.count)
        func add(_ group: [Int]) {
            for place in group { groupOf[place] = Int32(groups.count) }
            groups.append(group)
        }
        for group in base.nearPlaces {
            let moved = places.noneGone ? group : group.compactMap(places.now)
            guard moved.count < group.count || moved.contains(where: changed.contains) else { add(moved); continue }
            let rest = moved.filter { !changed.contains($0) }
            guard rest.count > 1 else { continue }
            let (parted, refused) = try groupsWithinBudget(rest.map { keys.keys[$0] }, near: true, request: request) { keys.look(rest[$0]) }
            guard refused == nil else { return nil }
            for part in parted.near { add(part.map { rest[$0] }) }
        }
        // Each edited Fonster joins the groups of those alike it (one alone is a group of its own).
        var joined = UnionFind(count: groups.count)
        for e in changed.sorted() {
            try request.checkpoint()
            let (same, nearly) = Lookalikes.matches(of: Picture(seed: keys.seeds[e].seed, engine: keys.seeds[e].engine), in: keys.keys, bands: keys.bands) { keys.look($0) }
            for place in [e] + same + nearly {
                if groupOf[place] < 0 { add([place]); joined.append() }
                joined.join(Int(groupOf[e]), Int(groupOf[place]))
            }
        }
        var joinedInto = [[Int]](repeating: [], count: groups.count)
        for g in groups.indices { joinedInto[joined.root(g)].append(g) }
        var found: [[Int]] = []
        for members in joinedInto where !members.isEmpty {
            // A group none joined stays as it was (an edited one alone is none).
            guard members.count > 1 else {
                if groups[members[0]].count > 1 { found.append(groups[members[0]]) }
                continue
            }
            let group = members.flatMap { groups[$0] }.sorted()
            // A near group has two different pictures at least (else its Fonsters are one exact group).
            if group.contains(where: { keys.keys[$0].picture != keys.keys[group[0]].picture }) { found.append(group) }
        }
        return found.sorted { $0[0] < $1[0] }
    }

    /// The near groups worked out last, by place in `keys`, when `keys` holds the same Fonsters
    /// drawing the same pictures in another order (`content`: moved since, here or by another
    /// process): nil when not. A grouped Fonster is looked for where it was and one place either
    /// side (a move shifts the places between by one); only those not found there are looked up
    /// among all.
    private func reordered(_ keys: Keys, content: UInt64) -> [[Int]]? {
        guard let base = grouped.withLock({ $0.flatMap { $0.near ? $0 : nil } }), base.content == content else { return nil }
        var found = base.nearPlaces, elsewhere: [UUID: Int] = [:]
        for (g, group) in base.groups.near.enumerated() {
            for (k, id) in group.enumerated() {
                let was = found[g][k]
                if let now = [was, was - 1, was + 1].first(where: { keys.seeds.indices.contains($0) && keys.seeds[$0].id == id }) {
                    found[g][k] = now
                } else {
                    (found[g][k], elsewhere[id]) = (-1, -1)
                }
            }
        }
        if !elsewhere.isEmpty {
            for (i, seed) in keys.seeds.enumerated() where elsewhere[seed.id] != nil { elsewhere[seed.id] = i }
            for (g, group) in base.groups.near.enumerated() {
                for (k, id) in group.enumerated() where found[g][k] < 0 {
                    guard let now = elsewhere[id], now >= 0 else { return nil }
                    found[g][k] = now
                }
            }
        }
        return found.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// Which Fonsters `keys` holds and the picture each draws, as one word whatever their order:
    /// the sum of a mix of each one's id and fingerprint.
    static func content(_ keys: Keys) -> UInt64 {
        func mix(_ x: UInt64) -> UInt64 {
            let x = (x ^ x >> 30) &* 0xBF58_476D_1CE4_E5B9
            let y = (x ^ x >> 27) &* 0x94D0_49BB_1331_11EB
            return y ^ y >> 31
        }
        var sum: UInt64 = 0
        for (seed, key) in zip(keys.seeds, keys.keys) {
            let (high, low) = withUnsafeBytes(of: seed.id.uuid) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
            sum &+= mix(high ^ mix(low ^ mix(key.picture)))
        }
        return sum
    }

    /// The edits from `from` to `to`, when the edits recorded lead there one logged change at a
    /// time (nil when not).
    private func editedSince(_ from: StoreVersion, to: StoreVersion) -> [Edit]? {
        edits.withLock { edits -> [Edit]? in
            guard let start = edits.firstIndex(where: { $0.version.follows(from) }) else { return nil }
            var at = from, since: [Edit] = []
            for edit in edits[start...] {
                guard edit.version.follows(at) else { return nil }
                since.append(edit)
                at = edit.version
                if at == to { return since }
            }
            return nil
        }
    }

    /// `Lookalikes.groups` with its near pass's bytes reserved from the budget while it runs (as
    /// each part asks): without room, the exact groups only and the bytes the pass asked for in
    /// all (`refused`), never a pass over the budget. The pass takes turns on the pool, stops when `request` is
    /// cancelled (-32800) and tells `progress` how many looks it has drawn.
    func groupsWithinBudget(_ keys: [PictureKey], near: Bool, request: RequestContext, progress: (Int, Int) -> Void = { _, _ in },
                            look: (Int) -> Likeness.Look) throws(ResponseError) -> (groups: Lookalikes.Groups<Int>, refused: Int?) {
        var reserved = 0, asked = 0
        defer { if reserved > 0 { account?.release(reserved, for: .work) } }
        guard let (groups, skipped) = Lookalikes.groups(keys, near: near, room: { bytes in
            asked += bytes
            guard account?.tryReserve(bytes, for: .work) ?? true else { return false }
            if account != nil { reserved += bytes }
            return true
        }, isCancelled: { request.takeTurn() }, progress: progress, look: look) else { throw ResponseError.requestCancelled }
        return (groups, skipped ? asked : nil)
    }

    /// Keeps `found` (of the library `keys` holds, at `version`) in place of the last groups,
    /// while the budget grants their bytes, and gives them by id.
    private func keep(_ found: Lookalikes.Groups<Int>, near: Bool, keys: Keys, content: UInt64, at version: StoreVersion) -> Lookalikes.Groups<UUID> {
        let groups = found.map { keys.seeds[$0].id }
        let kept = KeptGroups(version: version, near: near, groups: groups, nearPlaces: found.near, content: content)
        grouped.withLock { grouped in
            let before = grouped?.bytes ?? 0, bytes = kept.bytes
            guard grouped.map({ version.isAtLeast($0.version) }) ?? true else { return }
            if bytes <= before || account?.tryReserve(bytes - before, for: .kept) ?? true {
                if bytes < before { account?.release(before - bytes, for: .kept) }
                grouped = kept
            } else {
                account?.release(before, for: .kept)
                grouped = nil
            }
        }
        return groups
    }
}
