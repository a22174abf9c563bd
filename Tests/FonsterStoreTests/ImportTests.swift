import Foundation
import Testing
import TestSupport
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct ImportTests {
    let dir = TempDir()
    /// No fsync per commit: 30 writers on one file stay quick on a loaded machine.
    var quick: StoreOptions {
        var options = testOptions()
        options.durability = .processCrash
        return options
    }

    @Test func seedsAlreadyThereOrRepeatedAreSkipped() throws {
        let store = try fileStore(dir, options: quick)
        _ = try store.create(seed: "b")
        let result = try store.importSeeds(["a", "b", "c", "a"], names: ["A", "B", "C", "A2"])
        #expect(result.created.map(\.seed) == ["a", "c"])
        #expect(result.created.map(\.name) == ["A", "C"])
        #expect(result.skipped == [1, 3])
        #expect(try store.list().map(\.seed) == ["b", "a", "c"])
    }

    /// A step's rows go in 50 at a time: a seed repeated within the rows still waiting, or after
    /// they went in, is skipped all the same; canonically equivalent seeds (other bytes) are not;
    /// the list keeps the step's order and each Fonster's position is its place.
    @Test func repeatsAreSkippedWhereverTheyFallInAStep() throws {
        let store = try fileStore(dir, options: quick)
        var seeds = (0..<120).map { "seed \($0)" }
        seeds[30] = "seed 10"  // waiting (the same 50 rows)
        seeds[60] = "seed 10"  // already inserted (the rows before went in)
        seeds[70] = "\u{E9}"
        seeds[71] = "e\u{301}"  // é twice, in other bytes: two seeds
        seeds[72] = "\u{E9}"
        seeds[119] = "seed 118"  // the last, one by one after the rows of 50
        let result = try store.importSeeds(seeds, engine: .current)
        #expect(result.skipped == [30, 60, 72, 119])
        let expected = seeds.enumerated().filter { !result.skipped.contains($0.offset) }.map(\.element)
        #expect(result.created.map(\.seed) == expected)
        #expect(result.created.map(\.position) == Array(0..<expected.count))
        let listed = try store.list()
        #expect(listed.map(\.seed).elementsEqual(expected) { Array($0.utf8) == Array($1.utf8) })
        #expect(listed.map(\.id) == result.created.map(\.id) && listed.map(\.position) == Array(0..<expected.count))
    }

    /// The "already in the library" check runs inside the write transaction: 30 imports of the
    /// same seeds at once, from 30 connections, add each seed once.
    @Test func thirtyConcurrentImportsOfOneLinkAddEachSeedOnce() throws {
        let seeds = (0..<8).map { "shared seed \($0)" }
        _ = try fileStore(dir, options: quick)
        let stores = try (0..<30).map { _ in try fileStore(dir, options: quick) }
        let created = Collected<Int>()
        let failures = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: 30) { i in
            do { created.append(try stores[i].importSeeds(seeds, engine: .current).created.count) } catch { failures.append("\(error)") }
        }
        #expect(failures.all.isEmpty)
        #expect(created.all.reduce(0, +) == seeds.count)
        #expect(try stores[0].list().map(\.seed).sorted() == seeds.sorted())
    }

    /// The same for whole bundles: 30 concurrent imports of one bundle add it once.
    @Test func thirtyConcurrentBundleImportsAddEachEntryOnce() throws {
        let source = try fileStore(dir, name: "source.sqlite", options: quick)
        _ = try source.importSeeds((0..<5).map { "entry \($0)" }, engine: .current)
        let bundle = try source.exportLibrary()
        _ = try fileStore(dir, options: quick)
        let stores = try (0..<30).map { _ in try fileStore(dir, options: quick) }
        let failures = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: 30) { i in
            do { _ = try stores[i].importLibrary(bundle) } catch { failures.append("\(error)") }
        }
        #expect(failures.all.isEmpty)
        #expect(try stores[0].list().map(\.seed) == (0..<5).map { "entry \($0)" })
    }

    /// Two processes importing the same seeds round after round: each seed ends up once.
    @Test func twoProcessesImportingTheSameSeedsAddEachOnce() throws {
        let path = dir.file("lib.sqlite")
        _ = try FonsterStore(location: .file(path), options: testOptions())
        let reports = [dir.file("a.txt"), dir.file("b.txt")]
        let children = try reports.map { try startChild([path, $0, "import", "60"]) }
        for child in children { child.waitUntilExit() }
        for (child, report) in zip(children, reports) {
            #expect(child.terminationStatus == 0, "\(reportLines(report).last ?? "")")
        }
        let seeds = try FonsterStore(location: .file(path), options: testOptions()).list().map(\.seed)
        #expect(seeds.count == 300)
        #expect(Set(seeds).count == 300)
    }
}
