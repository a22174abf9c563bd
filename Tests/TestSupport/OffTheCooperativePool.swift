import Compute
import CreatureCore

/// Heavy test work runs on the compute pool, as the server's does, never on Swift's cooperative
/// threads: the test process has only as many of those as cores, and a test computing on one for
/// seconds starves every other test's awaits (a transport test then runs into its time limit).
public enum OnPool {
    /// The engine's parts (`CreatureSearch.run`, `Lookalikes.pictures`) as jobs of the compute pool.
    public static let parts: PartsRunner = { count, body in
        try await ComputePool.shared.forEach(count, isCancelled: { false }, body)
    }

    /// Runs `body` (CPU-heavy, synchronous) on the compute pool and returns its result.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await ComputePool.shared.run(isCancelled: { false }, body)
    }
}
