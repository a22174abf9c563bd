import Foundation

/// Creatures that look alike. Two pictures are **the same** when every cell has the same colour
/// or none; **nearly** the same when they look alike by `Likeness` (the silhouette first, then
/// the colours: the same shape in other colours nearly looks alike) without being the same.
public enum Lookalikes {
    /// The groups of a library: `exact` lists items drawing one picture, `near` items joined by
    /// chains of nearly-alike pictures (with at least two different pictures in each). Groups and
    /// the items in them keep the input order.
    public struct Groups<ID: Sendable>: Sendable {
        /// Items that draw the same picture, two or more a group.
        public var exact: [[ID]]
        /// Items whose pictures are linked by `Likeness.looksAlike`.
        public var near: [[ID]]

        /// The same groups, each item named by `name`.
        public func map<T>(_ name: (ID) throws -> T) rethrows -> Groups<T> {
            Groups<T>(exact: try exact.map { try $0.map(name) }, near: try near.map { try $0.map(name) })
        }
    }

    /// The indices of `table` whose pictures are the same as `picture` (`same`) and those that
    /// nearly are (`nearly`: alike by `Likeness`, not the same). For the `sameAs`/`nearlyAs` of a
    /// created or changed Fonster: leave the Fonster itself out. Linear: the table's looks are
    /// compared by silhouette first (from the middle rows, stopping once past the slack), then
    /// by inner edges.
    public static func matches(of picture: Picture, in table: PictureTable) -> (same: [Int], nearly: [Int]) {
        var same: [Int] = [], nearly: [Int] = []
        let look = Likeness.Look(picture)
        picture.cells.withUnsafeBufferPointer { own in
            let own = own.baseAddress!, fingerprint = picture.fingerprint
            table.withCells { cells in
                for i in 0..<cells.count {
                    if cells.fingerprint(i) == fingerprint && Picture.sameCells(cells[i], own) {
                        same.append(i)
                        continue
                    }
                    let other = cells.look(i)
                    if other.pointee.silhouette.differsIn(moreThan: Likeness.silhouetteSlack, from: look.silhouette) { continue }
                    if other.pointee.looksAlike(look) {
                        nearly.append(i)
                    }
                }
            }
        }
        return (same, nearly)
    }

    /// The pictures of `creatures` (seed and engine each), drawn in up to `threads` parts that
    /// `parts` runs; `isCancelled` is asked every 64 pictures (a runner on the compute pool takes
    /// turns there too), and nil is returned once it says so.
    public static func pictures(of creatures: [(seed: String, engine: EngineVersion)], parts: PartsRunner,
                                threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                                isCancelled: @escaping @Sendable () -> Bool = { false }) async throws -> [Picture]? {
        let slots = Slots<Picture>(count: creatures.count)
        let workers = max(1, min(threads, (creatures.count + 255) / 256))
        let stopped = Slots<Bool>(count: workers)
        try await parts(workers) { w in
            let start = creatures.count * w / workers, end = creatures.count * (w + 1) / workers
            for i in start..<end {
                if (i - start) & 63 == 0 && isCancelled() { stopped[w] = true; return }
                slots[i] = Picture(seed: creatures[i].seed, engine: creatures[i].engine)
            }
        }
        if stopped.values.contains(true) { return nil }
        return slots.values.map { $0! }
    }

    /// `pictures(of:parts:)` drawn one after another on the calling thread: for work already on
    /// the compute pool (taking its turns through `isCancelled`).
    public static func pictures(of creatures: [(seed: String, engine: EngineVersion)],
                                isCancelled: () -> Bool = { false }) -> [Picture]? {
        var pictures: [Picture] = []
        pictures.reserveCapacity(creatures.count)
        for (i, creature) in creatures.enumerated() {
            if i & 63 == 0 && isCancelled() { return nil }
            pictures.append(Picture(seed: creature.seed, engine: creature.engine))
        }
        return pictures
    }

    /// Groups the pictures of `table` (named by their indices) into same and nearly-same ones.
    /// Same: pictures by fingerprint, then their cells compared. Nearly: the distinct pictures'
    /// looks (kept in the table) in a `LikenessIndex`, whose alike pairs (found by silhouette
    /// blocks, each pair once) are joined into chains. Every loop reads the table in place and
    /// keeps indices only.
    public static func groups(_ table: PictureTable, near: Bool = true) -> Groups<Int> {
        table.withCells { cells in groups(cells, near: near) }
    }

    private static func groups(_ cells: PictureTable.Cells, near: Bool) -> Groups<Int> {
        // Distinct pictures in order of first appearance: `uniqueOf` each item, `first` item of
        // each unique; pictures with one fingerprint and other cells are chained by `collision`.
        var byFingerprint: [UInt64: Int] = [:]
        byFingerprint.reserveCapacity(cells.count)
        var uniqueOf = [Int](repeating: 0, count: cells.count), first: [Int] = [], collision: [Int] = [], members: [Int] = []
        for i in 0..<cells.count {
            let fingerprint = cells.fingerprint(i)
            var u = byFingerprint[fingerprint] ?? -1, last = -1
            while u >= 0 && !Picture.sameCells(cells[first[u]], cells[i]) { (last, u) = (u, collision[u]) }
            if u < 0 {
                u = first.count
                first.append(i)
                collision.append(-1)
                members.append(0)
                if last >= 0 { collision[last] = u } else { byFingerprint[fingerprint] = u }
            }
            uniqueOf[i] = u
            members[u] += 1
        }
        let exact = collect(cells.count) { members[uniqueOf[$0]] > 1 ? uniqueOf[$0] : nil }
        guard near else { return Groups(exact: exact, near: []) }

        // Each distinct picture's look, numbered by the index (pictures of one look share it).
        var index = LikenessIndex()
        index.reserveCapacity(first.count)
        let lookOf = first.map { index.insert(cells.look($0).pointee) }
        var parent = Array(0..<index.count)
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        index.forEachAlikePair(unless: { root($0) == root($1) }) { a, b in
            let (ra, rb) = (root(a), root(b))
            parent[max(ra, rb)] = min(ra, rb)
        }
        var uniques = [Int](repeating: 0, count: index.count)
        for u in first.indices { uniques[root(lookOf[u])] += 1 }
        let nearGroups = collect(cells.count) { i in
            let r = root(lookOf[uniqueOf[i]])
            return uniques[r] > 1 ? r : nil
        }
        return Groups(exact: exact, near: nearGroups)
    }

    /// Items 0..<count gathered by the key `group` gives each (nil: in no group): groups in order
    /// of their first item, items in order.
    private static func collect(_ count: Int, _ group: (Int) -> Int?) -> [[Int]] {
        var slot: [Int: Int] = [:], groups: [[Int]] = []
        for i in 0..<count {
            guard let key = group(i) else { continue }
            if let g = slot[key] { groups[g].append(i) } else {
                slot[key] = groups.count
                groups.append([i])
            }
        }
        return groups
    }
}

/// Fixed slots that parallel parts fill, each its own index (so no two write the same slot).
final class Slots<T>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<T?>
    let count: Int
    init(count: Int) {
        self.count = count
        base = .allocate(capacity: max(1, count))
        base.initialize(repeating: nil, count: count)
    }
    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
    subscript(i: Int) -> T? {
        get { base[i] }
        set { base[i] = newValue }
    }
    var values: [T?] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
