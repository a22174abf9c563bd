import Foundation

/// One dedicated thread that runs every store operation, one at a time, in the order they were
/// submitted. SQLite's busy waits and fsyncs block only this thread, never Swift's cooperative
/// pool, so pure engine requests keep answering while the store waits for a lock.
final class StoreExecutor: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var started = false

    /// An executor; its thread (named `fonsters-store`) starts with the first job.
    init() {}

    /// Runs `body` on the store thread after every job submitted before it; returns its result.
    func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            submit {
                do throws(E) { continuation.resume(returning: .success(try body())) }
                catch { continuation.resume(returning: .failure(error)) }
            }
        }
        return try result.get()
    }

    /// Queues `job` without waiting for it.
    func enqueue(_ job: @escaping @Sendable () -> Void) { submit(job) }

    private func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        if !started {
            started = true
            let thread = Thread { [self] in self.serve() }
            thread.name = "fonsters-store"
            thread.start()
        }
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job() }
        }
    }
}
