import Foundation
import CreatureCore
import FonsterStore

/// `sameAs` and `nearlyAs` of a Fonster just made or changed: the other Fonsters of the library
/// that draw the same picture, or nearly (`Lookalikes.nearlyMaxCells`). Pictures are kept by seed
/// and engine, so an edit draws only what changed.
final class LookalikeFinder: Sendable {
    /// Pictures by engine and seed, and the bytes they hold (about 1 KB a picture plus its key);
    /// emptied when it passes `limitBytes`, so long seeds cannot make it grow without bound.
    private let pictures = Locked((byKey: [String: Picture](), bytes: 0))
    private let limitBytes = 32 << 20

    /// `fonster` against `library` (which may hold it: it is left out), on the compute pool.
    func members(of fonster: Fonster, in library: [Fonster], defaultEngine: EngineVersion,
                 request: RequestContext) async throws(ResponseError) -> [(String, JSONValue)] {
        let others = library.filter { $0.id != fonster.id }
        let (same, nearly) = try await request.compute { () throws(ResponseError) -> (same: [UUID], nearly: [UUID]) in
            var items: [(id: UUID, picture: Picture)] = []
            items.reserveCapacity(others.count)
            for (n, other) in others.enumerated() {
                if n & 255 == 255 { try request.checkpoint() }
                items.append((other.id, self.picture(other, defaultEngine)))
            }
            return Lookalikes.matches(of: self.picture(fonster, defaultEngine), in: items)
        }
        return [("sameAs", .array(same.map { .string($0.uuidString) })), ("nearlyAs", .array(nearly.map { .string($0.uuidString) }))]
    }

    /// The `created` Fonsters of an import, each with its `sameAs` and `nearlyAs` in `library`
    /// (which holds them): from one grouping of the whole library, so a big import stays linear.
    func annotate(_ created: [Fonster], in library: [Fonster], defaultEngine: EngineVersion,
                  request: RequestContext) async throws(ResponseError) -> [JSONValue] {
        guard !created.isEmpty else { return [] }
        let groups = try await request.compute { () throws(ResponseError) -> Lookalikes.Groups<UUID> in
            var items: [(id: UUID, picture: Picture)] = []
            items.reserveCapacity(library.count)
            for (n, fonster) in library.enumerated() {
                if n & 255 == 255 { try request.checkpoint() }
                items.append((fonster.id, self.picture(fonster, defaultEngine)))
            }
            return Lookalikes.groups(items)
        }
        var same: [UUID: [UUID]] = [:], near: [UUID: [UUID]] = [:]
        for group in groups.exact { for id in group { same[id] = group.filter { $0 != id } } }
        for group in groups.near { for id in group { near[id] = group.filter { $0 != id } } }
        return created.map { fonster in
            let sameAs = same[fonster.id] ?? []
            let nearlyAs = (near[fonster.id] ?? []).filter { !sameAs.contains($0) }
            return fonster.json().merging([("sameAs", .array(sameAs.map { .string($0.uuidString) })),
                                           ("nearlyAs", .array(nearlyAs.map { .string($0.uuidString) }))])
        }
    }

    private func picture(_ fonster: Fonster, _ defaultEngine: EngineVersion) -> Picture {
        let engine = EngineVersion(rawValue: fonster.engine) ?? defaultEngine
        let key = engine.rawValue + "\u{0}" + fonster.seed
        if let known = pictures.withLock({ $0.byKey[key] }) { return known }
        let drawn = Picture(Creature(seed: fonster.seed, engine: engine))
        let size = key.utf8.count + 1100
        pictures.withLock { cache in
            if cache.bytes + size > limitBytes { cache = ([:], 0) }
            cache.byKey[key] = drawn
            cache.bytes += size
        }
        return drawn
    }
}
