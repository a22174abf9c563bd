import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads of its own for CPU-bound work (drawing, encoding, searching), apart from Swift's
/// cooperative pool, so the threads that read input, schedule, cancel and write output are never
/// starved. The one way heavy work runs: a test fails when `Sources/` reaches for
/// `concurrentPerform`, Dispatch's global queues or a detached task instead.
///
/// At most `slots` jobs compute at once (one per core); a job holds a slot for a time slice and,
/// at its next `takeTurn()` after the slice, hands it to the longest-waiting job and queues
/// behind the others. A job that never calls `takeTurn()` keeps its slot to the end. Jobs past
/// `maxThreads` wait for a thread before their first turn.
public final class ComputePool: @unchecked Sendable {
    /// One job: its body, and how a waiting worker is woken when the slot comes to it.
    final class Job: @unchecked Sendable {
        fileprivate let body: () -> Void
        fileprivate let isCancelled: () -> Bool
        fileprivate var granted = false          // guarded by the pool's lock
        fileprivate var holdsSlot = false        // touched by its own worker, under the lock
        fileprivate var sliceStart: UInt64 = 0   // touched by its own worker only
        fileprivate init(body: @escaping () -> Void, isCancelled: @escaping () -> Bool) {
            self.body = body
            self.isCancelled = isCancelled
        }
    }

    /// The pool CPU-bound request work runs on: one slot per core, up to 32 threads.
    public static let shared: ComputePool = {
        #if canImport(Glibc)
        // Big transient buffers (a JPEG's coefficients, a data URI) are mapped and unmapped
        // rather than kept in each thread's heap after use: without this, glibc raises the
        // threshold after the first such free and every pool thread's arena keeps megabytes.
        // (`mallopt` is in <malloc.h>, which the Glibc module leaves out; M_MMAP_THRESHOLD is -3.)
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            _ = mallopt(-3, 1 << 20)
        }
        #endif
        return ComputePool(slots: ProcessInfo.processInfo.activeProcessorCount, maxThreads: 32)
    }()

    /// How long a job computes before it gives its slot to a waiting one.
    public static let slice: UInt64 = 4_000_000 // ns

    private let condition = NSCondition()
    private let slots: Int
    private let maxThreads: Int
    // Guarded by `condition`.
    private var freeSlots: Int
    /// Jobs waiting for a slot, in turn order (new jobs and jobs that gave their slot away).
    private var turnQueue: [Job] = []
    private var turnHead = 0
    /// Jobs waiting for a thread.
    private var unstarted: [Job] = []
    private var threads = 0
    private var idleThreads = 0

    /// A pool computing at most `slots` jobs at once on at most `maxThreads` threads.
    public init(slots: Int, maxThreads: Int) {
        self.slots = max(1, slots)
        self.maxThreads = max(self.slots, maxThreads)
        self.freeSlots = self.slots
    }

    /// Runs `body` on a pool thread and returns its result; `isCancelled` lets a job still
    /// waiting for its first turn be skipped (it then throws `CancellationError` unstarted).
    public func run<T: Sendable, E: Error>(isCancelled: @escaping @Sendable () -> Bool,
                                           _ body: @escaping @Sendable () throws(E) -> T) async throws -> T {
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            let job = Job(body: {
                if isCancelled() {
                    continuation.resume(returning: .failure(CancellationError()))
                    return
                }
                do throws(E) { continuation.resume(returning: .success(try body())) }
                catch { continuation.resume(returning: .failure(error)) }
            }, isCancelled: isCancelled)
            submit(job)
        }
        return try result.get()
    }

    /// The parallel form: runs `body(0)` … `body(count - 1)` as `count` jobs of the pool, which
    /// compute at once as slots allow and take turns with all other jobs (call `takeTurn()` in
    /// their loops), and returns once every one has ended. Parts still waiting for their first
    /// turn when `isCancelled` says so are skipped, and it then throws `CancellationError`; the
    /// first error a part throws is rethrown (the other parts are not stopped: let them watch
    /// `isCancelled`).
    public func forEach(_ count: Int, isCancelled: @escaping @Sendable () -> Bool,
                        _ body: @escaping @Sendable (Int) throws -> Void) async throws {
        guard count > 0 else { return }
        if count == 1 { return try await run(isCancelled: isCancelled) { try body(0) } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for part in 0..<count {
                group.addTask { try await self.run(isCancelled: isCancelled) { try body(part) } }
            }
            try await group.waitForAll()
        }
        if isCancelled() { throw CancellationError() }
    }

    private func submit(_ job: Job) {
        condition.lock()
        unstarted.append(job)
        if idleThreads > 0 { condition.broadcast() }
        if unstarted.count > idleThreads && threads < maxThreads {
            threads += 1
            let thread = Thread { [self] in serve() }
            thread.name = "rpc-compute"
            thread.stackSize = 4 << 20
            thread.start()
        }
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while unstarted.isEmpty {
                idleThreads += 1
                condition.wait()
                idleThreads -= 1
            }
            let job = unstarted.removeFirst()
            waitForSlot(job) // unlocks
            Self.current = job
            job.sliceStart = Self.now()
            job.body()
            Self.current = nil
            condition.lock()
            if job.holdsSlot { handOver() }
            condition.unlock()
        }
    }

    /// With the lock held: queues `job` for a slot and waits until it gets one; returns unlocked.
    /// A job cancelled while it waits leaves the queue and goes on without a slot, only to stop.
    private func waitForSlot(_ job: Job) {
        job.holdsSlot = false
        if freeSlots > 0 && turnHead == turnQueue.count {
            freeSlots -= 1
            job.holdsSlot = true
            condition.unlock()
            return
        }
        job.granted = false
        turnQueue.append(job)
        while !job.granted {
            // A short timeout lets a job cancelled while it waits stop within milliseconds.
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.005))
            if !job.granted && job.isCancelled() {
                if let index = turnQueue[turnHead...].firstIndex(where: { $0 === job }) { turnQueue.remove(at: index) }
                condition.unlock()
                return
            }
        }
        job.holdsSlot = true
        condition.unlock()
    }

    /// With the lock held: a slot was given back; hands it to the longest-waiting job, if any.
    private func handOver() {
        if turnHead < turnQueue.count {
            let next = turnQueue[turnHead]
            turnHead += 1
            if turnHead == turnQueue.count || turnHead >= 256 {
                turnQueue.removeFirst(turnHead)
                turnHead = 0
            }
            next.granted = true
            condition.broadcast()
        } else {
            freeSlots += 1
        }
    }

    /// Called often by the running job: once its slice is over and another job waits, gives its
    /// slot to that job and waits for its next turn. Does nothing off the pool's threads, or
    /// for a job already stopping.
    public func takeTurn() {
        guard let job = Self.current, job.holdsSlot else { return }
        let now = Self.now()
        guard now &- job.sliceStart >= Self.slice else { return }
        condition.lock()
        if turnHead == turnQueue.count {
            condition.unlock()
            job.sliceStart = now
            return
        }
        handOver()
        waitForSlot(job)
        job.sliceStart = Self.now()
    }

    // MARK: - The running job of this thread

    nonisolated(unsafe) private static var key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The job the calling pool thread runs, if any.
    private static var current: Job? {
        get { pthread_getspecific(key).map { Unmanaged<Job>.fromOpaque($0).takeUnretainedValue() } }
        set { pthread_setspecific(key, newValue.map { Unmanaged.passUnretained($0).toOpaque() }) }
    }

    /// Whether the calling thread is running a pool job.
    public static var isOnPoolThread: Bool { current != nil }

    private static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
