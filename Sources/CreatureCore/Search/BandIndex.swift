/// Keys' bands in order of the cells they draw (`SilhouetteBands.total`), each with its key's
/// index: bands close to a silhouette's (`mayBeAlike`) draw within `Likeness.silhouetteSlack`
/// cells as many as it, so only that stretch is read (about 5 % of a million keys, where
/// `SilhouetteBands.forEachClose` reads them all: half a millisecond a call). 8 bytes a key.
public struct BandIndex: Sendable {
    /// Each key's bands (low 32 bits) and index (high 32 bits), by total, then by index.
    private let order: [UInt64]
    /// Where each total starts in `order` (`starts[t]..<starts[t + 1]` draw `t` cells).
    private let starts: [Int32]
    /// How many keys it holds.
    public let count: Int

    /// The total of four full bands (255 each): the most cells bands count.
    static let fullTotal = 4 * 255

    /// The index of `bands` (one a key, by the key's index), sorted by counting: two passes over them.
    public init(_ bands: [SilhouetteBands]) {
        var starts = [Int32](repeating: 0, count: Self.fullTotal + 2)
        order = [UInt64](unsafeUninitializedCapacity: bands.count) { order, initialized in
            bands.withUnsafeBufferPointer { bands in
                starts.withUnsafeMutableBufferPointer { starts in
                    for band in bands { starts[band.total &+ 1] &+= 1 }
                    for t in 1..<starts.count { starts[t] &+= starts[t &- 1] }
                    var next = [Int32](starts)
                    next.withUnsafeMutableBufferPointer { next in
                        for i in bands.indices {
                            let band = bands[i], t = band.total
                            order[Int(next[t])] = UInt64(band.packed) | UInt64(i) << 32
                            next[t] &+= 1
                        }
                    }
                }
            }
            initialized = bands.count
        }
        self.starts = starts
        count = bands.count
    }

    /// The bytes it holds.
    public var bytes: Int { order.count * MemoryLayout<UInt64>.stride + starts.count * MemoryLayout<Int32>.stride }

    /// Calls `body` with the index of each key whose bands may be alike `own`, in order of index:
    /// what `SilhouetteBands.forEachClose` gives over the same bands.
    public func forEachClose(to own: SilhouetteBands, _ body: (Int) -> Void) {
        let range = stretch(around: own)
        guard !range.isEmpty else { return }
        // Marked in a bit a key, then read in order (the stretch is ordered by total first).
        var marked = [UInt64](repeating: 0, count: (count + 63) / 64)
        marked.withUnsafeMutableBufferPointer { marked in
            order.withUnsafeBufferPointer { order in
                for j in range {
                    let entry = order[j]
                    guard SilhouetteBands(packed: UInt32(truncatingIfNeeded: entry)).mayBeAlike(own) else { continue }
                    let i = Int(entry >> 32)
                    marked[i >> 6] |= 1 << UInt64(i & 63)
                }
            }
            for w in marked.indices where marked[w] != 0 {
                var word = marked[w]
                while word != 0 {
                    body(w << 6 | word.trailingZeroBitCount)
                    word &= word &- 1
                }
            }
        }
    }

    /// Calls `found` with the index of each key whose bands may be alike `own`, in the index's
    /// order (by total), until it returns true: for a search that stops at the first.
    public func firstClose(to own: SilhouetteBands, _ found: (Int) -> Bool) {
        order.withUnsafeBufferPointer { order in
            for j in stretch(around: own) {
                let entry = order[j]
                if SilhouetteBands(packed: UInt32(truncatingIfNeeded: entry)).mayBeAlike(own), found(Int(entry >> 32)) { return }
            }
        }
    }

    /// The places of `order` whose bands count within `Likeness.silhouetteSlack` cells of `own`'s.
    private func stretch(around own: SilhouetteBands) -> Range<Int> {
        let total = own.total
        let low = max(0, total - Likeness.silhouetteSlack), high = min(Self.fullTotal, total + Likeness.silhouetteSlack)
        return Int(starts[low])..<Int(starts[high + 1])
    }
}
