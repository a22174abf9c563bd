import Testing
import TestSupport
@testable import RPC
@testable import RPCTransport

/// A client driving an `RPCServer` over an in-memory connection pair.
struct TestClient {
    let connection: Connection
    /// The server's end of the pair (to watch when the server stops reading).
    let serverEnd: Connection
    let serverRun: Task<ServerExit, Never>

    /// Starts `server` on a fresh pair; the client writes with `framing`.
    init(_ server: RPCServer, framing: Framing = .contentLength) {
        let (serverEnd, clientEnd) = Connection.inMemoryPair(clientFraming: framing)
        connection = clientEnd
        self.serverEnd = serverEnd
        serverRun = Task { await server.run(on: serverEnd) }
    }

    /// Sends a JSON value as one message.
    func send(_ json: JSONValue) { connection.writer.send(json) }

    /// Sends a request.
    func request(_ id: Int64, _ method: String, _ params: JSONValue? = nil) {
        connection.writer.send(Request(id: .int(id), method: method, params: params).json)
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSONValue? = nil) {
        connection.writer.send(Notification(method: method, params: params))
    }

    /// Sends raw bytes.
    func sendRaw(_ text: String) { connection.writer.writeRaw(Array(text.utf8)) }

    /// The next message from the server, parsed; nil when the server closed its output.
    func receive() async throws -> JSONValue? {
        var iterator = connection.incoming.makeAsyncIterator()
        guard let frame = await iterator.next() else { return nil }
        guard case .message(let bytes) = frame else {
            Issue.record("framing error from server: \(frame)")
            return nil
        }
        return try JSONValue(parsing: bytes)
    }

    /// The next message from the server, which must be there.
    func expectMessage(sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        try #require(try await receive(), sourceLocation: sourceLocation)
    }

    /// Closes the client's output (end of input for the server) and returns how the server ended.
    func finish() async -> ServerExit {
        await connection.writer.close()
        return await serverRun.value
    }

    /// A gate that opens once the server stops reading (after end of input or `exit`).
    func whenServerStopsReading() -> Gate {
        let gate = Gate()
        serverEnd.incoming.whenStopped { Task { await gate.open() } }
        return gate
    }

    /// Everything the server still sends until it closes its output.
    func drain() async throws -> [JSONValue] {
        var all: [JSONValue] = []
        while let message = try await receive() { all.append(message) }
        return all
    }
}

/// Shorthand: the error code of a response, if it is an error.
func errorCode(_ response: JSONValue) -> Int? { response["error"]?["code"]?.int }

/// Shorthand: the error message of a response, if it is an error.
func errorMessage(_ response: JSONValue) -> String? { response["error"]?["message"]?.string }
