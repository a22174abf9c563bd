import Testing
@testable import CreatureCore

/// `NearLooks`: the near pass's looks held as silhouettes and edge lists, joined part by part,
/// group as comparing every pair by `Likeness` does, with the memory of one part at a time.
@Suite struct NearLooksTests {
    /// Edge counts by band: the distance is the sum of the sixteen counts' differences (capped at
    /// 127), for random counts including the caps.
    @Test func edgeBandsDistanceIsTheSumOfTheDifferences() {
        var random = LookalikeTests.SplitMix(seed: 38)
        for _ in 0..<5_000 {
            let a = (0..<16).map { _ in Int(random.next() % 140) }, b = (0..<16).map { _ in Int(random.next() % 140) }
            let expected = zip(a, b).reduce(0) { $0 + abs(min($1.0, 127) - min($1.1, 127)) }
            #expect(EdgeBands(a).distance(to: EdgeBands(b)) == expected)
            #expect(EdgeBands(a).distance(to: EdgeBands(a)) == 0)
        }
    }

    /// Silhouette bands, plain and spread: the distance is the sum of the four counts'
    /// differences, for random counts including 0 and 255.
    @Test func silhouetteBandsDistanceIsTheSumOfTheDifferences() {
        var random = LookalikeTests.SplitMix(seed: 6)
        for round in 0..<5_000 {
            let a = UInt32(truncatingIfNeeded: random.next()), b = round % 7 == 0 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: random.next())
            func band(_ x: UInt32, _ k: Int) -> Int { Int((x >> UInt32(k * 8)) & 0xFF) }
            let expected = (0..<4).map { abs(band(a, $0) - band(b, $0)) }.reduce(0, +)
            #expect(SilhouetteBands(packed: a).distance(to: SilhouetteBands(packed: b)) == expected)
            #expect(SpreadBands(SilhouetteBands(packed: a)).distance(to: SpreadBands(SilhouetteBands(packed: b))) == expected)
        }
    }

    /// 300 patterns filling the whole frame (one silhouette, as the v2 tiles draw it), each also
    /// with a few cells recoloured: one silhouette with hundreds of looks, grouped as comparing
    /// every pair does, in one part and in parts of 16 looks.
    @Test func manyLooksOfOneSilhouetteGroupAsEveryPairComparedDoes() throws {
        var random = LookalikeTests.SplitMix(seed: 3)
        var pictures: [Picture] = []
        for n in 0..<300 {
            let (width, height) = (Int(random.next() % 6) + 1, Int(random.next() % 6) + 1)
            // Tiles of width × height cells, each a colour of its own from n: a pattern a seed.
            var cells = (0..<1024).map { i in UInt8(1 + (i % 32 / width * 7 + i / 32 / height * 13 + n * 31) % 5 % 3) }
            pictures.append(Picture(testCells: cells))
            for _ in 0..<Int(random.next() % 4) { cells[Int(random.next() % 1024)] = 4 }
            pictures.append(Picture(testCells: cells))
        }
        let keys = pictures.map(PictureKey.init), brute = LookalikeTests.bruteGroups(pictures)
        #expect(Set(keys.map(\.silhouette)).count == 1 && Set(keys.map(\.look)).count > 100)
        #expect(brute.near.count > 10, "some patterns alike, some not")
        for partLooks in [Lookalikes.nearPartLooks, 16] {
            let grouped = try #require(Lookalikes.groups(keys, partLooks: partLooks) { Likeness.Look(pictures[$0]) })
            #expect(grouped.groups.exact == brute.exact && grouped.groups.near == brute.near, "parts of \(partLooks)")
        }
    }

    /// A random library of both engines in parts of 64 looks: the same groups as one part, and
    /// the pass never holds more than the largest part asked for.
    @Test func partsGroupAsOnePassDoesAndHoldOnePartAtATime() throws {
        let pictures = (0..<4_000).map { Picture(seed: "part \($0 % 1_000) \($0)", engine: $0 % 3 == 0 ? .v1 : .v2) }
        let keys = pictures.map(PictureKey.init)
        let whole = try #require(Lookalikes.groups(keys) { Likeness.Look(pictures[$0]) })
        var asked = 0, progress: [(Int, Int)] = []
        let parted = try #require(Lookalikes.groups(keys, room: { asked += $0; return true }, progress: { progress.append(($0, $1)) },
                                                    partLooks: 64) { Likeness.Look(pictures[$0]) })
        #expect(parted.groups.exact == whole.groups.exact && parted.groups.near == whole.groups.near)
        #expect(!whole.groups.near.isEmpty)
        let total = try #require(progress.last).1
        #expect(progress.last! == (total, total) && total < keys.count)
        #expect(asked > 0 && asked < NearLooks.bytes(silhouettes: total, looks: total) / 4, "a part's bytes, not the whole pass's")
    }
}
