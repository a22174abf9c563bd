import Foundation

/// Creatures that look alike. Two pictures are **the same** when every cell has the same colour
/// or none; **nearly** the same when at most `nearlyMaxCells` of the 1,024 cells differ (a few
/// speckles, a changed eye: under 1 % of the picture, hard to tell apart at avatar size).
public enum Lookalikes {
    /// At most this many cells differ between pictures that nearly look alike.
    public static let nearlyMaxCells = 8

    /// The groups of a library: `exact` lists items drawing one picture, `near` items joined by
    /// chains of nearly-alike pictures (with at least two different pictures in each). Groups and
    /// the items in them keep the input order.
    public struct Groups<ID: Sendable>: Sendable {
        /// Items that draw the same picture, two or more a group.
        public var exact: [[ID]]
        /// Items whose pictures are linked by "at most `nearlyMaxCells` cells differ".
        public var near: [[ID]]

        /// The same groups, each item named by `name`.
        public func map<T>(_ name: (ID) throws -> T) rethrows -> Groups<T> {
            Groups<T>(exact: try exact.map { try $0.map(name) }, near: try near.map { try $0.map(name) })
        }
    }

    /// The indices of `table` whose pictures are the same as `picture` (`same`) and those that
    /// nearly are (`nearly`, not the same). For the `sameAs`/`nearlyAs` of a created or changed
    /// Fonster: leave the Fonster itself out. Linear, about 0.1 µs a picture.
    public static func matches(of picture: Picture, in table: PictureTable) -> (same: [Int], nearly: [Int]) {
        var same: [Int] = [], nearly: [Int] = []
        picture.cells.withUnsafeBufferPointer { own in
            let own = own.baseAddress!, fingerprint = picture.fingerprint
            table.withCells { cells in
                for i in 0..<cells.count {
                    if cells.fingerprint(i) == fingerprint && Picture.sameCells(cells[i], own) {
                        same.append(i)
                    } else if Picture.differingCells(cells[i], own, upTo: nearlyMaxCells) <= nearlyMaxCells {
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
    /// Same: pictures by fingerprint, then their cells compared. Nearly: by the pigeonhole rule,
    /// two pictures with at most N differing cells agree on at least one of N + 1 disjoint blocks
    /// of cells (block b = cells i with i mod (N + 1) = b, spread over the whole picture), so only
    /// pictures sharing a block's hash are compared, each pair once. Every loop reads the table's
    /// cells in place and keeps indices only.
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

        let blocks = nearlyMaxCells + 1
        var keys = [UInt64](repeating: 0, count: first.count * blocks)
        keys.withUnsafeMutableBufferPointer { keys in
            for u in first.indices { blockHashes(cells[first[u]], into: keys.baseAddress! + u * blocks) }
        }
        var parent = Array(first.indices)
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        var head: [UInt64: Int] = [:], next = [Int](repeating: -1, count: first.count)
        head.reserveCapacity(first.count)
        for b in 0..<blocks {
            // Buckets of uniques sharing block b's hash, as chains through `next`.
            head.removeAll(keepingCapacity: true)
            for u in first.indices {
                let key = keys[u * blocks + b]
                next[u] = head.updateValue(u, forKey: key) ?? -1
            }
            for start in head.values where next[start] >= 0 {
                var u = start
                while u >= 0 {
                    var v = next[u]
                    while v >= 0 {
                        defer { v = next[v] }
                        // Compared in the first block the two share; skip when already joined.
                        if (0..<b).contains(where: { keys[u * blocks + $0] == keys[v * blocks + $0] }) { continue }
                        let (ru, rv) = (root(u), root(v))
                        if ru == rv { continue }
                        if Picture.differingCells(cells[first[u]], cells[first[v]], upTo: nearlyMaxCells) <= nearlyMaxCells {
                            parent[max(ru, rv)] = min(ru, rv)
                        }
                    }
                    u = next[u]
                }
            }
        }
        var uniques = [Int](repeating: 0, count: first.count)
        for u in first.indices { uniques[root(u)] += 1 }
        let nearGroups = collect(cells.count) { i in
            let r = root(uniqueOf[i])
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

    /// The hashes of the N + 1 interleaved blocks of the 1,024 cells at `cells`, written to `hashes`.
    static func blockHashes(_ cells: UnsafePointer<UInt8>, into h: UnsafeMutablePointer<UInt64>) {
        let blocks = nearlyMaxCells + 1
        h.initialize(repeating: 0xCBF2_9CE4_8422_2325, count: blocks)
        var b = 0
        for i in 0..<1024 {
            h[b] = (h[b] ^ UInt64(cells[i])) &* 0x0000_0100_0000_01B3
            b = b == blocks - 1 ? 0 : b + 1
        }
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
