/// Runs `count` independent parts of one piece of work, `body(0)` … `body(count - 1)`, and
/// returns once every one has ended. The engine splits its long work (a search's rounds, a list
/// of pictures) into parts and lets its caller run them: the server, the command line and the
/// tests hand them to the compute pool (`ComputePool.forEach`). The engine itself starts no
/// threads. A runner may throw (`CancellationError` for parts it skipped).
public typealias PartsRunner = @Sendable (_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async throws -> Void
