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
    }

    /// The items of `library` that draw the same picture as `picture` (`same`) and those that
    /// nearly do (`nearly`, not the same). For the `sameAs`/`nearlyAs` of a created or changed
    /// Fonster: leave the Fonster itself out of `library`. Linear, about 0.1 µs an item.
    public static func matches<ID>(of picture: Picture, in library: [(id: ID, picture: Picture)]) -> (same: [ID], nearly: [ID]) {
        var same: [ID] = [], nearly: [ID] = []
        // Borrowed in place: a copy of each item would retain and release its cells.
        library.withUnsafeBufferPointer { items in
            for i in items.indices {
                if items[i].picture == picture {
                    same.append(items[i].id)
                } else if items[i].picture.differingCells(from: picture, upTo: nearlyMaxCells) <= nearlyMaxCells {
                    nearly.append(items[i].id)
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

    /// Groups `items` into same and nearly-same pictures. Same: a dictionary of pictures. Nearly:
    /// by the pigeonhole rule, two pictures with at most N differing cells agree on at least one of
    /// N + 1 disjoint blocks of cells (block b = cells i with i mod (N + 1) = b, spread over the
    /// whole picture), so only pictures sharing a block's hash are compared, each pair once.
    public static func groups<ID>(_ items: [(id: ID, picture: Picture)], near: Bool = true) -> Groups<ID> {
        // Distinct pictures, in order of first appearance, with the items drawing each.
        var index: [Picture: Int] = [:], members: [[Int]] = [], uniques: [Picture] = []
        index.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            if let u = index[item.picture] { members[u].append(i) } else {
                index[item.picture] = uniques.count
                uniques.append(item.picture)
                members.append([i])
            }
        }
        let exact = members.filter { $0.count > 1 }.map { $0.map { items[$0].id } }
        guard near else { return Groups(exact: exact, near: []) }

        let blocks = nearlyMaxCells + 1
        let keys = uniques.map(blockHashes)
        var parent = Array(uniques.indices)
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        for b in 0..<blocks {
            var buckets: [UInt64: [Int]] = [:]
            for u in uniques.indices { buckets[keys[u][b], default: []].append(u) }
            for bucket in buckets.values where bucket.count > 1 {
                for (n, u) in bucket.enumerated() {
                    for v in bucket[(n + 1)...] {
                        // Compared in the first block the two share; skip when already joined.
                        if (0..<b).contains(where: { keys[u][$0] == keys[v][$0] }) { continue }
                        let (ru, rv) = (root(u), root(v))
                        if ru == rv { continue }
                        if uniques[u].differingCells(from: uniques[v], upTo: nearlyMaxCells) <= nearlyMaxCells {
                            parent[max(ru, rv)] = min(ru, rv)
                        }
                    }
                }
            }
        }
        var components: [Int: [Int]] = [:], order: [Int] = []
        for u in uniques.indices {
            let r = root(u)
            if components[r] == nil { order.append(r) }
            components[r, default: []].append(u)
        }
        let nearGroups = order.compactMap { r -> [ID]? in
            let group = components[r]!
            guard group.count > 1 else { return nil }
            return group.flatMap { members[$0] }.sorted().map { items[$0].id }
        }
        return Groups(exact: exact, near: nearGroups)
    }

    /// The hashes of the N + 1 interleaved blocks of a picture.
    static func blockHashes(_ picture: Picture) -> [UInt64] {
        let blocks = nearlyMaxCells + 1
        var h = [UInt64](repeating: 0xCBF2_9CE4_8422_2325, count: blocks)
        picture.cells.withUnsafeBufferPointer { cells in
            h.withUnsafeMutableBufferPointer { h in
                var b = 0
                for i in 0..<1024 {
                    h[b] = (h[b] ^ UInt64(cells[i])) &* 0x0000_0100_0000_01B3
                    b = b == blocks - 1 ? 0 : b + 1
                }
            }
        }
        return h
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
