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

    /// The indices of `keys` whose pictures are the same as `picture` (`same`: the same
    /// fingerprint) and those that nearly are (`nearly`: alike by `Likeness`, not the same). For
    /// the `sameAs`/`nearlyAs` of a created or changed Fonster: leave the Fonster itself out.
    /// Linear in the keys: a key of the same look is alike; one with close bands and edges
    /// sharing a silhouette block is compared by the look `look` gives for its index (drawn
    /// again), once a look; the rest are told apart by their bands, blocks or edges. `bands`
    /// are the keys' bands side by side (`PictureKey.bands`, one a key): only those four bytes
    /// of most keys are read, or of those `index` (of the same bands) finds close.
    public static func matches(of picture: Picture, in keys: [PictureKey], bands: [SilhouetteBands], index: BandIndex? = nil,
                               look: (Int) -> Likeness.Look) -> (same: [Int], nearly: [Int]) {
        var same: [Int] = [], nearly: [Int] = []
        var teller = Teller(picture, keys: keys, bands: bands, index: index)
        var close: [Int] = []
        if let index {
            index.forEachClose(to: teller.key.bands) { close.append($0) }
        } else {
            SilhouetteBands.forEachClose(to: teller.key.bands, in: bands) { close.append($0) }
        }
        var start = 0
        while start < close.count {
            let part = close[start..<min(start + Self.readAhead, close.count)]
            teller.tellApart(part, in: keys, look: look) { i, isSame in
                if isSame { same.append(i) } else { nearly.append(i) }
                return true
            }
            start += part.count
        }
        return (same, nearly)
    }

    /// Whether one of `keys` but those `skip` names draws `picture` or one that looks alike, as
    /// `matches` finds them: the close bands read in any order and only until one is found (a
    /// look shared by thousands is found at once).
    public static func containsMatch(of picture: Picture, in keys: [PictureKey], bands: [SilhouetteBands], index: BandIndex? = nil,
                                     skip: (Int) -> Bool = { _ in false }, look: (Int) -> Likeness.Look) -> Bool {
        var teller = Teller(picture, keys: keys, bands: bands, index: index)
        var part: [Int] = [], found = false
        part.reserveCapacity(Self.readAhead)
        func take(_ i: Int) -> Bool {
            part.append(i)
            guard part.count == Self.readAhead else { return false }
            return tellApart()
        }
        func tellApart() -> Bool {
            defer { part.removeAll(keepingCapacity: true) }
            teller.tellApart(part, in: keys, look: look) { i, _ in
                found = !skip(i)
                return !found
            }
            return found
        }
        if let index {
            index.firstClose(to: teller.key.bands, take)
        } else {
            SilhouetteBands.firstClose(to: teller.key.bands, in: bands, take)
        }
        return found || tellApart()
    }

    /// Tells apart a picture's close keys, a part at a time: the same picture, the same look, or
    /// a look alike (the look drawn again, once a look).
    private struct Teller {
        let own: Likeness.Look, key: PictureKey
        var compared: [UInt64: Bool] = [:]
        var pictures = [UInt64](repeating: 0, count: Lookalikes.readAhead), edges = [UInt64](repeating: 0, count: Lookalikes.readAhead)

        init(_ picture: Picture, keys: [PictureKey], bands: [SilhouetteBands], index: BandIndex?) {
            precondition(bands.count == keys.count && (index?.count ?? keys.count) == keys.count, "one band a key")
            own = Likeness.Look(picture)
            key = PictureKey(own, fingerprint: picture.fingerprint)
        }

        /// Gives `body` each of `part` (at most `readAhead` indices of `keys`) that draws the
        /// picture (true) or one alike (false), in order, while it returns true.
        mutating func tellApart(_ part: some Collection<Int>, in keys: [PictureKey], look: (Int) -> Likeness.Look, _ body: (Int, Bool) -> Bool) {
            keys.withUnsafeBufferPointer { keys in
                // The keys lie far apart (64 MB at a million), a key across two cache lines: a
                // part of them is first read in a loop that waits on none of its reads (so they
                // overlap), a word of each line, then told apart with its lines at hand. Read one
                // after another, each waited for memory: at a million, the 70,000 keys close to a
                // plain disc took 19 ms a call, 14 ms read ahead.
                for (j, i) in part.enumerated() { (pictures[j], edges[j]) = (keys[i].picture, keys[i].edges) }
                for (j, i) in part.enumerated() {
                    let other = keys[i]
                    if pictures[j] == key.picture {
                        if !body(i, true) { return }
                    } else if other.look == key.look {
                        if !body(i, false) { return }
                    } else if PictureKey.edgesClose(edges[j], key.edges) && other.sharesBlock(with: key) {
                        let alike = compared[other.look] ?? look(i).looksAlike(own)
                        compared[other.look] = alike
                        if alike, !body(i, false) { return }
                    }
                }
            }
        }
    }

    /// How many keys `matches` reads ahead of telling them apart: their lines fit the core's cache.
    static let readAhead = 256

    /// `matches(of:in:bands:look:)` in `pictures`, their bands side by side (for tests and benchmarks).
    public static func matches(of picture: Picture, in pictures: [Picture]) -> (same: [Int], nearly: [Int]) {
        let keys = pictures.map(PictureKey.init)
        return matches(of: picture, in: keys, bands: keys.map(\.bands)) { Likeness.Look(pictures[$0]) }
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

    /// Groups the pictures of `keys` (named by their indices) into same and nearly-same ones.
    /// Same: pictures by fingerprint. Nearly: pictures of one look are alike; distinct looks are
    /// compared only when their silhouettes are one with other looks, or share a block with
    /// another silhouette (`LikenessIndex`'s promise: alike ones do): those looks, drawn again by
    /// `look` (given an index of the look's first picture), are joined part by part
    /// (`NearLooks.groups`). A look alone, far from every other silhouette, is never drawn.
    /// `room` is asked, before each part, for the bytes it will hold beyond what it granted (about
    /// `partLooks` looks' worth: the pass holds a part at a time); when it says no, only the exact
    /// groups come back and `nearSkipped` is true. The near pass tells `progress` how many of its
    /// looks it has drawn (every 4,096, and of how many) and asks `isCancelled` every 256 looks
    /// or 65,536 pairs read: nil once it says so.
    public static func groups(_ keys: [PictureKey], near: Bool = true, room: (Int) -> Bool = { _ in true },
                              isCancelled: () -> Bool = { false }, progress: (_ drawn: Int, _ of: Int) -> Void = { _, _ in },
                              partLooks: Int = nearPartLooks,
                              look: (Int) -> Likeness.Look) -> (groups: Groups<Int>, nearSkipped: Bool)? {
        // Distinct pictures in order of first appearance: `uniqueOf` each item, `first` item of each.
        let (uniqueOf, first) = NumberTable.numbered(keys.count) { keys[$0].picture }
        var members = [Int32](repeating: 0, count: first.count)
        for u in uniqueOf { members[Int(u)] += 1 }
        let exact = collect(keys.count) { members[Int(uniqueOf[$0])] > 1 ? Int(uniqueOf[$0]) : nil }
        guard near else { return (Groups(exact: exact, near: []), false) }

        // Distinct looks of the distinct pictures: `lookOf` each, the item of `keys` first of each.
        let (lookOf, firstUnique) = NumberTable.numbered(first.count) { keys[Int(first[$0])].look }
        let firstOfLook = firstUnique.map { first[Int($0)] }
        switch NearLooks.groups(of: firstOfLook, keys: keys, room: room, isCancelled: isCancelled, progress: progress,
                                partLooks: partLooks, look: look) {
        case .cancelled: return nil
        case .refused: return (Groups(exact: exact, near: []), true)
        case .joined(let groupOf):
            var uniques = [Int32](repeating: 0, count: firstOfLook.count)
            for l in lookOf { uniques[Int(groupOf[Int(l)])] += 1 }
            let nearGroups = collect(keys.count) { i in
                let g = Int(groupOf[Int(lookOf[Int(uniqueOf[i])])])
                return uniques[g] > 1 ? g : nil
            }
            return (Groups(exact: exact, near: nearGroups), false)
        }
    }

    /// About how many looks a part of the near pass holds at once (`NearLooks.groups`): about
    /// 23 MB of a million-Fonster library's 620,000 looks to compare.
    public static let nearPartLooks = 1 << 16

    /// `groups(_:near:look:)` of `pictures` (for tests and benchmarks).
    public static func groups(_ pictures: [Picture], near: Bool = true) -> Groups<Int> {
        groups(pictures.map(PictureKey.init), near: near) { Likeness.Look(pictures[$0]) }!.groups
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
