import Testing
import RPCTransport

/// A client driving an `RPCServer` over an in-memory connection pair (the transport's and the
/// methods' tests share it).
public struct TestClient: Sendable {
    /// The client's end of the pair.
    public let connection: Connection
    /// The server's end of the pair (to watch when the server stops reading).
    public let serverEnd: Connection
    /// The server's run on its end, and how it ended.
    public let serverRun: Task<ServerExit, Never>

    /// Starts `server` on a fresh pair; the client writes with `framing`.
    public init(_ server: RPCServer, framing: Framing = .contentLength) {
        let (serverEnd, clientEnd) = Connection.inMemoryPair(clientFraming: framing)
        connection = clientEnd
        self.serverEnd = serverEnd
        serverRun = Task { await server.run(on: serverEnd) }
    }

    /// Sends a JSON value as one message.
    public func send(_ json: JSONValue) { connection.writer.send(json) }

    /// Sends a request.
    public func request(_ id: Int64, _ method: String, _ params: JSONValue? = nil) {
        connection.writer.send(Request(id: .int(id), method: method, params: params).json)
    }

    /// Sends a notification.
    public func notify(_ method: String, _ params: JSONValue? = nil) {
        connection.writer.send(Notification(method: method, params: params))
    }

    /// Sends raw bytes.
    public func sendRaw(_ text: String) { connection.writer.writeRaw(Array(text.utf8)) }

    /// The next message from the server, parsed; nil when the server closed its output.
    public func receive() async throws -> JSONValue? {
        var iterator = connection.incoming.makeAsyncIterator()
        guard let frame = await iterator.next() else { return nil }
        guard case .message(let bytes) = frame else {
            Issue.record("framing error from server: \(frame)")
            return nil
        }
        return try JSONValue(parsing: bytes)
    }

    /// The next message from the server, which must be there.
    public func expectMessage(sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        try #require(try await receive(), sourceLocation: sourceLocation)
    }

    /// Closes the client's output (end of input for the server) and returns how the server ended.
    public func finish() async -> ServerExit {
        await connection.writer.close()
        return await serverRun.value
    }

    /// A gate that opens once the server stops reading (after end of input or `exit`).
    public func whenServerStopsReading() -> Gate {
        let gate = Gate()
        serverEnd.incoming.whenStopped { Task { await gate.open() } }
        return gate
    }

    /// Everything the server still sends until it closes its output.
    public func drain() async throws -> [JSONValue] {
        var all: [JSONValue] = []
        while let message = try await receive() { all.append(message) }
        return all
    }
}

/// Shorthand: the error code of a response, if it is an error.
public func errorCode(_ response: JSONValue) -> Int? { response["error"]?["code"]?.int }

/// Shorthand: the error message of a response, if it is an error.
public func errorMessage(_ response: JSONValue) -> String? { response["error"]?["message"]?.string }
