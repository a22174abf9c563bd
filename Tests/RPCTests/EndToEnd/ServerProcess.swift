import Foundation
import Testing
import TestSupport
import RPC

/// The end-to-end tests: each spawns the built `fonsters-rpc` and talks over real pipes.
/// Serialized, so the child processes do not crowd the (two) cores of CI.
@Suite(.serialized, .hangBackstop, .tags(.endToEnd)) enum EndToEnd {}

/// A failure of the client side of an end-to-end test (timeout, bad bytes).
struct E2EFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A `fonsters-rpc` child process spoken to in JSON-RPC: requests out, responses back as
/// `JSONValue`, notifications kept in arrival order.
final class ServerProcess {
    /// The process and its pipes.
    let process: RPCProcess
    /// Notifications received and not yet taken by `notification(_:)`.
    private(set) var notifications: [JSONValue] = []
    private var responses: [JSONValue] = []
    private var nextID: Int64 = 1

    /// The arguments of a server on a fresh in-memory store without starters.
    static let memoryArguments = ["--stdio", "--memory", "--no-starter", "--log-level", "warn"]

    /// Starts `fonsters-rpc arguments…` on bare pipes, stderr discarded, for tests that decide
    /// themselves when to write and whether to read; the caller terminates it.
    static func bare(_ arguments: [String] = memoryArguments) throws -> (process: Process, input: Pipe, output: Pipe) {
        let process = Process()
        process.executableURL = BuiltExecutable.url
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input, output)
    }

    /// Starts `fonsters-rpc arguments…`.
    init(_ arguments: [String] = ServerProcess.memoryArguments, framing: WireFraming = .contentLength) throws {
        process = try RPCProcess(arguments, framing: framing)
    }

    /// Sends any JSON value as one message.
    func send(_ json: JSONValue) { process.send(body: json.serialized()) }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSONValue? = nil) {
        var message: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
    }

    /// Sends a request with a fresh integer id and returns the id.
    @discardableResult
    func sendRequest(_ method: String, _ params: JSONValue? = nil) -> JSONValue {
        let id = JSONValue.int(nextID)
        nextID += 1
        var message: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
        return id
    }

    /// The next message of any kind, parsed; nil on timeout (the backstop unless a test checks
    /// that nothing comes) or end of output.
    func nextMessage(timeout: TimeInterval = Patience.backstop) throws -> JSONValue? {
        guard let body = process.nextBody(timeout: timeout) else {
            if let violation = process.stdoutViolation { throw E2EFailure("stdout is not clean: \(violation)") }
            return nil
        }
        return try JSONValue(parsing: body)
    }

    /// Reads until a response (not a notification) arrives whose id is `id`; other responses
    /// and notifications are kept.
    func response(to id: JSONValue, timeout: TimeInterval = Patience.backstop) throws -> JSONValue {
        if let index = responses.firstIndex(where: { $0["id"] == id }) { return responses.remove(at: index) }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let message = try nextMessage(timeout: left) else {
                throw E2EFailure("no response to id \(id) within \(timeout) s; stderr: \(process.stderrText.suffix(500))")
            }
            if message["method"] != nil && message["id"] == nil {
                notifications.append(message)
            } else if message["id"] == id {
                return message
            } else {
                responses.append(message)
            }
        }
    }

    /// Sends a request and returns its whole response.
    func call(_ method: String, _ params: JSONValue? = nil, timeout: TimeInterval = Patience.backstop) throws -> JSONValue {
        try response(to: sendRequest(method, params), timeout: timeout)
    }

    /// Sends a request that must succeed; returns its result.
    func result(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let response = try call(method, params)
        #expect(response["error"] == nil, "\(method) failed: \(response)", sourceLocation: sourceLocation)
        return try #require(response["result"], "\(method): no result in \(response)", sourceLocation: sourceLocation)
    }

    /// Sends a request that must fail; returns its error object.
    func error(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let response = try call(method, params)
        return try #require(response["error"], "\(method) should have failed: \(response)", sourceLocation: sourceLocation)
    }

    /// Waits for a notification named `method` matching `predicate` (taking it and every
    /// earlier one off the list); nil if none comes within `timeout` seconds (the backstop unless a
    /// test checks that none comes).
    func notification(_ method: String, timeout: TimeInterval = Patience.backstop,
                      where predicate: (JSONValue) -> Bool = { _ in true }) throws -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let index = notifications.firstIndex(where: { $0["method"]?.string == method && predicate($0) }) {
                let found = notifications[index]
                notifications.removeFirst(index + 1)
                return found
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let message = try nextMessage(timeout: left) else { return nil }
            if message["method"] != nil && message["id"] == nil { notifications.append(message) } else { responses.append(message) }
        }
    }

    /// Lets the request `id` (its progress, token `token`, begun) work (until the server has used
    /// 5 more ticks, 50 ms, of CPU), cancels it and checks what a cancel promises: -32800, the progress
    /// ended, and the CPU going idle (waited for as a condition).
    func cancelAndExpectTheCPUToStop(_ id: JSONValue, token: JSONValue,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ticks = try #require(process.cpuTicks, sourceLocation: sourceLocation)
        #expect(ProcessStats.waitForCPU(pid: process.pid, ticks: 5, moreThan: ticks), "the request did not work", sourceLocation: sourceLocation)
        notify("$/cancelRequest", ["id": id])
        #expect(try response(to: id)["error"]?["code"] == -32800, sourceLocation: sourceLocation)
        let end = try notification("$/progress") { $0["params"]?["value"]?["kind"] == "end" }
        #expect(end?["params"]?["token"] == token, sourceLocation: sourceLocation)
        #expect(ProcessStats.waitForIdleCPU(pid: process.pid), "the server kept working after the cancel", sourceLocation: sourceLocation)
    }

    /// Forgets the notifications received so far.
    func clearNotifications() { notifications.removeAll() }

    /// `shutdown`, then `exit`; returns the exit status (nil if the process did not exit).
    func shutdownAndExit() throws -> Int32? {
        let response = try call("shutdown")
        #expect(response["result"] == .null && response["error"] == nil, "shutdown: \(response)")
        notify("exit")
        return process.waitForExit()
    }
}

/// Shorthand: a params object with `seed`.
func seedParams(_ seed: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
    var object: JSONObject = ["seed": .string(seed)]
    for (key, value) in extra { object[key] = value }
    return .object(object)
}
