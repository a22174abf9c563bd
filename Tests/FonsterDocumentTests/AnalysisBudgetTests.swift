import Testing
import TestSupport
import CreatureCore
@testable import FonsterDocument

/// The rule an analysis keeps with a memory budget: it asks for the most its drawing and lines
/// may take before it draws anything, draws nothing when refused, and never holds more than it
/// asked for; the cache keeps no picture's cells, only what tells pictures apart and alike.
@Suite(.offTheCooperativeThreads) struct AnalysisBudgetTests {
    /// `count` seed lines, a tenth of them repeating an earlier one.
    static func text(_ count: Int) -> DocumentText {
        DocumentText((0..<count).map { $0 % 10 == 9 ? "crew \($0 / 2)" : "crew \($0)" }.joined(separator: "\n"))
    }

    @Test func aRefusedAnalysisDrawsNothing() {
        let cache = PictureCache()
        var asked: [Int] = []
        let outcome = DocumentAnalysis.run(Self.text(500), defaultEngine: .v2, cache: cache, within: { asked.append($0); return false })
        guard case .refused(let bytes) = outcome else { Issue.record("not refused"); return }
        #expect(asked == [bytes] && bytes > 0)
        #expect(cache.drawCount == 0 && cache.byteCount == 0)
    }

    @Test func anAnalysisHoldsNoMoreThanItReserved() throws {
        let cache = PictureCache()
        var reserved = 0
        let first = DocumentAnalysis.run(Self.text(2_000), defaultEngine: .v2, cache: cache, within: { reserved += $0; return true })
        guard case .analysed(let analysis) = first else { Issue.record("not analysed"); return }
        #expect(cache.byteCount + analysis.byteCount <= reserved)
        #expect(cache.byteCount > 0)
        // Drawn again after an edit: only the new line's picture (and its look-alikes' entries) is asked for besides the lines.
        var again = 0
        let edited = DocumentText(Self.text(2_000).lines.joined(separator: "\n") + "\nnewcomer")
        let before = cache.byteCount
        let second = DocumentAnalysis.run(edited, defaultEngine: .v2, cache: cache, within: { again += $0; return true })
        guard case .analysed(let reanalysed) = second else { Issue.record("not analysed"); return }
        #expect(cache.byteCount > before && cache.byteCount - before <= again - reanalysed.byteCount)
    }

    @Test func aKeptPictureIsDrawnAgainFromItsFirstSeed() {
        let cache = PictureCache()
        let key = PictureCache.Key(seed: "tom", engine: .v2)
        let id = cache.id(key)
        #expect(cache.picture(id) == Picture(seed: "tom", engine: .v2))
        #expect(cache.fingerprint(id) == Picture(seed: "tom", engine: .v2).fingerprint)
        #expect(cache.byteCount < 1_024 + PictureCache.Cost.silhouette + PictureCache.Cost.key + 3, "no picture's 1,024 cells are kept")
    }
}
