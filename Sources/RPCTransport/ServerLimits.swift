/// Every bound the transport keeps, whatever a client sends, each written once here: the ones a
/// server is started with (`--max-…`, `--memory-budget`) as properties, and the fixed sizes,
/// watermarks and deadlines as constants. `all` declares each as a `Limit`; `LimitPolicy` joins them
/// with the engine's, the store's and the documents' (`fonsters-rpc limits`).
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
    /// While more than this many bytes of output wait for the client, input is not read; and
    /// no request starts while its estimate (`Scheduling.bytes`) with those of the requests
    /// running and the output waiting would pass it (unless nothing else holds any).
    public var maxQueuedOutputBytes = 16 << 20
    /// Requests read and waiting for their turn to start; past it, input is not read.
    public var maxWaitingRequests = 1024
    /// The bytes the whole server holds for every session together — queued output, incoming
    /// messages not yet whole or read, running work's estimates, kept pictures — in one
    /// `MemoryBudget`; past it the greediest client is slowed or closed (`GreediestFirst`).
    public var memoryBudget = 256 << 20
    /// How a session ends after `exit` or at the end of its input while work runs or output
    /// waits for the client: nil waits for every answer to be written (scripts, tests); a
    /// duration ends it once nothing has moved for that long (no request finished, no output
    /// taken), cancelling what still runs and dropping unread output — after `exit` without
    /// `shutdown` everything is cancelled at once. `fonsters-rpc --stdio` uses `endQuiet`.
    public var quietEnd: Duration? = nil

    /// The defaults: 1,024 units, 1,000 batch entries, 64 MB per response and per batch
    /// response, 16 MB of queued output, a memory budget of 256 MB.
    public init() {}

    // MARK: Messages

    /// The longest header line of a Content-Length frame, in bytes (`FrameLimits`).
    public static let maxHeaderLineBytes = 8 << 10
    /// The largest message (a Content-Length body, an NDJSON line, a WebSocket message), in bytes (`FrameLimits`).
    public static let maxMessageBytes = 64 << 20

    /// What each WebSocket connection is counted in the memory budget for, whatever it does:
    /// its reader thread's stack, its read buffer, its share of the allocator's arenas.
    public static let connectionBytes = 256 << 10

    // MARK: Back-pressure watermarks

    /// The bytes read from a file descriptor or socket at once; each read is granted by the
    /// memory budget first.
    public static let readChunkBytes = 64 << 10
    /// Whole messages read ahead of the session on a stdio or WebSocket connection; past it (or
    /// past `maxReadAheadBytes`) the reader thread stops until the session has taken half.
    public static let maxReadAheadMessages = 256
    /// The bytes of whole messages read ahead of the session.
    public static let maxReadAheadBytes = 64 << 20
    /// The read-ahead in messages as a back-pressure policy: the reader stops at
    /// `maxReadAheadMessages` and goes on once the session has taken half.
    public static let readAheadMessages = Watermark(high: maxReadAheadMessages)
    /// The read-ahead in bytes: the reader stops at `maxReadAheadBytes`, goes on at half.
    public static let readAheadBytes = Watermark(high: maxReadAheadBytes)
    /// The bytes of answers joined into one `write(2)` while requests are read one after another.
    public static let joinedWriteBytes = 64 << 10
    /// The largest answer written straight from the answering thread where the pipe's free room
    /// cannot be asked (POSIX's `PIPE_BUF`); bigger ones go through the writer thread.
    public static let directWriteBytes = 4096
    /// The bytes queued for a WebSocket past which its reader, about to queue a pong, waits (and
    /// a connection still over it when a ping is due is closed).
    public static let maxPongQueueBytes = 1 << 20

    /// The stdio server's `quietEnd`: `exit` or the end of input ends the process within about
    /// twice this, whatever is unread or running.
    public static let endQuiet = Duration.milliseconds(300)
    /// The bytes of notifications held before a stdio client's first message shows its framing
    /// (`FramingState`); past it the oldest are dropped.
    public static let maxEarlyOutputBytes = 1 << 20

    // MARK: Work

    /// The estimate of a request that says nothing of its size (`Scheduling.defaultBytes`).
    public static let defaultRequestBytes = 16 << 10
    /// Work estimated under this runs where it is (`RequestContext.compute`), not on the compute
    /// pool, and is not held back by others' estimates: encoding 64 KB takes about a millisecond.
    public static let inlineWorkBytes = 64 << 10

    // MARK: HTTP and the web server

    /// The most bytes of an HTTP request head (request line, headers and the blank line).
    public static let maxHTTPHeadBytes = 16 << 10
    /// The most header fields of an HTTP request.
    public static let maxHTTPHeaders = 64
    /// The most connections open at once that have shown the token (pages, files and WebSockets
    /// together); connections still in the lobby do not count.
    public static let maxWebConnections = 64
    /// The most connections waiting in the lobby at once (accepted, first request not yet read
    /// or refused); past it the longest-waiting one is dropped for a newcomer. Room for 1,000 idle
    /// and 200 slowloris sockets at once, so that a page's new connection is read at once beside
    /// them (with 512, it waited 1–2 s in the accept queue behind them); what they send is counted
    /// in the memory budget.
    public static let maxLobbyConnections = 2_048
    /// The open-file limit the web server asks for (soft, up to the hard limit).
    public static let openFiles = 4096
    /// The time a new connection has to send a whole first request that shows the token.
    public static let tokenDeadline = Duration.seconds(5)
    /// The time a lobby connection may wait before a newcomer can displace it.
    public static let lobbyGrace = Duration.seconds(1)
    /// The time a client has to send a whole request head on a connection that showed the token.
    public static let headDeadline = Duration.seconds(10)
    /// The default quiet time after which a WebSocket is pinged (`--ping-interval`).
    public static let pingInterval = Duration.seconds(30)
    /// The default time a pinged WebSocket has to answer before it is closed (`--ping-timeout`).
    public static let pingTimeout = Duration.seconds(30)
}
