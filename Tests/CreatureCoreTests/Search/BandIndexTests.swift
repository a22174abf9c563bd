import Testing
@testable import CreatureCore

/// `BandIndex`: reading only the bands that draw about as many cells finds what reading them all
/// finds, in the same order.
@Suite struct BandIndexTests {
    /// Random bands (empty and full bands among them, and many of one total, as a library of
    /// plain discs has): for random silhouettes and for each of the keys' own, the index finds
    /// the indices `SilhouetteBands.forEachClose` finds, in order.
    @Test func theIndexFindsWhatReadingEveryBandFinds() {
        var generator = SeededGenerator(seed: 38)
        func randomBands() -> SilhouetteBands {
            var packed: UInt32 = 0
            for band in 0..<4 {
                let count: UInt32
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: count = 0
                case 1: count = 255
                case 2, 3: count = 96 + UInt32.random(in: 0...4, using: &generator)
                default: count = UInt32.random(in: 0...255, using: &generator)
                }
                packed |= count << UInt32(band * 8)
            }
            return SilhouetteBands(packed: packed)
        }
        for size in [0, 1, 63, 64, 65, 5_000] {
            let bands = (0..<size).map { _ in randomBands() }
            let index = BandIndex(bands)
            #expect(index.count == size)
            let owns = (0..<200).map { _ in randomBands() } + bands.prefix(200)
            var found = 0
            for own in owns {
                var read: [Int] = [], indexed: [Int] = []
                SilhouetteBands.forEachClose(to: own, in: bands) { read.append($0) }
                index.forEachClose(to: own) { indexed.append($0) }
                #expect(indexed == read, "\(size) keys, bands \(own.packed)")
                found += read.count
            }
            // Each of the 200 keys asked finds itself at least; others are found too.
            if size >= 5_000 { #expect(found > 250, "close bands other than their own found, so the check checks something") }
        }
    }

    /// `Lookalikes.matches` through an index gives what it gives reading every band, over 1,500
    /// pictures of both engines, many of them alike.
    @Test func matchesThroughTheIndexAreTheSame() {
        let pictures = EngineVersion.allCases.flatMap { engine in (0..<750).map { Picture(seed: "index \($0 % 150) \($0)", engine: engine) } }
        let keys = pictures.map(PictureKey.init), bands = keys.map(\.bands)
        let index = BandIndex(bands)
        var alike = 0
        for own in pictures.prefix(300) {
            let read = Lookalikes.matches(of: own, in: keys, bands: bands) { Likeness.Look(pictures[$0]) }
            let indexed = Lookalikes.matches(of: own, in: keys, bands: bands, index: index) { Likeness.Look(pictures[$0]) }
            #expect(indexed.same == read.same && indexed.nearly == read.nearly)
            alike += read.nearly.count
        }
        #expect(alike > 0, "some pictures nearly look alike")
    }

    /// `Lookalikes.containsMatch` (distinct variants' test against the library) says whether
    /// `matches` finds any Fonster but the one skipped, read through the index or not.
    @Test func containsMatchSaysWhetherMatchesFindsOneButTheSkipped() {
        let pictures = EngineVersion.allCases.flatMap { engine in (0..<750).map { Picture(seed: "index \($0 % 150) \($0)", engine: engine) } }
        let keys = pictures.map(PictureKey.init), bands = keys.map(\.bands)
        let index = BandIndex(bands)
        var outcomes = Set<Bool>(), onlyTheSkipped = 0
        for own in pictures.prefix(300) + (0..<200).map({ Picture(seed: "outside \($0)", engine: .v2) }) {
            let found = Lookalikes.matches(of: own, in: keys, bands: bands) { Likeness.Look(pictures[$0]) }
            let all = found.same + found.nearly
            for skipped in [nil, all.first] {
                let expected = all.contains { $0 != skipped }
                for through in [nil, index] {
                    let answer = Lookalikes.containsMatch(of: own, in: keys, bands: bands, index: through, skip: { $0 == skipped }) {
                        Likeness.Look(pictures[$0])
                    }
                    #expect(answer == expected)
                }
                outcomes.insert(expected)
                if skipped != nil && !expected { onlyTheSkipped += 1 }
            }
        }
        #expect(outcomes == [true, false] && onlyTheSkipped > 0, "found, none, and only the skipped one found all occur")
    }
}
