import Foundation
import CreatureCore
import FonsterStore
import FonsterDocument

/// The library's pictures for the documents: which Fonster draws a picture (the first in list
/// order, and how many do). Kept with the store's version, so only a changed library is read
/// again, and drawn through a cache of its own, so a change draws only the Fonsters it touched.
/// A library of more than `maxFonsters` is not compared (a document's work stays small).
final class LibraryPictures: Sendable {
    /// The most Fonsters compared with documents.
    static let maxFonsters = 50_000
    private let kept = Locked<(version: StoreVersion, byPicture: [Picture: LibraryMatch], byFingerprint: [UInt64: LibraryMatch])?>(nil)
    private let cache = Locked(PictureCache(maxPictures: LibraryPictures.maxFonsters + 4_096))

    /// The library's pictures as the store stands, read and drawn (on `request`'s compute pool)
    /// only when it changed since; empty when the store cannot be opened or is too large.
    func current(_ context: ServerContext, request: RequestContext) async -> [Picture: LibraryMatch] {
        let known = kept.current
        let read = try? await context.withStore { store throws(StoreError) -> (StoreVersion, [Fonster]?) in
            let version = try store.version()
            if known?.version == version { return (version, nil) }
            guard try store.count() <= Self.maxFonsters else { return (version, []) }
            return (version, try store.list())
        }
        guard let (version, fonsters) = read else { return [:] }
        guard let fonsters else { return known?.byPicture ?? [:] }
        let cache = self.cache.withLock { cache -> PictureCache in
            if cache.isFull { cache = PictureCache(maxPictures: Self.maxFonsters + 4_096) }
            return cache
        }
        let byPicture = try? await request.computeOnPool { () throws(ResponseError) -> [Picture: LibraryMatch] in
            let keys = fonsters.map { PictureCache.Key(seed: $0.seed, engine: $0.engine) }
            guard let ids = cache.ids(keys, isCancelled: { request.takeTurn() }) else { throw .requestCancelled }
            var byID: [Int: LibraryMatch] = [:]
            for (n, id) in ids.enumerated() {
                let count = (byID[id]?.count ?? 0) + 1
                let first = byID[id].map { ($0.id, $0.name) } ?? (fonsters[n].id.text, fonsters[n].displayName)
                byID[id] = LibraryMatch(id: first.0, name: first.1, count: count)
            }
            return Dictionary(uniqueKeysWithValues: byID.map { (cache.picture($0.key), $0.value) })
        }
        guard let byPicture else { return known?.byPicture ?? [:] }
        let byFingerprint = Dictionary(byPicture.map { ($0.key.fingerprint, $0.value) }) { first, _ in first }
        kept.withLock { $0 = (version, byPicture, byFingerprint) }
        return byPicture
    }

    /// The library's pictures as last read (empty before the first read).
    var last: [Picture: LibraryMatch] { kept.current?.byPicture ?? [:] }

    /// The library's pictures as last read, by fingerprint (`Picture.fingerprint`): for a document's
    /// findings, whose pictures are kept as fingerprints.
    var lastByFingerprint: [UInt64: LibraryMatch] { kept.current?.byFingerprint ?? [:] }
}
