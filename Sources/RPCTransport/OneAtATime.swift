/// Work costly to do twice at once, run one at a time: a caller arriving while another works
/// waits until that ends (then finds what the other kept: a million keys read, a near pass over
/// them; or the room the other's answer left). A waiting caller whose task is cancelled stops
/// waiting and gets -32800.
public final class OneAtATime: Sendable {
    private struct State {
        var running = false
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var next = 0
    }

    private let state = Locked(State())

    /// How many callers wait (for tests).
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// A gate no one has passed.
    public init() {}

    /// Runs `body` once no other caller's runs.
    public func run<T>(_ body: () async throws(ResponseError) -> T) async throws(ResponseError) -> T {
        while let number = state.withLock({ s -> Int? in
            guard s.running else {
                s.running = true
                return nil
            }
            s.next += 1
            return s.next
        }) {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                    let now = state.withLock { s -> Bool in
                        guard s.running, !Task.isCancelled else { return true }
                        s.waiting[number] = waiter
                        return false
                    }
                    if now { waiter.resume() }
                }
            } onCancel: {
                state.withLock { $0.waiting.removeValue(forKey: number) }?.resume()
            }
            if Task.isCancelled { throw .requestCancelled }
        }
        defer {
            state.withLock { s -> [CheckedContinuation<Void, Never>] in
                s.running = false
                defer { s.waiting = [:] }
                return Array(s.waiting.values)
            }.forEach { $0.resume() }
        }
        return try await body()
    }
}
