import Foundation
import Testing
import TestSupport
@testable import Compute

/// The compute pool on pools of its own (one slot, few threads), so each rule is seen alone:
/// turns after a slice, a job without turns keeping its slot, cancellation before the first turn
/// (waiting for a thread, waiting for a slot), `forEach` and telling pool threads apart. Waits are
/// for conditions (`waitUntil`), never for time; a broken pool meets the backstop, not a hang.
@Suite(.hangBackstop) struct ComputePoolTests {
    /// A value shared between a job and the test, behind a lock.
    final class Shared<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
        /// Changes the value under one hold of the lock (a read then a write from two threads
        /// can lose one's change).
        func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
    }

    @Test func aJobThatTakesTurnsLetsAWaitingJobRun() async throws {
        let pool = ComputePool(slots: 1, maxThreads: 4)
        let aRunning = Shared(false), bRan = Shared(false), aSawB = Shared(false)
        let a = Task {
            try await pool.run(isCancelled: { false }) {
                aRunning.value = true
                // Takes turns until B has run on the only slot (or the backstop, and then fails).
                let end = Date().addingTimeInterval(Patience.backstop)
                while !bRan.value && Date() < end { pool.takeTurn() }
                aSawB.value = bRan.value
            }
        }
        try await waitUntil("job A to hold the only slot") { aRunning.value }
        try await pool.run(isCancelled: { false }) { bRan.value = true }
        try await a.value
        #expect(aSawB.value, "B ran only after A ended: A's turns did not hand the slot over")
    }

    @Test func aJobThatTakesNoTurnsKeepsItsSlotToTheEnd() async throws {
        let pool = ComputePool(slots: 1, maxThreads: 4)
        let aRunning = Shared(false), bQueued = Shared(false), bRan = Shared(false), bRanDuringA = Shared(true)
        let a = Task {
            try await pool.run(isCancelled: { false }) {
                aRunning.value = true
                // Ten slices of work once B waits, without a turn: B must not run meanwhile.
                while !bQueued.value {}
                let start = DispatchTime.now().uptimeNanoseconds
                while DispatchTime.now().uptimeNanoseconds - start < 10 * ComputePool.slice {}
                bRanDuringA.value = bRan.value
            }
        }
        try await waitUntil("job A to hold the only slot") { aRunning.value }
        let b = Task { try await pool.run(isCancelled: { false }) { bRan.value = true } }
        bQueued.value = true
        try await a.value
        try await b.value
        #expect(!bRanDuringA.value, "B ran while A held the slot without taking a turn")
        #expect(bRan.value)
    }

    @Test func aJobCancelledWhileItWaitsForAThreadNeverRuns() async throws {
        let pool = ComputePool(slots: 1, maxThreads: 1)
        let gate = DispatchSemaphore(value: 0), aRunning = Shared(false), bRan = Shared(false), cancelled = Shared(false)
        let a = Task { try await pool.run(isCancelled: { false }) { aRunning.value = true; gate.wait() } }
        try await waitUntil("job A to hold the only thread") { aRunning.value }
        let b = Task { try await pool.run(isCancelled: { cancelled.value }) { bRan.value = true } }
        cancelled.value = true
        gate.signal()
        try await a.value
        await #expect(throws: CancellationError.self) { try await b.value }
        #expect(!bRan.value, "a job cancelled before its first turn ran its body")
    }

    @Test func aJobCancelledWhileItWaitsForASlotStopsWithoutIt() async throws {
        let pool = ComputePool(slots: 1, maxThreads: 2)
        let gate = DispatchSemaphore(value: 0), aRunning = Shared(false), bRan = Shared(false)
        let cancelled = Shared(false), bEnded = Shared(false)
        defer { gate.signal() }
        let a = Task { try await pool.run(isCancelled: { false }) { aRunning.value = true; gate.wait() } }
        try await waitUntil("job A to hold the only slot") { aRunning.value }
        let b = Task {
            defer { bEnded.value = true }
            return try await pool.run(isCancelled: { cancelled.value }) { bRan.value = true }
        }
        cancelled.value = true
        // B ends while A still holds the slot: it left the queue rather than waiting its turn.
        try await waitUntil("the cancelled job B to end while A holds the slot") { bEnded.value }
        await #expect(throws: CancellationError.self) { try await b.value }
        #expect(!bRan.value)
        gate.signal()
        try await a.value
    }

    @Test(arguments: [0, 1, 2, 7, 40])
    func forEachRunsEveryPartOnceOnPoolThreads(count: Int) async throws {
        let pool = ComputePool(slots: 2, maxThreads: 4)
        let runs = Shared([Int](repeating: 0, count: count)), offPool = Shared(0)
        try await pool.forEach(count, isCancelled: { false }) { part in
            if !ComputePool.isOnPoolThread { offPool.value += 1 }
            runs.update { $0[part] += 1 }
        }
        #expect(runs.value == [Int](repeating: 1, count: count))
        #expect(offPool.value == 0)
    }

    struct PartFailed: Error, Equatable { let part: Int }

    @Test func forEachRethrowsAPartsError() async throws {
        let pool = ComputePool(slots: 2, maxThreads: 4)
        let ended = Shared(0)
        await #expect(throws: PartFailed(part: 3)) {
            try await pool.forEach(6, isCancelled: { false }) { part in
                defer { ended.value += 1 }
                if part == 3 { throw PartFailed(part: 3) }
            }
        }
        #expect(ended.value == 6, "the other parts ran to their end")
    }

    @Test func forEachCancelledSkipsThePartsNotStartedAndThrows() async throws {
        let pool = ComputePool(slots: 1, maxThreads: 1)
        let cancelled = Shared(false), started = Shared(0)
        await #expect(throws: CancellationError.self) {
            try await pool.forEach(5, isCancelled: { cancelled.value }) { _ in
                started.value += 1
                cancelled.value = true  // the first part cancels; the four behind it are skipped
            }
        }
        #expect(started.value == 1)
    }

    @Test func poolThreadsAreToldApart() async throws {
        let pool = ComputePool(slots: 1, maxThreads: 1)
        #expect(!ComputePool.isOnPoolThread)
        let inside = try await pool.run(isCancelled: { false }) { ComputePool.isOnPoolThread }
        #expect(inside)
        #expect(!ComputePool.isOnPoolThread)
        pool.takeTurn()  // off the pool's threads: does nothing (and does not block)
        // A one-thread pool runs every job on its one thread, which is not the caller's.
        let first = try await pool.run(isCancelled: { false }) { UInt(bitPattern: Int(bitPattern: pthread_self())) }
        let second = try await pool.run(isCancelled: { false }) { UInt(bitPattern: Int(bitPattern: pthread_self())) }
        #expect(first == second)
        #expect(first != UInt(bitPattern: Int(bitPattern: pthread_self())))
    }
}
