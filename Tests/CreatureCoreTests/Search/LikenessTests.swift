import Foundation
import Testing
@testable import CreatureCore

/// `Likeness` (the silhouette first, then the colours), its index and the distinct variants
/// found by it, on real creatures of both engines.
extension Picture {
    /// A picture of the given colour numbers (0 transparent), row by row.
    init(testCells: [UInt8]) {
        self = testCells.withUnsafeBufferPointer { Picture(cells: $0.baseAddress!, fingerprint: Picture.hash(UnsafeRawPointer($0.baseAddress!))) }
    }
}

@Suite struct LikenessTests {
    /// Word seeds as a person types them: one or two words of the word list.
    static func wordSeeds(_ count: Int) -> [String] {
        let words = WordList.all
        var seeds: [String] = []
        for a in words {
            for b in [""] + words {
                seeds.append(b.isEmpty ? a : a + " " + b)
                if seeds.count == count { return seeds }
            }
        }
        return seeds
    }

    @Test(arguments: EngineVersion.allCases)
    func theSameShapeInOtherColoursLooksAlike(engine: EngineVersion) throws {
        // Two different pictures of one silhouette among real creatures: alike, whatever the colours.
        var bySilhouette: [Silhouette: Picture] = [:]
        var pair: (Picture, Picture)?
        for seed in Self.wordSeeds(3_000) {
            let picture = Picture(Creature(seed: seed, engine: engine))
            let silhouette = Likeness.silhouette(picture)
            if let other = bySilhouette[silhouette], other != picture { pair = (other, picture); break }
            bySilhouette[silhouette] = picture
        }
        let (a, b) = try #require(pair)
        #expect(a.cells != b.cells)
        #expect(Likeness.looksAlike(a, b) && Likeness.looksAlike(b, a))
    }

    /// A look as its definition says, cell by cell: drawn cells, and inner edges across (cell i
    /// and i + 1 in one row) and down (cell i and i + 32) between two drawn cells of other colours.
    static func referenceLook(_ cells: [UInt8]) -> (silhouette: Silhouette.Words, across: Silhouette.Words, down: Silhouette.Words) {
        var drawn = Silhouette.Words(), across = Silhouette.Words(), down = Silhouette.Words()
        for i in 0..<1024 where cells[i] != 0 {
            drawn[i / 64] |= 1 << UInt64(i % 64)
            if i % 32 != 31, cells[i + 1] != 0, cells[i + 1] != cells[i] { across[i / 64] |= 1 << UInt64(i % 64) }
            if i < 992, cells[i + 32] != 0, cells[i + 32] != cells[i] { down[i / 64] |= 1 << UInt64(i % 64) }
        }
        return (drawn, across, down)
    }

    /// The look worked out eight cells at a time is the definition's, on real creatures of both
    /// engines and on pictures drawn to the edges (rows' ends, the last row, every colour number).
    @Test func aLookIsWhatItsDefinitionSays() {
        var pictures = Self.wordSeeds(300).flatMap { seed in EngineVersion.allCases.map { Picture(Creature(seed: seed, engine: $0)) } }
        pictures.append(Picture(testCells: (0..<1024).map { UInt8($0 % 256) }))
        pictures.append(Picture(testCells: (0..<1024).map { UInt8(($0 * 7 + $0 / 32) % 5) }))
        pictures.append(Picture(testCells: (0..<1024).map { (i: Int) -> UInt8 in i % 32 >= 30 || i >= 960 ? UInt8(1 + i % 3) : 0 }))
        pictures.append(Picture(testCells: (0..<1024).map { _ in 255 }))
        for picture in pictures {
            let look = Likeness.Look(picture), reference = Self.referenceLook(picture.cells)
            #expect(look.silhouette.words == reference.silhouette && look.across.words == reference.across && look.down.words == reference.down)
        }
    }

    /// The look drawn straight from a seed is the look of its picture, for seeds of both engines.
    @Test func aSeedsLookIsItsPicturesLook() {
        for seed in Self.wordSeeds(300) + ["", " ", "é", "e\u{301}", String(repeating: "long ", count: 60)] {
            for engine in EngineVersion.allCases {
                #expect(Likeness.Look(seed: seed, engine: engine) == Likeness.Look(Picture(seed: seed, engine: engine)), "\(seed) by \(engine)")
            }
        }
    }

    @Test func graceAndGRACEInFonstersV1LookAlike() {
        let lower = Picture(Creature(seed: "grace", engine: .v1)), upper = Picture(Creature(seed: "GRACE", engine: .v1))
        #expect(lower != upper)
        #expect(Likeness.silhouette(lower).differingCells(from: Likeness.silhouette(upper)) <= Likeness.silhouetteSlack)
        #expect(Likeness.looksAlike(lower, upper))
    }

    @Test func aPatternRecolouredLooksAlikeAndAnotherPatternDoesNot() {
        // A 4-cell checker filling the frame; the same in other colours; stripes filling it too.
        let checker = Picture(testCells: (0..<1024).map { ($0 / 32 + $0 % 32) % 2 == 0 ? 1 : 2 })
        let recoloured = Picture(testCells: (0..<1024).map { ($0 / 32 + $0 % 32) % 2 == 0 ? 3 : 4 })
        let stripes = Picture(testCells: (0..<1024).map { ($0 / 32) % 2 == 0 ? 1 : 2 })
        #expect(Likeness.silhouette(checker) == Likeness.silhouette(stripes))
        #expect(Likeness.looksAlike(checker, recoloured))
        #expect(!Likeness.looksAlike(checker, stripes))
    }

    @Test(arguments: EngineVersion.allCases)
    func thePromiseHoldsAndFarSilhouettesDoNotLookAlike(engine: EngineVersion) {
        let pictures = Self.wordSeeds(400).map { Picture(Creature(seed: $0, engine: engine)) }
        var alike = 0, unlike = 0
        for i in pictures.indices {
            for j in pictures.indices where j > i {
                let cells = Likeness.silhouette(pictures[i]).differingCells(from: Likeness.silhouette(pictures[j]))
                let looks = Likeness.looksAlike(pictures[i], pictures[j])
                #expect(!looks || cells <= Likeness.silhouetteSlack)
                if looks { alike += 1 } else { unlike += 1 }
            }
        }
        #expect(alike > 0 && unlike > 0)
        #expect(Likeness.looksAlike(pictures[0], pictures[0]))
    }

    @Test(arguments: EngineVersion.allCases)
    func theIndexAnswersAsComparingWithEveryPictureDoes(engine: EngineVersion) {
        let pictures = Self.wordSeeds(1_600).map { Picture(Creature(seed: $0, engine: engine)) }
        let held = Array(pictures.prefix(800)), asked = pictures.dropFirst(800)
        let index = LikenessIndex(held)
        var yes = 0, no = 0
        for picture in asked {
            let expected = held.contains { Likeness.looksAlike($0, picture) }
            #expect(index.containsLookalike(of: picture) == expected)
            if expected { yes += 1 } else { no += 1 }
        }
        #expect(yes > 0 && no > 0)
    }

    @Test(arguments: EngineVersion.allCases)
    func variantsLookLikeNothingGivenNorEachOtherAndAddLettersOrDigits(engine: EngineVersion) throws {
        let library = Self.wordSeeds(2_000).map { Picture(Creature(seed: $0, engine: engine)) }
        let index = LikenessIndex(library)
        let found = try DistinctVariantFinder.variants(of: "grace", engine: engine, count: 8, unlike: index)
        #expect(found.count == 8)
        for (n, variant) in found.enumerated() {
            #expect(variant.seed.hasPrefix("grace") && variant.seed != "grace")
            #expect(variant.seed.dropFirst(5).allSatisfy { $0 == " " || $0.isLetter || $0.isNumber }, "\(variant.seed)")
            #expect(variant.picture == Picture(Creature(seed: variant.seed, engine: engine)))
            #expect(!library.contains { Likeness.looksAlike($0, variant.picture) })
            #expect(!found[..<n].contains { Likeness.looksAlike($0.picture, variant.picture) })
        }
    }

    @Test func emojiOnlyWhenTheSeedHasSome() throws {
        let plain = try DistinctVariantFinder.variants(of: "fox", engine: .v2, count: 24, unlike: LikenessIndex())
        #expect(!plain.contains { DistinctVariantFinder.hasEmoji($0.seed) })
        // Only variants ending in an emoji accepted: a seed with an emoji gets some, a plain one none.
        let endsInEmoji = { (seed: String) in seed.last.map { DistinctVariantFinder.hasEmoji(String($0)) } ?? false }
        let withEmoji = try DistinctVariantFinder.variants(of: "🦊x", engine: .v2, count: 2, maxCandidates: 400, accept: endsInEmoji)
        #expect(withEmoji.count == 2)
        let noEmoji = try DistinctVariantFinder.variants(of: "fox", engine: .v2, count: 2, maxCandidates: 400, accept: endsInEmoji)
        #expect(noEmoji.isEmpty)
    }

    @Test func newSeedsAreTwoWordsAndRepeatForASalt() throws {
        let a = try DistinctVariantFinder.newSeeds(engine: .v2, count: 5, salt: 7)
        let b = try DistinctVariantFinder.newSeeds(engine: .v2, count: 5, salt: 7)
        #expect(a.map(\.seed) == b.map(\.seed) && a.count == 5)
        for found in a {
            let words = found.seed.split(separator: " ").map(String.init)
            #expect(words.count == 2 && words.allSatisfy(WordList.all.contains))
        }
        #expect(try DistinctVariantFinder.variants(of: "", engine: .v2, count: 3).allSatisfy { $0.seed.split(separator: " ").count == 2 })
    }

    @Test func aCancelledSearchStops() {
        #expect(throws: CancellationError.self) {
            try DistinctVariantFinder.variants(of: "grace", engine: .v1, count: 8, isCancelled: { true })
        }
    }

    @Test func aBoundedSearchDrawsNoMoreThanItsBound() throws {
        var drawn = 0
        let found = try DistinctVariantFinder.variants(of: "grace", engine: .v1, count: 24, taken: { _ in drawn += 1; return true }, maxCandidates: 50)
        #expect(found.isEmpty && drawn <= 50 && drawn > 0)
    }
}
