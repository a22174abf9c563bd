/// The looks a near pass compares (`Lookalikes.groups`), held compactly, and the groups their alike
/// pairs join into (`Likeness.looksAlike`). Each distinct silhouette is held once, as bits with its
/// bands and its `PictureKey` block hashes; each look as its silhouette's number and its inner
/// edges as a sorted list (about 50 edges: 100 bytes where bits take 256) and as counts by band of
/// four rows (two looks differ in at least as many edges as their counts do).
///
/// Pairs are found block by block: silhouettes sorted by the block's hash, then by drawn cells,
/// so those sharing the block lie side by side and a pair is read only while their counts are
/// within the slack (a window over an array, not a chain through memory). A pair is compared
/// once, in the first block the two share, and not at all once its looks are in one group. The
/// looks of one silhouette (up to thousands: the full frame's tile patterns) are sorted by edge
/// count and read in a window the same way.
struct NearLooks {
    /// The distinct silhouettes, their bands, drawn cells, and block hashes (`blocks` each).
    private var silhouettes: [Silhouette] = []
    private var bands: [SilhouetteBands] = []
    private var drawn: [Int16] = []
    private var blockHashes: [UInt32] = []
    /// Silhouette numbers by `PictureKey.silhouette` (on the rare collision a newcomer is unkeyed).
    private var silhouetteNumber: NumberTable
    /// Each silhouette's newest look and each look's previous one of the same silhouette (-1: none).
    private var newestLook: [Int32] = []
    private var previousLook: [Int32] = []
    /// Each look's inner edges: `edges[edgeStart[x]..<edgeStart[x + 1]]`, ascending (across edges
    /// by cell, then down edges by cell plus 1,024).
    private var edgeStart: [UInt32] = [0]
    private var edges: [UInt16] = []
    private var edgeBands: [EdgeBands] = []
    /// The looks' groups.
    private var joined = UnionFind(count: 0)

    private static let blocks = LikenessIndex.blocks

    /// Room for `silhouettes` silhouettes and `looks` looks.
    init(silhouettes: Int, looks: Int) {
        silhouetteNumber = NumberTable(capacity: silhouettes)
        self.silhouettes.reserveCapacity(silhouettes)
        bands.reserveCapacity(silhouettes)
        drawn.reserveCapacity(silhouettes)
        blockHashes.reserveCapacity(silhouettes * Self.blocks)
        newestLook.reserveCapacity(silhouettes)
        previousLook.reserveCapacity(looks)
        edgeStart.reserveCapacity(looks + 1)
        edges.reserveCapacity(looks * Self.edgesExpected)
        edgeBands.reserveCapacity(looks)
        joined.reserveCapacity(looks)
    }

    /// The inner edges a look is expected to have at most, on average (49 in a million of either engine).
    static let edgesExpected = 64

    /// About the bytes `init(silhouettes:looks:)` holds at most, with what `join` gathers: a
    /// silhouette's bits, bands, blocks and table slots (twice: held, and gathered in its bucket),
    /// a look's links, edge bands and expected edges (and gathered with its silhouette's others).
    static func bytes(silhouettes: Int, looks: Int) -> Int {
        silhouettes * (2 * MemoryLayout<Silhouette>.stride + 4 + 2 + 2 * 4 * blocks + 4 + 4 + 16 + 48)
            + looks * (4 + 4 + 4 + 16 + 24 + 2 * edgesExpected)
    }

    /// The bytes held beyond `bytes(silhouettes:looks:)` (edges past the expected count).
    var bytesBeyondExpected: Int { max(0, edges.capacity - edgeBands.capacity * Self.edgesExpected) * 2 }

    /// How many looks it holds.
    var count: Int { joined.count }

    /// Adds `look`, whose key is `key`, and gives its number (`count` before).
    @discardableResult
    mutating func insert(_ look: Likeness.Look, key: PictureKey) -> Int {
        let number = joined.count
        let silhouette = look.silhouette, candidate = silhouettes.count
        var s = silhouetteNumber.number(of: key.silhouette, else: candidate) ?? candidate
        if s != candidate && silhouettes[s] != silhouette { s = candidate }
        if s == candidate {
            silhouettes.append(silhouette)
            bands.append(key.bands)
            drawn.append(Int16(silhouette.drawnCells))
            for b in 0..<Self.blocks { blockHashes.append(key.block(b)) }
            newestLook.append(-1)
        }
        previousLook.append(newestLook[s])
        newestLook[s] = Int32(number)
        joined.append()
        /// Appends the edges of `bits` (numbered from `offset`) and gives their counts by band.
        func append(_ bits: Silhouette, offset: Int) -> UInt64 {
            withUnsafeBytes(of: bits.words) { raw in
                var packed: UInt64 = 0
                for band in 0..<8 {
                    var count = 0
                    for word in 2 * band..<2 * band + 2 {
                        var x = raw.load(fromByteOffset: word * 8, as: UInt64.self)
                        count += x.nonzeroBitCount
                        while x != 0 {
                            edges.append(UInt16(offset + word * 64 + x.trailingZeroBitCount))
                            x &= x &- 1
                        }
                    }
                    packed |= UInt64(min(count, 127)) << UInt64(band * 8)
                }
                return packed
            }
        }
        let across = append(look.across, offset: 0), down = append(look.down, offset: 1024)
        edgeStart.append(UInt32(edges.count))
        edgeBands.append(EdgeBands(across: across, down: down))
        return number
    }

    /// The group of look `x`: the same number for every look joined with it.
    mutating func group(of x: Int) -> Int { joined.root(x) }

    /// Joins every two looks alike into one group: those of one silhouette, then those of each two
    /// silhouettes at most `Likeness.silhouetteSlack` cells apart. False when `stop` (asked every
    /// 65,536 pairs read) said to stop first.
    mutating func join(stop: () -> Bool) -> Bool {
        var read = 0
        return joinLooksOfOneSilhouette(stop: stop, read: &read) && joinLooksOfNearSilhouettes(stop: stop, read: &read)
    }

    /// The looks of each silhouette that has several, by edge count: each with those whose counts
    /// are within the slack, by their bands first (read side by side).
    private mutating func joinLooksOfOneSilhouette(stop: () -> Bool, read: inout Int) -> Bool {
        var own: [(edges: UInt32, bands: EdgeBands, look: Int32)] = []
        for s in silhouettes.indices where previousLook[Int(newestLook[s])] >= 0 {
            own.removeAll(keepingCapacity: true)
            var x = newestLook[s]
            while x >= 0 {
                own.append((edgeStart[Int(x) + 1] - edgeStart[Int(x)], edgeBands[Int(x)], x))
                x = previousLook[Int(x)]
            }
            own.sort { $0.edges < $1.edges }
            for i in own.indices {
                var j = i + 1
                while j < own.count && own[j].edges - own[i].edges <= UInt32(Likeness.innerEdgeSlack) {
                    defer { j += 1 }
                    read &+= 1
                    if read & 65535 == 0 && stop() { return false }
                    if own[i].bands.distance(to: own[j].bands) <= Likeness.innerEdgeSlack { joinIfAlike(own[i].look, own[j].look) }
                }
            }
        }
        return true
    }

    /// Each block in turn: the silhouettes sorted by its hash then drawn cells, so that a run of one
    /// hash (a bucket) lies side by side with its bands. A bucket's earlier block hashes, bits and
    /// groups are gathered beside it, so its pairs are read from a few arrays in order
    /// (`joinPairs`); only pairs close in cells reach their looks.
    private mutating func joinLooksOfNearSilhouettes(stop: () -> Bool, read: inout Int) -> Bool {
        var order: [(key: UInt64, bands: SpreadBands, silhouette: Int32)] = []
        var earlier: [UInt32] = [], bits: [Silhouette] = [], group: [Int32] = []
        order.reserveCapacity(silhouettes.count)
        for b in 0..<Self.blocks {
            order.removeAll(keepingCapacity: true)
            for s in silhouettes.indices {
                order.append((UInt64(blockHashes[s * Self.blocks + b]) << 32 | UInt64(UInt16(bitPattern: drawn[s])), SpreadBands(bands[s]), Int32(s)))
            }
            order.sort { $0.key < $1.key }
            var start = 0
            while start < order.count {
                var end = start + 1
                while end < order.count && order[end].key >> 32 == order[start].key >> 32 { end += 1 }
                defer { start = end }
                guard end - start > 1 else { continue }
                earlier.removeAll(keepingCapacity: true)
                bits.removeAll(keepingCapacity: true)
                group.removeAll(keepingCapacity: true)
                for k in start..<end {
                    let s = Int(order[k].silhouette)
                    earlier += blockHashes[s * Self.blocks..<s * Self.blocks + b]
                    bits.append(silhouettes[s])
                    group.append(groupOfOnlyLook(s))
                }
                let finished = order.withUnsafeBufferPointer { order in
                    earlier.withUnsafeBufferPointer { earlier in
                        bits.withUnsafeBytes { bits in
                            group.withUnsafeMutableBufferPointer { group in
                                joinPairs(in: UnsafeBufferPointer(rebasing: order[start..<end]), sharingFirst: b, earlier: earlier, bits: bits,
                                          groups: group, read: &read, stop: stop)
                            }
                        }
                    }
                }
                if !finished { return false }
            }
        }
        return true
    }

    /// The pairs of one bucket of block `b` (`bucket`, with its silhouettes' earlier block hashes,
    /// bits and groups side by side), each read while their drawn cells are within the slack:
    /// bands, then one group already (a group seen earlier stays a part of the group it is in
    /// now), then an earlier block shared (compared there), then cells, then their looks.
    private mutating func joinPairs(in bucket: UnsafeBufferPointer<(key: UInt64, bands: SpreadBands, silhouette: Int32)>, sharingFirst b: Int,
                                    earlier: UnsafeBufferPointer<UInt32>, bits: UnsafeRawBufferPointer, groups: UnsafeMutableBufferPointer<Int32>,
                                    read: inout Int, stop: () -> Bool) -> Bool {
        let stride = MemoryLayout<Silhouette>.stride
        var counted = read
        defer { read = counted }
        for a in 0..<bucket.count - 1 {
            let cells = bucket[a].key & 0xFFFF, own = bucket[a].bands, s = Int(bucket[a].silhouette)
            groups[a] = groupOfOnlyLook(s)
            var c = a + 1
            pairs: while c < bucket.count && (bucket[c].key & 0xFFFF) - cells <= UInt64(Likeness.silhouetteSlack) {
                defer { c += 1 }
                counted &+= 1
                if counted & 65535 == 0 && stop() { return false }
                guard bucket[c].bands.mayBeAlike(own) else { continue }
                if groups[a] >= 0 && groups[a] == groups[c] { continue }
                for e in 0..<b where earlier[a * b + e] == earlier[c * b + e] { continue pairs }
                if Silhouette.differ(moreThan: Likeness.silhouetteSlack, bits.baseAddress! + a * stride, bits.baseAddress! + c * stride) { continue }
                let t = Int(bucket[c].silhouette)
                joinLooks(of: s, t)
                (groups[a], groups[c]) = (groupOfOnlyLook(s), groupOfOnlyLook(t))
            }
        }
        return true
    }

    /// The group of silhouette `s`'s look when it has one (-1 when it has several).
    private mutating func groupOfOnlyLook(_ s: Int) -> Int32 {
        let x = newestLook[s]
        return previousLook[Int(x)] < 0 ? Int32(joined.root(Int(x))) : -1
    }

    /// Joins the alike looks of silhouettes `s` and `t` (close enough).
    private mutating func joinLooks(of s: Int, _ t: Int) {
        var x = newestLook[s]
        while x >= 0 {
            var y = newestLook[t]
            while y >= 0 {
                joinIfAlike(x, y)
                y = previousLook[Int(y)]
            }
            x = previousLook[Int(x)]
        }
    }

    /// Joins looks `x` and `y` (silhouettes close enough) when their inner edges differ in at most
    /// `Likeness.innerEdgeSlack`: by their counts by band first, then edge by edge.
    private mutating func joinIfAlike(_ x: Int32, _ y: Int32) {
        let (rx, ry) = (joined.root(Int(x)), joined.root(Int(y)))
        guard rx != ry, edgeBands[Int(x)].distance(to: edgeBands[Int(y)]) <= Likeness.innerEdgeSlack,
              !edgesDiffer(Int(x), Int(y), moreThan: Likeness.innerEdgeSlack) else { return }
        joined.join(rx, ry)
    }

    /// Whether looks `x` and `y` have more than `limit` inner edges that the other has not.
    private func edgesDiffer(_ x: Int, _ y: Int, moreThan limit: Int) -> Bool {
        var i = Int(edgeStart[x]), j = Int(edgeStart[y])
        let (endX, endY) = (Int(edgeStart[x + 1]), Int(edgeStart[y + 1]))
        if abs((endX - i) - (endY - j)) > limit { return true }
        return edges.withUnsafeBufferPointer { e in
            var differing = 0
            while i < endX && j < endY {
                let (a, b) = (e[i], e[j])
                if a == b {
                    i += 1
                    j += 1
                    continue
                }
                if a < b { i += 1 } else { j += 1 }
                differing += 1
                if differing > limit { return true }
            }
            return differing + (endX - i) + (endY - j) > limit
        }
    }
}

/// A look's inner edges counted by band of four rows (across edges in the first eight bytes, down
/// edges in the last eight), each count at most 127 (a cap only ever brings counts closer, so two
/// looks still differ in at least as many edges as their counts do).
struct EdgeBands {
    let across: UInt64, down: UInt64

    /// Bands as packed: eight counts of at most 127 a word, band k in byte k.
    init(across: UInt64, down: UInt64) { (self.across, self.down) = (across, down) }

    /// The bands of sixteen counts (across, then down).
    init(_ counts: [Int]) {
        func packed(_ range: Range<Int>) -> UInt64 {
            range.reduce(0) { $0 | UInt64(min($1 < counts.count ? counts[$1] : 0, 127)) << UInt64(($1 - range.lowerBound) * 8) }
        }
        (across, down) = (packed(0..<8), packed(8..<16))
    }

    /// The sum of the counts' differences: at most the edges two looks differ in.
    @inline(__always) func distance(to other: EdgeBands) -> Int {
        Self.distance(across, other.across) + Self.distance(down, other.down)
    }

    /// The sum of the differences of eight 7-bit counts, each byte a count (no branch, no lane by lane).
    @inline(__always) static func distance(_ a: UInt64, _ b: UInt64) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        // Each byte 128 + a - b and 128 + b - a: the one at 128 or more holds the difference.
        let ab = (a | high) &- b, ba = (b | high) &- a
        let first = ((ab & high) >> 7) &* 0xFF
        let differences = ((ab & first) | (ba & ~first)) ^ high
        let pairs = (differences & 0x00FF_00FF_00FF_00FF) &+ (differences >> 8 & 0x00FF_00FF_00FF_00FF)
        return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }
}

extension NearLooks {
    /// How a near pass ended: each look's group, or refused room, or cancelled.
    enum Outcome {
        /// The group of each look (a look's number of the first look in its group).
        case joined([Int32])
        case refused
        case cancelled
    }

    /// The near pass of `Lookalikes.groups` over the distinct looks whose first pictures are
    /// `firstOfLook` (indices of `keys`): the looks whose silhouettes may be alike another's (more
    /// than one look, or a block shared) sorted by drawn cells (their bands' sum: alike ones are
    /// at most the slack apart), then taken in parts of about `partLooks`, each with the looks up
    /// to the slack past its end, so that every alike pair is in one part. A part's looks are
    /// drawn by `look` and held (`NearLooks`), their alike pairs joined, and their groups joined
    /// into the whole's. `room` is asked before a part for the bytes it holds beyond those granted
    /// already, and again should its edges outgrow the expected.
    static func groups(of firstOfLook: [Int32], keys: [PictureKey], room: (Int) -> Bool, isCancelled: () -> Bool,
                       progress: (_ drawn: Int, _ of: Int) -> Void, partLooks: Int, look: (Int) -> Likeness.Look) -> Outcome {
        let key = { (l: Int) -> PictureKey in keys[Int(firstOfLook[l])] }
        let (silhouetteOf, firstOfSilhouette) = NumberTable.numbered(firstOfLook.count) { key($0).silhouette }
        var looksIn = [Int32](repeating: 0, count: firstOfSilhouette.count)
        for s in silhouetteOf { looksIn[Int(s)] += 1 }
        var compared = looksIn.map { $0 > 1 }
        for b in 0..<LikenessIndex.blocks {
            var blocks = NumberTable(capacity: firstOfSilhouette.count)
            for (s, l) in firstOfSilhouette.enumerated() {
                if let t = blocks.number(of: UInt64(key(Int(l)).block(b)), else: s) { (compared[s], compared[t]) = (true, true) }
            }
        }
        var byCells: [(cells: Int32, look: Int32)] = []
        for (l, s) in silhouetteOf.enumerated() where compared[Int(s)] { byCells.append((Int32(key(l).bands.total), Int32(l))) }
        byCells.sort { ($0.cells, $0.look) < ($1.cells, $1.look) }
        var parts: [(start: Int, end: Int, reach: Int)] = [], start = 0
        while start < byCells.count {
            var end = min(start + partLooks, byCells.count)
            while end < byCells.count && byCells[end].cells == byCells[end - 1].cells { end += 1 }
            var reach = end
            while reach < byCells.count && byCells[reach].cells - byCells[end - 1].cells <= Int32(Likeness.silhouetteSlack) { reach += 1 }
            parts.append((start, end, reach))
            start = end
        }

        let drawn = parts.reduce(0) { $0 + $1.reach - $1.start }
        var groups = UnionFind(count: firstOfLook.count), done = 0, granted = 0
        /// Asks for `bytes` in all: false when refused.
        func reserve(_ bytes: Int) -> Bool {
            guard bytes > granted else { return true }
            guard room(bytes - granted) else { return false }
            granted = bytes
            return true
        }
        for part in parts {
            let count = part.reach - part.start, bytes = NearLooks.bytes(silhouettes: count, looks: count)
            guard reserve(bytes) else { return .refused }
            var near = NearLooks(silhouettes: count, looks: count)
            for n in part.start..<part.reach {
                if done & 255 == 0 && isCancelled() { return .cancelled }
                if done & 4095 == 0 {
                    progress(done, drawn)
                    guard reserve(bytes + near.bytesBeyondExpected) else { return .refused }
                }
                let l = Int(byCells[n].look)
                near.insert(look(Int(firstOfLook[l])), key: key(l))
                done += 1
            }
            guard near.join(stop: isCancelled) else { return .cancelled }
            for n in 0..<count { groups.join(Int(byCells[part.start + n].look), Int(byCells[part.start + near.group(of: n)].look)) }
        }
        progress(drawn, drawn)
        return .joined(groups.groups())
    }
}

/// A silhouette's bands (`SilhouetteBands`) as the four 16-bit lanes of a word, told close or not
/// in a few word operations: in a pass's inner loop, where the bands' vector lanes cost a call.
struct SpreadBands {
    let lanes: UInt64

    /// `bands` spread.
    init(_ bands: SilhouetteBands) {
        let x = UInt64(bands.packed)
        lanes = (x & 0xFF) | (x & 0xFF00) << 8 | (x & 0xFF_0000) << 16 | (x & 0xFF00_0000) << 24
    }

    /// `SilhouetteBands.distance`: each lane 32,768 + one count - the other, both ways round; the
    /// lane at 32,768 or more holds the difference.
    @inline(__always) func distance(to other: SpreadBands) -> Int {
        let high: UInt64 = 0x8000_8000_8000_8000
        let ab = (lanes | high) &- other.lanes, ba = (other.lanes | high) &- lanes
        let first = ((ab & high) >> 15) &* 0xFFFF
        let differences = ((ab & first) | (ba & ~first)) ^ high
        return Int((differences &* 0x0001_0001_0001_0001) >> 48)
    }

    /// `SilhouetteBands.mayBeAlike`.
    @inline(__always) func mayBeAlike(_ other: SpreadBands) -> Bool { distance(to: other) <= Likeness.silhouetteSlack }
}
