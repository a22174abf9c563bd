import Foundation
import Testing
@testable import FonsterStore

/// A gate whose answers a test sets, recording what the store asked.
private final class ScriptedGate: WriteGate, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelledValue = false
    private var asked: [String] = []
    /// Makes the gate cancelled from now on.
    var cancelled: Bool {
        get { lock.lock(); defer { lock.unlock() }; return cancelledValue }
        set { lock.lock(); cancelledValue = newValue; lock.unlock() }
    }
    /// What the store asked, in order.
    var calls: [String] { lock.lock(); defer { lock.unlock() }; return asked }
    private func record(_ call: String) { lock.lock(); asked.append(call); lock.unlock() }

    func writeMayBegin() -> Bool { record("begin"); return !cancelled }
    func writeMayCommit() -> Bool { record("commit"); return !cancelled }
    func writeRolledBack() { record("rolledBack") }
    var isCancelled: Bool { cancelled }
}

/// The store asks the bound `WriteGate` before BEGIN and before COMMIT: a write refused at
/// either point leaves no trace (no row, no change heard, no change-log row for others).
@Suite struct WriteGateTests {
    @Test func aCancelledWriteDoesNotBeginAndChangesNothing() throws {
        let store = try FonsterStore(location: .memory, options: testOptions())
        let heard = Collected<StoreChange>()
        let observation = store.onChange { heard.append($0) }
        defer { observation.cancel() }
        let gate = ScriptedGate()
        gate.cancelled = true
        let id = UUID()
        FonsterStore.$writeGate.withValue(gate) {
            expectError(.cancelled) { try store.create(seed: "never", id: id) }
        }
        #expect(gate.calls == ["begin"])
        expectError(.notFound(id)) { try store.get(id) }
        #expect(heard.all.isEmpty)
    }

    @Test func aCancelDuringTheWriteRollsItBack() throws {
        let dir = TempDir()
        let store = try fileStore(dir)
        let kept = try store.create(seed: "kept")
        let heard = Collected<StoreChange>()
        let observation = store.onChange { heard.append($0) }
        defer { observation.cancel() }
        let gate = ScriptedGate()
        let versionBefore = try store.version()
        // The cancel comes inside the transaction, after the rows were written.
        FonsterStore.$writeGate.withValue(gate) {
            expectError(.cancelled) {
                try store.write { () throws(StoreError) -> (Int, [StoreChange]) in
                    try store.db.query("UPDATE fonsters SET seed = 'changed'")
                    gate.cancelled = true
                    return (0, [StoreChange([kept], reason: .update)])
                }
            }
        }
        #expect(gate.calls == ["begin", "commit"])
        #expect(try store.get(kept.id).seed == "kept")
        #expect(try store.version() == versionBefore)
        #expect(heard.all.isEmpty)
        // Another store on the file (another process) hears nothing either.
        let other = try fileStore(dir)
        #expect(other.checkForExternalChanges().isEmpty)
    }

    @Test func aWriteThatFailsTellsTheGateItRolledBack() throws {
        let store = try FonsterStore(location: .memory, options: testOptions())
        let gate = ScriptedGate()
        let missing = UUID()
        FonsterStore.$writeGate.withValue(gate) {
            expectError(.notFound(missing)) { try store.delete(missing) }
        }
        #expect(gate.calls == ["begin", "rolledBack"])
    }

    /// Reading every Fonster's key stops once the request is cancelled (a page closed while the
    /// library's keys were read), and reads them all while it is not.
    @Test func aLongReadOfTheKeysStopsWhenCancelled() throws {
        let store = try FonsterStore(location: .memory, options: testOptions())
        for part in 0..<5 { _ = try store.importSeeds((0..<1_000).map { "read \(part) \($0)" }) }
        let gate = ScriptedGate()
        #expect(try FonsterStore.$writeGate.withValue(gate) { try store.seedsWithKeys() }.seeds.count == 5_000)
        gate.cancelled = true
        FonsterStore.$writeGate.withValue(gate) {
            expectError(.cancelled) { _ = try store.seedsWithKeys() }
        }
    }

    @Test func aWriteTheGateLetsCommitIsSaved() throws {
        let store = try FonsterStore(location: .memory, options: testOptions())
        let gate = ScriptedGate()
        let created = try FonsterStore.$writeGate.withValue(gate) { try store.create(seed: "saved") }
        #expect(gate.calls == ["begin", "commit"])
        #expect(try store.get(created.id).seed == "saved")
    }

    @Test func aLongWriteChecksTheGateInItsLoop() throws {
        let store = try FonsterStore(location: .memory, options: testOptions())
        let gate = ScriptedGate()
        var rows = 0
        FonsterStore.$writeGate.withValue(gate) {
            expectError(.cancelled) {
                try store.write { () throws(StoreError) -> (Int, [StoreChange]) in
                    for n in 0..<100 {
                        if n == 10 { gate.cancelled = true }
                        try FonsterStore.checkWriteCancelled()
                        _ = try store.db.query("INSERT INTO meta (key, value) VALUES (?, 'x')", [.text("loop \(n)")])
                        rows += 1
                    }
                    return (rows, [])
                }
            }
        }
        #expect(rows == 10)
        #expect(try store.db.scalarInt("SELECT count(*) FROM meta WHERE key LIKE 'loop %'") == 0)
        #expect(gate.calls == ["begin", "rolledBack"])
    }

    @Test func withoutAGateWritesGoAhead() throws {
        let store = try FonsterStore(location: .memory, options: testOptions())
        #expect(FonsterStore.writeGate == nil)
        try FonsterStore.checkWriteCancelled()
        #expect(try store.create(seed: "free").seed == "free")
    }
}
