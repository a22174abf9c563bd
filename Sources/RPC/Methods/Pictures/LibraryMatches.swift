import Foundation
import CreatureCore
import FonsterStore
import FonsterDocument

extension LibraryPictures {
    /// The most Fonsters compared with documents: a larger library is not (a document's work
    /// stays small).
    static let maxFonsters = 50_000

    /// The documents' view of the library's keys: for each picture's fingerprint
    /// (`Picture.fingerprint`, a key's `picture`), the first Fonster in list order that draws it
    /// and how many do. No picture is kept: a Fonster costs its key, and a distinct picture an entry.
    struct Matches: Sendable {
        /// The first Fonster drawing a picture, and how many do.
        struct Entry: Sendable {
            let id: UUID
            var name = ""
            var count: Int32
        }

        /// The library's version the view is of.
        let version: StoreVersion
        /// Each distinct picture's entry, by fingerprint.
        private(set) var entries: [UInt64: Entry] = [:]
        /// The bytes it holds, about: an entry a picture, and a name past 15 bytes.
        private(set) var bytes = 0

        /// No picture (an empty library, or one over `maxFonsters`).
        init(version: StoreVersion) { self.version = version }

        /// The view of `keys` (the library at `version`), names still to be put.
        init(_ keys: Keys, version: StoreVersion) {
            self.version = version
            entries = LibraryPictures.firstDrawing(keys).mapValues { Entry(id: keys.seeds[$0.index].id, count: Int32($0.count)) }
            bytes = entries.count * (MemoryLayout<UInt64>.stride + MemoryLayout<Entry>.stride)
        }

        /// The ids of the Fonsters whose names the view shows.
        var ids: Set<UUID> { Set(entries.values.map(\.id)) }

        /// Puts the display names of the first Fonsters (those `names` has).
        mutating func name(_ names: [UUID: String]) {
            for (fingerprint, entry) in entries {
                guard let name = names[entry.id] else { continue }
                entries[fingerprint]?.name = name
                if name.utf8.count > 15 { bytes += name.utf8.count + 32 }
            }
        }

        /// The Fonster that draws the picture of `fingerprint`, and how many do.
        func match(_ fingerprint: UInt64) -> LibraryMatch? {
            entries[fingerprint].map { LibraryMatch(id: $0.id.text, name: $0.name, count: Int($0.count)) }
        }

        /// Whether no Fonster is compared.
        var isEmpty: Bool { entries.isEmpty }
    }

    /// The documents' view as last worked out; nil before the first, when not kept, or when it
    /// compares no Fonster (so a caller draws nothing to look up).
    var lastMatches: Matches? { keptMatches.current.flatMap { $0.isEmpty ? nil : $0 } }

    /// The documents' view of the library as the store stands: worked out from the keys (those
    /// missing drawn on `request`'s compute pool) only when the library changed since; empty when
    /// the store cannot be opened, the library holds more than `maxFonsters`, or `request` is
    /// cancelled. Kept while the budget grants its bytes (on the look-alike keys' account).
    @discardableResult
    func currentMatches(_ context: ServerContext, request: RequestContext) async -> Matches? {
        let known = keptMatches.current
        let read = try? await context.withStore { store throws(StoreError) -> (StoreVersion, Library?) in
            let version = try store.version()
            if known?.version == version { return (version, nil) }
            guard try store.count() <= Self.maxFonsters else { return (version, nil) }
            return (version, try self.library(store))
        }
        guard let (version, library) = read else { return known }
        if known?.version == version { return known }
        guard let library else { return keep(Matches(version: version)) }
        guard var view = try? await request.computeOnPool({ () throws(ResponseError) -> Matches in
            Matches(try self.keys(library, request), version: library.version)
        }) else { return known }
        let ids = view.ids
        let names = try? await context.withStore { store throws(StoreError) -> [UUID: String] in
            var names: [UUID: String] = [:]
            _ = try store.visitList(start: 0, count: nil) { row in
                let id = row.id
                if ids.contains(id) {
                    let name = row.withName { String(decoding: $0, as: UTF8.self) }, seed = row.withSeed { String(decoding: $0, as: UTF8.self) }
                    names[id] = Naming.displayName(name: name, seed: seed)
                }
                return true
            }
            return names
        }
        view.name(names ?? [:])
        return keep(view)
    }

    /// By picture fingerprint, the first of `keys` drawing it (its index) and how many do.
    static func firstDrawing(_ keys: Keys) -> [UInt64: (index: Int, count: Int)] {
        var first: [UInt64: (index: Int, count: Int)] = [:]
        for (i, key) in keys.keys.enumerated() { first[key.picture, default: (i, 0)].count += 1 }
        return first
    }

    /// Keeps `view` in place of the last while the budget grants its bytes; gives it either way.
    private func keep(_ view: Matches) -> Matches {
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
