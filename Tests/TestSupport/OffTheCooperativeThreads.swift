import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift's cooperative threads.
///
/// The test process has as many cooperative threads as cores (two here), and Swift Testing runs
/// tests in parallel: a synchronous test that computes or waits on SQLite for seconds holds one
/// the whole time, so the awaits of every other test — the in-process servers of the transport
/// and method tests, which read, schedule and answer there — queue behind the engine's and the
/// store's work (a transport test once ran into its one-minute limit this way). Engine and store
/// suites take this trait; their tests then queue on `TestThreads` instead.
public struct OffTheCooperativeThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(TestThreads.shared) { try await function() }
    }
}

extension Trait where Self == OffTheCooperativeThreads {
    /// Runs the suite's tests on `TestThreads`, never on Swift's cooperative threads.
    public static var offTheCooperativeThreads: Self { Self() }
}

/// A task executor of one thread per core, for tests that compute or block.
public final class TestThreads: TaskExecutor, @unchecked Sendable {
    /// The executor the engine's and the store's tests run on.
    public static let shared = TestThreads(count: ProcessInfo.processInfo.activeProcessorCount)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for n in 0..<max(1, count) {
            let thread = Thread { [self] in serve() }
            thread.name = "test-thread-\(n)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
