import CreatureCore
import FonsterStore

/// A library's near look-alike groups as the store keeps them (`StoredGroups`), with the
/// fingerprint of the keys they were worked out from: the same keys in the same order group the
/// same way, so groups whose fingerprint is that of the library's keys are its groups. Read back
/// from a file anyone could edit, they are checked as they are read.
enum NearGroupsCoding {
    /// The format, mixed into the fingerprint: a build that groups otherwise changes it.
    static let format: UInt64 = 1

    /// The fingerprint of `keys` in order, of the rule's slacks and of the format.
    static func fingerprint(_ keys: [PictureKey]) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ x: UInt64) { h = (h ^ x) &* 0x0000_0100_0000_01B3; h ^= h >> 29 }
        mix(format)
        mix(UInt64(Likeness.silhouetteSlack) << 32 | UInt64(Likeness.innerEdgeSlack))
        mix(UInt64(keys.count))
        for key in keys {
            mix(key.picture)
            mix(key.look)
            mix(key.silhouette ^ UInt64(key.bands.packed))
        }
        return h
    }

    /// `near` (groups of indices of `count` keys) as bytes: little-endian 32-bit words, the
    /// format, `count`, how many groups, then each group's size and its indices.
    static func bytes(_ near: [[Int]], count: Int) -> [UInt8] {
        var words: [UInt32] = [UInt32(format), UInt32(count), UInt32(near.count)]
        for group in near {
            words.append(UInt32(group.count))
            for i in group { words.append(UInt32(i)) }
        }
        return words.map(\.littleEndian).withUnsafeBytes { Array($0) }
    }

    /// The groups `bytes` holds for a library of `count` keys, or nil when they are not groups
    /// as `Lookalikes.groups` gives them (each of two or more indices below `count`, rising, in
    /// no other group, the groups in order of their first index), or not of `count` keys.
    static func groups(_ bytes: [UInt8], count: Int) -> [[Int]]? {
        guard bytes.count % 4 == 0, bytes.count >= 12 else { return nil }
        let words = bytes.count / 4
        func word(_ n: Int) -> Int { Int(UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: n * 4, as: UInt32.self) })) }
        guard UInt64(word(0)) == format, word(1) == count, word(2) <= count / 2 else { return nil }
        var seen = [Bool](repeating: false, count: count), near: [[Int]] = [], at = 3, lastFirst = -1
        near.reserveCapacity(word(2))
        for _ in 0..<word(2) {
            guard at < words else { return nil }
            let size = word(at)
            at += 1
            guard size >= 2, size <= words - at else { return nil }
            var group: [Int] = []
            group.reserveCapacity(size)
            for n in at..<at + size {
                let i = word(n)
                guard i < count, !seen[i], group.last.map({ $0 < i }) ?? (i > lastFirst) else { return nil }
                seen[i] = true
                group.append(i)
            }
            lastFirst = group[0]
            at += size
            near.append(group)
        }
        return at == words ? near : nil
    }
}
