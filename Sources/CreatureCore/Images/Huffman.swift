/// Length-limited Huffman codes in deflate's canonical form.
///
/// A frame uses a handful of symbols out of 286, so the hot functions work on the used symbols
/// only, in scratch space on the stack (`withUnsafeTemporaryAllocation`): measured, the arrays
/// they replaced cost more than building the codes.
enum Huffman {
    /// Code lengths for symbols with `counts` (0 for unused), none longer than `limit`.
    static func lengths(_ counts: [Int], limit: Int) -> [UInt8] {
        let used = counts.indices.filter { counts[$0] > 0 }.map { UInt16($0) }
        var compact = [UInt8](repeating: 0, count: used.count)
        let wide = counts.map { UInt32(clamping: $0) }
        used.withUnsafeBufferPointer { used in
            wide.withUnsafeBufferPointer { wide in
                compact.withUnsafeMutableBufferPointer { Huffman.lengths(of: used, counts: wide, limit: limit, into: $0) }
            }
        }
        var lengths = [UInt8](repeating: 0, count: counts.count)
        for (i, symbol) in used.enumerated() { lengths[Int(symbol)] = compact[i] }
        return lengths
    }

    /// Optimal code lengths for `counts` (0 for unused), with no depth limit.
    static func unlimitedLengths(_ counts: [Int]) -> [UInt8] { lengths(counts, limit: Int.max) }

    /// Code lengths for `symbols` (ascending), each weighing its count in `counts` (at least 1),
    /// none longer than `limit`; `lengths[i]` is that of `symbols[i]`. The optimal code comes
    /// from the two-queue method (leaves sorted by weight, merged nodes queued in the order they
    /// are made, which is also increasing weight); while it is too deep, weights are halved
    /// (never below 1) and the code rebuilt.
    static func lengths(of symbols: UnsafeBufferPointer<UInt16>, counts: UnsafeBufferPointer<UInt32>, limit: Int,
                        into lengths: UnsafeMutableBufferPointer<UInt8>) {
        let n = symbols.count
        precondition(n < 512 && lengths.count == n)
        if n == 0 { return }
        if n == 1 { lengths[0] = 1; return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * n) { scratch in
            // Leaves as `weight << 9 | index`, so that one integer sort orders by weight, then symbol.
            var leaves = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
            let weight = UnsafeMutableBufferPointer(rebasing: scratch[n..<(3 * n)])
            // Each node's parent, then (overwritten from the root down) its depth.
            let parent = UnsafeMutableBufferPointer(rebasing: scratch[(3 * n)..<(5 * n)])
            var shift = 0
            while true {
                for i in 0..<n { leaves[i] = max(1, Int(counts[Int(symbols[i])]) >> shift) << 9 | i }
                leaves.sort()
                for i in 0..<n { weight[i] = leaves[i] >> 9 }
                var nextLeaf = 0, nextNode = n
                for node in n..<(2 * n - 1) {
                    weight[node] = 0
                    for _ in 0..<2 {
                        let takeLeaf = nextLeaf < n && (nextNode >= node || weight[nextLeaf] <= weight[nextNode])
                        let child = takeLeaf ? nextLeaf : nextNode
                        if takeLeaf { nextLeaf += 1 } else { nextNode += 1 }
                        weight[node] += weight[child]
                        parent[child] = node
                    }
                }
                parent[2 * n - 2] = 0
                for node in stride(from: 2 * n - 3, through: 0, by: -1) { parent[node] = parent[parent[node]] + 1 }
                var deepest = 0
                for i in 0..<n { deepest = max(deepest, parent[i]) }
                if deepest <= limit {
                    for i in 0..<n { lengths[leaves[i] & 511] = UInt8(parent[i]) }
                    return
                }
                shift += 1
            }
        }
    }

    /// Writes to `table[symbols[i]]` the canonical code of each used symbol (`symbols` ascending,
    /// `lengths[i]` its code length 1…15), bit-reversed for an LSB-first writer and packed as
    /// `code | length << 16`. Entries of unused symbols are left as they are.
    static func codes(symbols: UnsafeBufferPointer<UInt16>, lengths: UnsafeBufferPointer<UInt8>,
                      into table: UnsafeMutableBufferPointer<UInt32>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { next in
            next.initialize(repeating: 0)
            for l in lengths { next[Int(l)] &+= 1 }
            // The first code of each length: next[l] = (next[l−1] + count[l−1]) << 1.
            var code: UInt32 = 0, previousCount: UInt32 = 0
            for l in 1..<16 {
                code = (code &+ previousCount) << 1
                previousCount = next[l]
                next[l] = code
            }
            for (i, symbol) in symbols.enumerated() {
                let l = Int(lengths[i])
                table[Int(symbol)] = next[l].bitReversed(count: l) | UInt32(l) << 16
                next[l] &+= 1
            }
        }
    }
}

extension UInt32 {
    /// The low `count` (1…16) bits in reverse order.
    @inline(__always)
    func bitReversed(count: Int) -> UInt32 {
        var v = self & 0xFFFF
        v = (v & 0x5555) << 1 | (v >> 1 & 0x5555)
        v = (v & 0x3333) << 2 | (v >> 2 & 0x3333)
        v = (v & 0x0F0F) << 4 | (v >> 4 & 0x0F0F)
        v = (v & 0x00FF) << 8 | (v >> 8 & 0x00FF)
        return v >> UInt32(16 - count)
    }
}
