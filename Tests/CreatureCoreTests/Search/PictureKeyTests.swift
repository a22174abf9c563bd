import Testing
@testable import CreatureCore

/// `PictureKey`: what the library keeps of a picture for its look-alikes, and that grouping and
/// matching by keys stay linear when a crowd of pictures shares one silhouette.
@Suite struct PictureKeyTests {
    /// A key read back from its bytes is the key; any other length is not a key.
    @Test func aKeyReadsBackFromItsBytes() {
        for seed in ["hello", "grace", "a seed of its own"] {
            let key = PictureKey(Picture(seed: seed, engine: .v2))
            let bytes = key.bytes
            #expect(bytes.count == PictureKey.size)
            #expect(bytes.withUnsafeBytes { PictureKey(bytes: $0) } == key)
            #expect((bytes + [0]).withUnsafeBytes { PictureKey(bytes: $0) } == nil)
            #expect(bytes.dropLast().withUnsafeBytes { PictureKey(bytes: UnsafeRawBufferPointer(rebasing: $0[...])) } == nil)
        }
    }

    /// The same picture in other colours: another fingerprint, the same look and silhouette.
    @Test func otherColoursKeepTheLook() {
        let picture = Picture(seed: "hello", engine: .v1)
        let recoloured = Picture(testCells: picture.cells.map { $0 == 0 ? 0 : 255 - $0 })
        let (a, b) = (PictureKey(picture), PictureKey(recoloured))
        #expect(a.picture != b.picture && a.look == b.look && a.silhouette == b.silhouette && a.sharesBlock(with: b))
        let other = PictureKey(Picture(seed: "a seed of its own", engine: .v2))
        #expect(other.look != a.look && other.silhouette != a.silhouette)
    }

    /// 20,000 pictures of one shape in as many colourings: one near group, found without drawing
    /// any look again (they share one look), and a match draws none either.
    @Test func aCrowdOfOneShapeIsNotComparedPairByPair() {
        let shape = Picture(seed: "hello", engine: .v1)
        // Colour c becomes (c * m + k) mod 255 + 1: one to one (m prime to 255), so the edges stay.
        let multipliers = (1..<255).filter { m in [3, 5, 17].allSatisfy { m % $0 != 0 } }
        let crowd = (0..<20_000).map { n in
            let (m, k) = (multipliers[n / 255 % multipliers.count], n % 255)
            return Picture(testCells: shape.cells.map { $0 == 0 ? 0 : UInt8((Int($0) * m + k) % 255 + 1) })
        }
        let keys = crowd.map(PictureKey.init)
        #expect(Set(keys.map(\.picture)).count > 200, "many pictures")
        var drawn = 0
        let groups = Lookalikes.groups(keys) { drawn += 1; return Likeness.Look(crowd[$0]) }!.groups
        #expect(groups.near.count == 1 && groups.near[0].count == crowd.count)
        #expect(drawn == 0)
        let found = Lookalikes.matches(of: shape, in: keys, bands: keys.map(\.bands)) { drawn += 1; return Likeness.Look(crowd[$0]) }
        #expect(found.same.count + found.nearly.count == crowd.count && drawn == 0)
        // Read in parts of `readAhead` keys: every part told apart, in order.
        #expect(found.same == crowd.indices.filter { crowd[$0] == shape } && found.nearly == crowd.indices.filter { crowd[$0] != shape })
    }

    /// The near pass asks for the bytes it will hold before it draws a look: refused, it draws
    /// nothing and gives the exact groups only; granted, the same keys are grouped as alike.
    @Test func theNearPassAsksForItsBytesBeforeItDraws() throws {
        let shape = Picture(seed: "hello", engine: .v1)
        // One drawn cell in a colour of its own: the same silhouette, another look, alike.
        let cell = shape.cells.firstIndex { $0 != 0 }!
        var cells = shape.cells
        cells[cell] = cells[cell] == 1 ? 2 : 1
        let pictures = [shape, shape, Picture(testCells: cells)]
        let keys = pictures.map(PictureKey.init)
        var drawn = 0, asked: [Int] = []
        let refused = try #require(Lookalikes.groups(keys, room: { asked.append($0); return false }) { drawn += 1; return Likeness.Look(pictures[$0]) })
        #expect(refused.nearSkipped && refused.groups.near.isEmpty && refused.groups.exact == [[0, 1]])
        #expect(drawn == 0 && asked == [NearLooks.bytes(silhouettes: 2, looks: 2)], "two looks of one silhouette to draw again")
        let granted = try #require(Lookalikes.groups(keys, room: { _ in true }) { drawn += 1; return Likeness.Look(pictures[$0]) })
        #expect(!granted.nearSkipped && granted.groups.near == [[0, 1, 2]] && drawn == 2)
    }

    /// The near pass says how far it is and stops when asked: its progress counts the looks it
    /// draws again up to all of them, and a pass told to stop answers nothing.
    @Test func theNearPassReportsProgressAndStopsWhenAsked() throws {
        let pictures = (0..<15_000).map { Picture(seed: "crowd \($0)", engine: .v2) }
        let keys = pictures.map(PictureKey.init)
        var reports: [(Int, Int)] = []
        let whole = try #require(Lookalikes.groups(keys, progress: { reports.append(($0, $1)) }) { Likeness.Look(pictures[$0]) })
        let total = try #require(reports.last).1
        #expect(total > 4_096, "more looks to draw than one report covers")
        #expect(reports.first! == (0, total) && reports.last! == (total, total))
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.0 < $1.0 }, "counts only go up")
        #expect(whole.groups.near == Lookalikes.groups(pictures).near)
        var asked = 0, drawn = 0
        let stopped = Lookalikes.groups(keys, isCancelled: { asked += 1; return asked > 3 }) { drawn += 1; return Likeness.Look(pictures[$0]) }
        #expect(stopped == nil && drawn == 3 * 256, "stopped at the fourth question, 256 looks a question")
    }

    /// The key's inner edges are counted cell by cell in each band of four rows, and rule out no
    /// pair that looks alike: 800 creatures of both engines and 200 near copies (a cell changed
    /// or drawn), every pair.
    @Test func edgesByBandAreCountedAndRuleOutNoAlikePair() {
        var pictures = (0..<400).flatMap { n in [EngineVersion.v1, .v2].map { Picture(seed: "edge \(n)", engine: $0) } }
        pictures += pictures.prefix(200).enumerated().map { n, picture in
            var cells = picture.cells
            let i = n &* 37 % 1_024
            cells[i] = cells[i] == 255 ? 1 : cells[i] + 1
            return Picture(testCells: cells)
        }
        let keys = pictures.map(PictureKey.init), looks = pictures.map(Likeness.Look.init)
        for (picture, key) in zip(pictures, keys) {
            let cells = picture.cells
            for band in 0..<8 {
                var count = 0
                for row in 4 * band..<4 * band + 4 {
                    for column in 0..<32 where cells[row * 32 + column] != 0 {
                        let cell = cells[row * 32 + column]
                        if column < 31, cells[row * 32 + column + 1] != 0, cells[row * 32 + column + 1] != cell { count += 1 }
                        if row < 31, cells[row * 32 + column + 32] != 0, cells[row * 32 + column + 32] != cell { count += 1 }
                    }
                }
                #expect(Int(key.edges >> UInt64(8 * band) & 0xFF) == count, "band \(band)")
            }
        }
        var alike = 0, ruledOut = 0
        for i in keys.indices {
            for j in keys.indices where j > i {
                if looks[i].looksAlike(looks[j]) {
                    alike += 1
                    #expect(keys[i].edgesClose(to: keys[j]), "pair \(i), \(j) looks alike")
                } else if !keys[i].edgesClose(to: keys[j]) {
                    ruledOut += 1
                }
            }
        }
        #expect(alike >= 200, "the near copies look alike")
        #expect(ruledOut > 0)
    }
}
