/// One end of a JSON-RPC byte stream: the frames coming in and a writer for going out.
/// The writer frames messages the way the incoming side was detected to be framed.
public final class Connection: Sendable {
    /// Message bodies and framing errors, in arrival order; ends at end of input.
    public let incoming: IncomingFrames
    /// Sends messages to the other end.
    public let writer: MessageWriter
    /// Where this connection's bytes count in its server's memory budget (its unfinished and
    /// unread input, its queued output; the session adds its work), if the transport charges one.
    public let account: MemoryAccount?

    init(incoming: IncomingFrames, writer: MessageWriter, account: MemoryAccount? = nil) {
        self.incoming = incoming
        self.writer = writer
        self.account = account
    }

    /// The framing in use (detected from input, or fixed), if known yet.
    public var framing: Framing? { writer.framing.detected }

    /// A connection over two file descriptors: a `read(2)` thread on `input` and a writer
    /// thread on `output`. `closeOutput` closes `output` when the writer is closed.
    /// Its bytes are charged to `budget` (that of the server it is for), when given.
    public static func fileDescriptors(
        input: Int32, output: Int32, closeOutput: Bool = false,
        limits: FrameLimits = FrameLimits(), log: TransportLog = .standardError, budget: MemoryBudget? = nil
    ) -> Connection {
        let framing = FramingState()
        let account = budget?.account("stdio")
        let pipe = InboundPipe(framing: framing, limits: limits, readAhead: ServerLimits.readAheadMessages, log: log, account: account)
        let writer = MessageWriter(
            output: FileDescriptorOutput(fd: output, closeDescriptor: closeOutput, log: log, account: account), framing: framing)
        FileDescriptorInput.start(fd: input, pipe: pipe, log: log)
        return Connection(incoming: pipe.frames, writer: writer, account: account)
    }

    /// Two connected in-memory ends, for tests and scripts: what one writes, the other reads.
    /// The client writes with `clientFraming`; the server detects it and answers in kind, unless
    /// `serverFraming` fixes how the server reads.
    /// Closing one end's writer is end of input for the other.
    public static func inMemoryPair(
        clientFraming: Framing = .contentLength, serverFraming fixedServerFraming: Framing? = nil,
        limits: FrameLimits = FrameLimits(), log: TransportLog = .silent
    ) -> (server: Connection, client: Connection) {
        let serverFraming = FramingState(fixedServerFraming)
        let clientFramingState = FramingState(clientFraming)
        let toServer = InboundPipe(framing: serverFraming, limits: limits, readAhead: nil, log: log)
        let toClient = InboundPipe(framing: clientFramingState, limits: limits, readAhead: nil, log: log)
        let server = Connection(
            incoming: toServer.frames,
            writer: MessageWriter(output: InMemoryOutput(peer: toClient), framing: serverFraming))
        let client = Connection(
            incoming: toClient.frames,
            writer: MessageWriter(output: InMemoryOutput(peer: toServer), framing: clientFramingState))
        return (server, client)
    }

    /// Stops listening: buffered input is dropped and a blocked reader thread released.
    public func stopReading() { incoming.stop() }
}
