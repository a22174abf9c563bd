import Testing
@testable import CreatureCore

/// `SilhouetteBands`: four bytes that never say two silhouettes are further apart than they are,
/// so a pair they rule out is one `Likeness` would too.
@Suite struct SilhouetteBandsTests {
    /// Random silhouettes and random changes of up to 40 cells (full bands included): the bands'
    /// distance is never more than the cells the two differ in, and is that many when the changed
    /// cells all add or all remove within one band.
    @Test func theBandsNeverOverstateADifference() {
        var generator = SeededGenerator(seed: 38)
        for round in 0..<2_000 {
            var words = Silhouette.Words()
            for w in 0..<16 { words[w] = round % 5 == 0 ? .max : UInt64.random(in: 0...UInt64.max, using: &generator) }
            let a = Silhouette(words: words)
            var changed = words
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let cell = Int.random(in: 0..<1024, using: &generator)
                changed[cell / 64] ^= 1 << UInt64(cell % 64)
            }
            let b = Silhouette(words: changed)
            let distance = SilhouetteBands(a).distance(to: SilhouetteBands(b))
            #expect(distance <= a.differingCells(from: b))
            #expect(SilhouetteBands(a).distance(to: SilhouetteBands(a)) == 0)
        }
        // Eight cells more in the top band, nothing else: eight apart, still alike by the bands;
        // nine are not.
        let empty = Silhouette(words: .init())
        var eight = Silhouette.Words(), nine = Silhouette.Words()
        eight[0] = 0xFF
        nine[0] = 0x1FF
        #expect(SilhouetteBands(empty).distance(to: SilhouetteBands(Silhouette(words: eight))) == 8)
        #expect(SilhouetteBands(empty).mayBeAlike(SilhouetteBands(Silhouette(words: eight))))
        #expect(!SilhouetteBands(empty).mayBeAlike(SilhouetteBands(Silhouette(words: nine))))
    }

    /// Pictures the bands rule out do not look alike: over 3,000 seeds of both engines, every
    /// pair that looks alike has close bands.
    @Test func picturesThatLookAlikeHaveCloseBands() {
        let pictures = EngineVersion.allCases.flatMap { engine in (0..<1_500).map { Picture(seed: "band \($0 % 300) \($0)", engine: engine) } }
        let looks = pictures.map { Likeness.Look($0) }
        var alike = 0
        for i in looks.indices {
            for j in looks.indices where j > i && looks[i].looksAlike(looks[j]) {
                alike += 1
                #expect(SilhouetteBands(looks[i].silhouette).mayBeAlike(SilhouetteBands(looks[j].silhouette)))
            }
        }
        #expect(alike > 0, "some pairs look alike, so the check checks something")
    }
}
