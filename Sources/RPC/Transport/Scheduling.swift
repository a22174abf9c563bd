/// How the server schedules one request; the method side decides it per request (the
/// transport knows nothing of what methods do).
public struct Scheduling: Sendable, Hashable {
    /// Where a request waits for its turn.
    public enum Lane: Sendable, Hashable {
        /// Starts in arrival order, after every earlier ordered request has finished (or
        /// called `RequestContext.leaveOrder()`): library reads and writes.
        case ordered
        /// Starts at once and may finish in any order: pure work.
        case free
    }

    /// Where the request waits for its turn.
    public var lane: Lane
    /// How many units of the concurrency limit the request holds while it runs (at least 1;
    /// more than the limit counts as the whole limit).
    public var weight: Int

    /// A scheduling in `lane` holding `weight` units.
    public init(lane: Lane, weight: Int = 1) {
        self.lane = lane
        self.weight = max(1, weight)
    }

    /// Free, weight 1.
    public static let free = Scheduling(lane: .free)
    /// Ordered, weight 1.
    public static let ordered = Scheduling(lane: .ordered)
}

/// The bounds a server keeps, whatever the client sends.
public struct ServerLimits: Sendable, Hashable {
    /// Units of work that may run (or wait in the ordered lane) at once before the server stops
    /// reading input; each request holds its `Scheduling.weight`, each batch entry counts.
    public var maxConcurrentRequests = 1024
    /// The most entries a batch may have; larger batches are refused, unparsed, with one error.
    public var maxBatchEntries = 1000
    /// The largest single response in bytes; a larger one is replaced by an error.
    public var maxResponseBytes = 64 << 20
    /// The largest batch response (all its entries together) in bytes.
    public var maxBatchResponseBytes = 64 << 20
    /// While more than this many bytes of output wait for the client, input is not read.
    public var maxQueuedOutputBytes = 16 << 20

    /// The defaults: 1,024 units, 1,000 batch entries, 64 MB per response and per batch
    /// response, 16 MB of queued output.
    public init() {}
}
