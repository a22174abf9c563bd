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

    /// What the request will hold in memory until its answer is written, estimated from its
    /// params (the response, and the pixels it draws at once): the server starts new work only
    /// while these estimates and the output waiting for the client stay within
    /// `ServerLimits.maxQueuedOutputBytes` (one request at a time may pass it alone).
    public var bytes: Int
    /// An answer decided before any work: the server sends this error instead of running the
    /// request (e.g. -32001 when the estimate shows the response cannot fit the limit).
    public var refusal: ResponseError?

    /// A size the response cannot be under, from its params (0: unknown). When it passes the
    /// server's response limit the request is refused on arrival with -32001, nothing run.
    public var minimumResponseBytes = 0
    /// How to ask for less, for that refusal (e.g. "Page with 'start' and 'count'.").
    public var tooLargeHint: String?
    /// The param the refusal is about (`data.field`).
    public var tooLargeField: String?
    /// The typical bytes of one item (one frame) of a paged response: the refusal then says
    /// how many would fit (`data.fit`).
    public var bytesPerItem: Int?

    /// Whether the work is quick and never waits for anything (a small drawing from a seed): the
    /// session runs it where it reads the request, with no task of its own and no hop to another
    /// thread, and the next message is read once it is answered. Only free requests run so.
    public var inline = false

    /// Whether the request is heavy work (it holds more than one unit): its answer, which may
    /// pass its estimate, is made into bytes one at a time in its session (`execute`).
    public var isHeavy: Bool { weight > 1 }

    /// The estimate of a request that says nothing of its size: 16 KB.
    public static let defaultBytes = ServerLimits.defaultRequestBytes

    /// A scheduling in `lane` holding `weight` units and an estimated `bytes` of memory.
    public init(lane: Lane, weight: Int = 1, bytes: Int = Scheduling.defaultBytes) {
        self.lane = lane
        self.weight = max(1, weight)
        self.bytes = max(0, bytes)
    }

    /// A request refused on arrival with `error`.
    public static func refused(_ error: ResponseError) -> Scheduling {
        var scheduling = Scheduling.free
        scheduling.refusal = error
        return scheduling
    }

    /// Free, weight 1.
    public static let free = Scheduling(lane: .free)
    /// Ordered, weight 1.
    public static let ordered = Scheduling(lane: .ordered)
}
