import Foundation
import Testing
import TestSupport
@testable import FonsterStore

@Suite(.offTheCooperativeThreads, .tags(.slow), .notInQuickTier) struct ConcurrencyTests {
    let dir = TempDir()
    /// These tests are about lost updates, not lock waits: on a loaded machine (fsync slow,
    /// SQLite's busy handler polling) one writer can wait past the default 5 s.
    var patient: StoreOptions {
        var options = testOptions()
        options.busyTimeout = 60
        return options
    }

    /// Checks that every token was prepended exactly once to the Fonster it was meant for, and
    /// that the history is a consistent chain: each entry is the previous one with one token
    /// prepended, and the seed is the last entry with one more.
    func verify(_ store: FonsterStore, expected: [UUID: Set<String>]) throws {
        for (id, tokens) in expected {
            let fonster = try store.get(id)
            let words = fonster.seed.split(separator: " ").map(String.init)
            #expect(words.last == "start")
            #expect(words.dropLast().count == tokens.count, "lost or repeated updates")
            #expect(Set(words.dropLast()) == tokens)
            #expect(fonster.history.past.count == 20 && fonster.history.future.isEmpty)
            let chain = fonster.history.past + [fonster.seed]
            for (older, newer) in zip(chain, chain.dropFirst()) {
                let head = newer.prefix { $0 != " " }
                #expect(newer == head + " " + older, "history is not a chain of single edits")
            }
        }
    }

    @Test func twoConnectionsInterleaving1000EditsLoseNothing() throws {
        let setup = try fileStore(dir)
        let ids = try (0..<4).map { _ in try setup.create(seed: "start").id }
        let stores = try [fileStore(dir, options: patient), fileStore(dir, options: patient)]
        let failures = Collected<String>()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in 0..<500 {
                do {
                    _ = try stores[worker].applyRandomText(ids[i % 4], text: "w\(worker)-\(i)", source: .words, prepend: true)
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        var expected: [UUID: Set<String>] = [:]
        for worker in 0..<2 { for i in 0..<500 { expected[ids[i % 4], default: []].insert("w\(worker)-\(i)") } }
        try verify(setup, expected: expected)
    }

    @Test func twoProcessesInterleaving1000EditsLoseNothing() throws {
        let path = dir.file("lib.sqlite")
        let store = try FonsterStore(location: .file(path), options: patient)
        let ids = try (0..<4).map { _ in try store.create(seed: "start").id }
        let report = dir.file("report.txt")
        let child = try startChild([path, report, "prepend", "child-", "500"] + ids.map(\.uuidString))
        // Start once the child is editing, so the two really interleave.
        try waitUntil("the child to report it is editing") { reportLines(report).first == "ready" }
        for i in 0..<500 {
            _ = try store.applyRandomText(ids[i % 4], text: "parent-\(i)", source: .words, prepend: true)
        }
        child.waitUntilExit()
        #expect(child.terminationStatus == 0, "child failed: \(reportLines(report).last ?? "")")
        #expect(reportLines(report).count == 501)
        var expected: [UUID: Set<String>] = [:]
        for i in 0..<500 {
            expected[ids[i % 4], default: []].insert("parent-\(i)")
            expected[ids[i % 4], default: []].insert("child-\(i)")
        }
        try verify(store, expected: expected)
    }
}
