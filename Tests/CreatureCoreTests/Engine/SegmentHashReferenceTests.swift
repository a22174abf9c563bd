import Testing
import TestSupport
@testable import CreatureCore

/// Both segment hashes, with their vector steps and every helper that builds ids, give the bits of
/// a plain scalar reference written straight from docs/engine.md §2 and §11, on random seeds of every
/// kind (ASCII of every length around the eight-unit blocks, non-ASCII, surrogate pairs, long seeds)
/// and every id shape the engine uses.
@Suite(.offTheCooperativeThreads, .tags(.slow), .notInQuickTier) struct SegmentHashReferenceTests {
    /// §2: eight lanes over the UTF-16 units of `seed + U+0000 + id`.
    static func referenceV1(_ seed: String, _ id: String) -> UInt64 {
        var lanes: [UInt32] = (0..<8).map { 5381 + UInt32($0) }
        for (i, unit) in Array((seed + "\u{0}" + id).utf16).enumerated() {
            let j = i % 8
            lanes[j] = (lanes[j] &* 33) ^ UInt32(unit & 0xFF)
            lanes[j] = (lanes[j] &* 33) ^ UInt32(unit >> 8)
        }
        let low = lanes[0] ^ lanes[2] ^ lanes[4] ^ lanes[6], high = lanes[1] ^ lanes[3] ^ lanes[5] ^ lanes[7]
        return UInt64(high) << 21 | UInt64(low >> 11)
    }

    /// §11 steps 1–6, one lane and one byte at a time.
    static func referenceV2(_ seed: String, _ id: String) -> UInt64 {
        func fmix(_ v: UInt32) -> UInt32 {
            var x = v
            x ^= x >> 16; x = x &* 0x85EB_CA6B; x ^= x >> 13; x = x &* 0xC2B2_AE35; x ^= x >> 16
            return x
        }
        var lanes: [UInt32] = (0..<8).map { 5381 + UInt32($0) }
        for (i, unit) in Array(seed.utf16).enumerated() {
            for j in 0..<8 {
                let k = UInt32(truncatingIfNeeded: i) &* 31 &+ UInt32(j) &* 17
                lanes[j] = (lanes[j] &* 33) ^ (UInt32(unit & 0xFF) ^ (k & 0xFF))
                lanes[j] = (lanes[j] &* 33) ^ (UInt32(unit >> 8) ^ ((k >> 8) & 0xFF))
            }
        }
        var a: UInt32 = 5381, b: UInt32 = 5381
        for (t, byte) in Array(id.utf8).enumerated() {
            if t % 2 == 0 { a = (a &* 33) ^ UInt32(byte) } else { b = (b &* 33) ^ UInt32(byte) }
        }
        let m = UInt64(fmix(b)) << 21 | UInt64(fmix(a) >> 11)
        let g = (0..<8).map { j in fmix(lanes[j]) ^ UInt32((m >> (6 * UInt64(j))) & 0x3F) &* 0x0101_0101 }
        let low = g[0] ^ g[2] ^ g[4] ^ g[6], high = g[1] ^ g[3] ^ g[5] ^ g[7]
        let top = UInt64(high) << 21 | UInt64(low >> 11)
        return (top &* 0x9E37_79B9_7F4A_7C15) >> 11
    }

    /// Pieces of random seeds: ASCII, two-, three- and four-byte UTF-8, U+0000, marks, emoji.
    static let pieces: [String] = ["a", "Z", "7", " ", "\t", "\u{0}", "_", "é", "ß", "\u{0301}", "Ω", "Ж", "ש", "ع",
                                   "中", "한", "\u{FFFF}", "\u{E000}", "🐙", "👩‍👩‍👧", "𝕏", "\u{10FFFF}", "🇺🇸"]

    static func randomSeeds() -> [String] {
        var rng = SeededGenerator(seed: 12)
        var seeds = ["", " ", "\u{0}", "🐙", String(repeating: "x", count: 10_000), String(repeating: "🐙", count: 2_500)]
        // Every ASCII length around the blocks of eight, then ASCII runs broken by other characters.
        for n in 0..<40 { seeds.append(String((0..<n).map { _ in Character(Unicode.Scalar(UInt8.random(in: 32...126, using: &rng))) })) }
        for _ in 0..<300 {
            let count = Int.random(in: 1...(Bool.random(using: &rng) ? 12 : 120), using: &rng)
            seeds.append((0..<count).map { _ in
                Bool.random(using: &rng) ? pieces.randomElement(using: &rng)! : String(repeating: "q", count: Int.random(in: 1...9, using: &rng))
            }.joined())
        }
        return seeds
    }

    /// Ids of every shape and length the drawing builds: static, prefix + number, prefix + two numbers.
    static let staticIds: [StaticString] = ["palette", "complexity_tier", "x", "eye_shape", "appendage_radial",
                                            "prominent_boost_", "ab", "abcdefgh", "abcdefghi", "sixteen_chars_id",
                                            "seventeen_chars_i", "env_butterflies"]

    static func expectIds<H: SegmentHashing>(_ s: H, seed: String, _ reference: (String, String) -> UInt64) {
        func bits(_ value: Double) -> UInt64 { UInt64(value * 9_007_199_254_740_992.0) }
        for id in staticIds {
            #expect(bits(s.h(id)) == reference(seed, "\(id)"), "\(seed.debugDescription) / \(id)")
        }
        for a in [0, 1, 9, 10, 31, 99, 100, 12_345, -1, -42] {
            #expect(bits(s.h("leg_angle_", a)) == reference(seed, "leg_angle_\(a)"))
            #expect(bits(s.h("tile_", a, 7)) == reference(seed, "tile_\(a)_7"))
            #expect(bits(s.appending("galaxy_d_").h(a, 31)) == reference(seed, "galaxy_d_\(a)_31"))
            #expect(bits(s.appending("a").h(3, a)) == reference(seed, "a3_\(a)"))
        }
        #expect(s.bits53("ÿ🐙x") == reference(seed, "ÿ🐙x"))
        // With an id byte already folded, static ids continue from it (v2's constant start is not taken).
        let appended = s.appending("q")
        for id in staticIds {
            #expect(bits(appended.h(id)) == reference(seed, "q\(id)"), "\(seed.debugDescription) / q\(id)")
        }
        #expect(bits(appended.h("leg_angle_", 7)) == reference(seed, "qleg_angle_7"))
        // Every row number of a galaxy column at once (fewer on long seeds, whose reference is slow).
        let count = seed.utf16.count < 200 ? 100 : 12
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { out in
            s.appending("galaxy_").appending(number: 5).h(numbers: 0..<count, into: out.baseAddress!)
            for y in 0..<count { #expect(bits(out[y]) == reference(seed, "galaxy_5_\(y)")) }
            // A range that starts inside a tens group, and an empty one (writes nothing).
            out.initialize(repeating: -1)
            s.appending("galaxy_d_").appending(number: 12).h(numbers: 7..<min(count, 23), into: out.baseAddress!)
            s.h(numbers: 3..<3, into: out.baseAddress!)
            for y in 0..<count {
                let expected = (7..<23).contains(y) ? reference(seed, "galaxy_d_12_\(y)") : nil
                #expect(expected == nil ? out[y] == -1 : bits(out[y]) == expected, "row \(y)")
            }
        }
    }

    @Test func v1MatchesTheScalarReference() {
        for seed in Self.randomSeeds() { Self.expectIds(SegmentHash(seed: seed), seed: seed, Self.referenceV1) }
    }

    @Test func v2MatchesTheScalarReference() {
        for seed in Self.randomSeeds() { Self.expectIds(SegmentHashV2(seed: seed), seed: seed, Self.referenceV2) }
    }
}
