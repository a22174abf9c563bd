/// A canonical, length-limited Huffman code as deflate uses it (RFC 1951 §3.2.2).
struct HuffmanCode: Sendable {
    /// The code length of each symbol in bits (0 = unused).
    var lengths: [UInt8]
    /// Each symbol's code, bit-reversed so it can be written least-significant bit first.
    var codes: [UInt32]

    /// The canonical code for the given lengths.
    init(lengths: [UInt8]) {
        self.lengths = lengths
        var countPerLength = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { countPerLength[Int(l)] += 1 }
        var next = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for bits in 1..<16 {
            code = (code + UInt32(countPerLength[bits - 1])) << 1
            next[bits] = code
        }
        codes = [UInt32](repeating: 0, count: lengths.count)
        for (symbol, l) in lengths.enumerated() where l > 0 {
            codes[symbol] = HuffmanCode.reverse(next[Int(l)], bits: Int(l))
            next[Int(l)] += 1
        }
    }

    /// The optimal code for `frequencies` with no length above `limit`. At least two symbols
    /// always get a code, so the code is complete and every inflater accepts it.
    init(frequencies: [Int], limit: Int) {
        self.init(lengths: HuffmanCode.lengths(for: frequencies, limit: limit))
    }

    /// The code lengths for `frequencies`, halving the weights until no length exceeds `limit`.
    static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        var used = weights.indices.filter { weights[$0] > 0 }
        // Give at least two symbols a code, so the prefix code is complete.
        var filler = 0
        while used.count < 2 {
            if weights[filler] == 0 { weights[filler] = 1; used.append(filler) }
            filler += 1
        }
        while true {
            let result = unlimitedLengths(weights, symbols: used)
            if result.max()! <= UInt8(limit) { return result }
            for s in used { weights[s] = max(1, weights[s] / 2) }
        }
    }

    /// Plain Huffman code lengths for the `symbols` (weights > 0), by the two-queue method.
    private static func unlimitedLengths(_ weights: [Int], symbols: [Int]) -> [UInt8] {
        let leaves = symbols.sorted { (weights[$0], $0) < (weights[$1], $1) }
        let n = leaves.count
        // Nodes 0..<n are leaves (in sorted order), n... are internal nodes in creation order.
        var weight = leaves.map { weights[$0] }
        var parent = [Int](repeating: -1, count: 2 * n - 1)
        weight.reserveCapacity(2 * n - 1)
        var leaf = 0
        var inner = n
        func takeSmallest() -> Int {
            if leaf < n && (inner >= weight.count || weight[leaf] <= weight[inner]) {
                leaf += 1
                return leaf - 1
            }
            inner += 1
            return inner - 1
        }
        for _ in 0..<(n - 1) {
            let a = takeSmallest(), b = takeSmallest()
            parent[a] = weight.count
            parent[b] = weight.count
            weight.append(weight[a] + weight[b])
        }
        var depth = [UInt8](repeating: 0, count: 2 * n - 1)
        var node = 2 * n - 3
        while node >= 0 {
            depth[node] = depth[parent[node]] + 1
            node -= 1
        }
        var result = [UInt8](repeating: 0, count: weights.count)
        for (i, symbol) in leaves.enumerated() { result[symbol] = depth[i] }
        return result
    }

    /// The low `bits` bits of `code` in reverse order.
    @inline(__always)
    static func reverse(_ code: UInt32, bits: Int) -> UInt32 {
        var c = code, r: UInt32 = 0
        for _ in 0..<bits { r = (r << 1) | (c & 1); c >>= 1 }
        return r
    }
}
