import Foundation
import JSON
import Testing
import TestSupport
@testable import FonsterStore

/// Imports find seeds already in the library through its seed index, compared as the engine
/// reads them (byte for byte, never by canonical equivalence), so a step reads as many rows in
/// a big library as in a small one; a bundle goes in steps that a stop keeps whole.
@Suite(.offTheCooperativeThreads) struct LinearImportTests {
    let dir = TempDir()
    var quick: StoreOptions {
        var options = testOptions()
        options.durability = .processCrash
        return options
    }

    /// Canonically equivalent spellings, each a different seed to the engine.
    static let equivalents: [[String]] = [
        ["\u{E9}", "e\u{301}"],  // é, composed and decomposed
        ["\u{C5}", "A\u{30A}", "\u{212B}"],  // Å, and the Ångström sign
        ["\u{1E69}", "s\u{323}\u{307}", "s\u{307}\u{323}"],  // ṩ, marks in either order
        ["\u{AC00}", "\u{1100}\u{1161}"],  // Hangul syllable and its jamo
        ["caf\u{E9} au lait", "cafe\u{301} au lait"],
    ]

    @Test func canonicallyEquivalentSeedsAreEachImportedAndExported() throws {
        let store = try fileStore(dir, options: quick)
        let seeds = Self.equivalents.flatMap { $0 }
        let first = try store.importSeeds(seeds, engine: .current)
        #expect(first.created.count == seeds.count && first.skipped.isEmpty)
        // Each is now in the library: importing them again skips every one, and only them.
        let again = try store.importSeeds(seeds + ["e"], engine: .current)
        #expect(again.skipped == Array(seeds.indices) && again.created.map(\.seed) == ["e"])
        // Export gives each back, scalar for scalar.
        let exported = try store.seeds().map { Array($0.seed.unicodeScalars) }
        #expect(exported == (seeds + ["e"]).map { Array($0.unicodeScalars) })
        let bundle = try #require(store.exportLibrary()["fonsters"]?.array)
        #expect(bundle.map { $0["seed"]?.string.map { Array($0.unicodeScalars) } } == exported.map(Optional.some))
    }

    @Test func aBundleKeepsCanonicallyEquivalentSeedsApart() throws {
        let store = try fileStore(dir, options: quick)
        let entries: [JSONValue] = Self.equivalents.flatMap { $0 }.map { seed in
            ["seed": .string(seed), "name": "twin", "createdAt": "2026-01-01T00:00:00.000Z"]
        }
        let bundle: JSONValue = ["format": "fonsters-library", "version": 1, "engine": "fonsters-v2",
                                 "exportedAt": "2026-01-01T00:00:00.000Z", "fonsters": .array(entries)]
        let result = try store.importLibrary(bundle)
        #expect(result.created.count == entries.count && result.skipped.isEmpty)
        #expect(try store.importLibrary(bundle).skipped == Array(entries.indices))
    }

    /// The change log is pruned once per write, not per row: after imports that logged 12,000
    /// rows it holds the newest `Schema.changeLogKeep` of them, in one run of sequence numbers.
    @Test func theChangeLogKeepsItsNewestRowsAfterBigImports() throws {
        let store = try fileStore(dir, options: quick)
        for step in 0..<12 {
            _ = try store.importSeeds((0..<1000).map { "logged \(step) \($0)" }, engine: .current)
        }
        let (rows, low, high) = try store.locked { () throws(StoreError) in
            (try store.db.scalarInt("SELECT count(*) FROM change_log"), try store.db.scalarInt("SELECT min(seq) FROM change_log"),
             try store.db.scalarInt("SELECT max(seq) FROM change_log"))
        }
        #expect(rows == Schema.changeLogKeep && high == 12_000 && low == 12_000 - Schema.changeLogKeep + 1)
    }

    /// Rows read are counted as SQLite's virtual-machine steps: a step of 1,000 seeds (one already there) into a
    /// library of 51,000 reads no more per seed than the same step into one of 11,000 (the old
    /// import read every seed of the library for each step). Both libraries are past the change
    /// log's 10,000 kept rows, so both steps also prune it.
    @Test func aStepReadsNoMoreRowsInABiggerLibrary() throws {
        let store = try fileStore(dir, options: quick)
        func fill(to count: Int) throws {
            var made = try store.seeds().count
            while made < count {
                let batch = min(StoreLimits.maxSeedImport, count - made)
                made += try store.importSeeds((made..<made + batch).map { "filler seed \($0)" }, engine: .current).created.count
            }
        }
        func stepCost(_ name: String) throws -> Int {
            let before = store.stepsRun
            let result = try store.importSeeds((0..<999).map { "\(name) \($0)" } + ["filler seed 3"], engine: .current)
            #expect(result.created.count == 999 && result.skipped == [999])
            return store.stepsRun - before
        }
        try fill(to: 11_000)
        let small = try stepCost("small")
        try fill(to: 51_000)
        let big = try stepCost("big")
        #expect(small > 1_000, "the counter counts")
        #expect(big <= small + small / 10, "a step into 51,000 Fonsters ran \(big) steps, into 11,000: \(small)")
    }

    @Test func aStoppedBundleImportKeepsTheStepsItFinished() throws {
        let store = try fileStore(dir, options: quick)
        let entries: [JSONValue] = (0..<2_500).map { ["seed": .string("bundle seed \($0)")] }
        let bundle: JSONValue = ["format": "fonsters-library", "version": 1, "engine": "fonsters-v2",
                                 "exportedAt": "2026-01-01T00:00:00.000Z", "fonsters": .array(entries)]
        var heard: [Int] = []
        let result = try store.importLibrary(bundle, stop: { heard.count == 2 }, progress: { done, total in
            #expect(total == 2_500)
            heard.append(done)
        })
        #expect(heard == [1_000, 2_000])
        #expect(result.created.count == 2_000 && result.unfinished == 500)
        #expect(try store.seeds().map(\.seed) == (0..<2_000).map { "bundle seed \($0)" })
        // The rest comes in with the same bundle: the first 2,000 are skipped.
        let rest = try store.importLibrary(bundle)
        #expect(rest.created.count == 500 && rest.skipped == Array(0..<2_000) && rest.unfinished == 0)
    }
}
