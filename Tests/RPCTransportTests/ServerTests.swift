import Testing
import TestSupport
@testable import RPCTransport

private struct Boom: Error, CustomStringConvertible {
    var description: String { "the handler blew up" }
}

/// A server with a few handlers used across the dispatcher tests.
private func makeServer(_ mode: RPCServer.Mode = .concurrent) -> RPCServer {
    let server = RPCServer(mode: mode, log: .silent)
    server.register(method: "echo") { params, _ in params }
    server.register(method: "initialize") { _, _ in ["capabilities": [:]] }
    server.register(method: "add") { params, _ in
        guard let a = params["a"]?.int, let b = params["b"]?.int else {
            throw ResponseError(code: .invalidParams, message: "add needs integers a and b", data: ["got": params])
        }
        return .number(a + b)
    }
    server.register(method: "boom") { _, _ in throw Boom() }
    server.register(method: "id") { _, context in context.id.json }
    return server
}

@Suite(.hangBackstop) struct ServerTests {
    @Test func answersRequests() async throws {
        let client = TestClient(makeServer())
        client.request(1, "add", ["a": 2, "b": 3])
        #expect(try await client.expectMessage() == ["jsonrpc": "2.0", "id": 1, "result": 5])
        client.send(["jsonrpc": "2.0", "id": "str", "method": "id"])
        #expect(try await client.expectMessage() == ["jsonrpc": "2.0", "id": "str", "result": "str"])
        client.request(2, "echo")
        #expect(try await client.expectMessage()["result"] == .null)
        let exit = await client.finish()
        #expect(exit == ServerExit(reason: .endOfInput, shutdownRequested: false))
        #expect(exit.exitCode == 0)
    }

    @Test func unknownMethodIsMethodNotFoundNamingIt() async throws {
        let client = TestClient(makeServer())
        client.request(7, "fonsters/nope")
        let response = try await client.expectMessage()
        #expect(response["id"] == 7)
        #expect(errorCode(response) == -32601)
        #expect(errorMessage(response)?.contains("fonsters/nope") == true)
        _ = await client.finish()
    }

    /// An answer decided on arrival does not grow with what the client sends: a 200 KiB method
    /// name is named by its first 100 characters and its size (each such answer was 200 KiB).
    @Test func aHugeUnknownMethodIsNamedShortly() async throws {
        let client = TestClient(makeServer())
        client.request(8, "x" + String(repeating: "y", count: 200 << 10))
        let response = try await client.expectMessage()
        let message = try #require(errorMessage(response))
        #expect(errorCode(response) == -32601 && message.count < 300)
        #expect(message.contains("x" + String(repeating: "y", count: 99) + "…") && message.contains("204801 bytes"))
        _ = await client.finish()
    }

    @Test func thrownResponseErrorGoesOutAsIs() async throws {
        let client = TestClient(makeServer())
        client.request(1, "add", ["a": "x"])
        #expect(try await client.expectMessage() == [
            "jsonrpc": "2.0", "id": 1,
            "error": ["code": -32602, "message": "add needs integers a and b", "data": ["got": ["a": "x"]]],
        ])
        _ = await client.finish()
    }

    @Test func otherErrorsBecomeInternalErrors() async throws {
        let client = TestClient(makeServer())
        client.request(1, "boom")
        let response = try await client.expectMessage()
        #expect(errorCode(response) == -32603)
        #expect(errorMessage(response) == "the handler blew up")
        _ = await client.finish()
    }

    @Test func notificationsGetNoResponse() async throws {
        let server = makeServer()
        let seen = Locked([JSONValue]())
        server.onNotification(method: "note") { params, _ in seen.withLock { $0.append(params) } }
        let client = TestClient(server)
        client.notify("note", ["n": 1])
        client.notify("unknown/notification")
        client.notify("initialized", [:])
        client.notify("$/setTrace", ["value": "off"])
        client.request(9, "echo", ["after": true])
        #expect(try await client.expectMessage()["id"] == 9)
        #expect(seen.current == [["n": 1]])
        _ = await client.finish()
        #expect(try await client.drain().isEmpty)
    }

    @Test func responsesMayComeOutOfOrder() async throws {
        let server = makeServer()
        let gate = Gate()
        server.register(method: "slow") { _, _ in
            await gate.wait()
            return "slow"
        }
        let client = TestClient(server)
        client.request(1, "slow")
        client.request(2, "echo", ["fast": true])
        let first = try await client.expectMessage()
        #expect(first["id"] == 2)
        await gate.open()
        let second = try await client.expectMessage()
        #expect(second == ["jsonrpc": "2.0", "id": 1, "result": "slow"])
        _ = await client.finish()
    }

    @Test func everyRequestGetsExactlyOneResponse() async throws {
        let server = makeServer()
        server.register(method: "jitter") { params, _ in
            try await Task.sleep(nanoseconds: UInt64(params["n"]?.int ?? 0) % 5 * 100_000)
            return params["n"] ?? .null
        }
        let client = TestClient(server)
        let count = 500
        for i in 0..<count { client.request(Int64(i), i % 7 == 0 ? "missing" : "jitter", ["n": .number(i)]) }
        var ids: [Int] = []
        for _ in 0..<count { ids.append(try await client.expectMessage()["id"]?.int ?? -1) }
        #expect(ids.sorted() == Array(0..<count))
        _ = await client.finish()
        #expect(try await client.drain().isEmpty)
    }

    @Test func concurrencyLimitHoldsBackReading() async throws {
        var limits = ServerLimits()
        limits.maxConcurrentRequests = 2
        let budget = MemoryBudget(limit: limits.memoryBudget) // holds only the estimates of admitted work
        let server = RPCServer(mode: .concurrent, limits: limits, log: .silent, budget: budget)
        let gate = Gate()
        let running = Locked((now: 0, peak: 0))
        server.register(method: "hold") { params, _ in
            running.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
            await gate.wait()
            running.withLock { $0.now -= 1 }
            return params
        }
        let client = TestClient(server)
        for i in 0..<6 { client.request(Int64(i), "hold", [.number(i)]) }
        try await waitUntil("two requests to run") { running.current.now >= 2 }
        // Answered on arrival: all six were read, and the scheduler admitted what it would.
        client.request(99, "missing")
        #expect(try await client.expectMessage()["id"] == 99)
        #expect(running.current.now == 2)
        #expect(budget.total == 2 * Scheduling.defaultBytes, "the scheduler admitted more than two")
        await gate.open()
        var ids: [Int] = []
        for _ in 0..<6 { ids.append(try await client.expectMessage()["id"]?.int ?? -1) }
        #expect(ids.sorted() == Array(0..<6))
        #expect(running.current.peak == 2)
        _ = await client.finish()
    }

    @Test func cancellationGivesRequestCancelled() async throws {
        let server = makeServer()
        let finished = Locked(false)
        server.register(method: "wait") { _, context in
            context.sendNotification("test/started", params: ["id": context.id.json])
            while !context.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000) }
            finished.withLock { $0 = true }
            return "ignored"
        }
        let client = TestClient(server)
        client.request(1, "wait")
        #expect(try await client.expectMessage() == ["jsonrpc": "2.0", "method": "test/started", "params": ["id": 1]])
        client.notify("$/cancelRequest", ["id": 1])
        let response = try await client.expectMessage()
        #expect(response["id"] == 1)
        #expect(errorCode(response) == -32800)
        // No second response for id 1: the next message answers the next request.
        client.request(2, "echo", ["x": 1])
        #expect(try await client.expectMessage()["id"] == 2)
        _ = await client.finish()
        #expect(finished.current)
        #expect(try await client.drain().isEmpty)
    }

    @Test func cancellingAFinishedRequestSendsNothing() async throws {
        let client = TestClient(makeServer())
        client.request(1, "echo", [1])
        #expect(try await client.expectMessage()["result"] == [1])
        client.notify("$/cancelRequest", ["id": 1])
        client.notify("$/cancelRequest", ["id": "never-sent"])
        client.request(2, "echo", [2])
        #expect(try await client.expectMessage()["id"] == 2)
        _ = await client.finish()
        #expect(try await client.drain().isEmpty)
    }

    @Test func cancellationErrorFromAHandlerIsRequestCancelled() async throws {
        let server = makeServer()
        server.register(method: "sleepy") { _, context in
            try context.checkCancellation()
            throw CancellationError()
        }
        let client = TestClient(server)
        client.request(1, "sleepy")
        #expect(errorCode(try await client.expectMessage()) == -32800)
        _ = await client.finish()
    }

    @Test func shutdownThenExitIsCodeZero() async throws {
        let client = TestClient(makeServer())
        client.request(1, "initialize", ["processId": nil])
        #expect(try await client.expectMessage()["result"] == ["capabilities": [:]])
        client.notify("initialized", [:])
        client.request(2, "shutdown")
        #expect(try await client.expectMessage() == ["jsonrpc": "2.0", "id": 2, "result": nil])
        client.request(3, "echo")
        let refused = try await client.expectMessage()
        #expect(refused["id"] == 3)
        #expect(errorCode(refused) == -32600)
        #expect(errorMessage(refused) == "The server is shutting down, so it answers no more requests.")
        client.notify("exit")
        let exit = await client.serverRun.value
        #expect(exit == ServerExit(reason: .exitNotification, shutdownRequested: true))
        #expect(exit.exitCode == 0)
        #expect(try await client.drain().isEmpty)
    }

    @Test func shutdownWaitsForEarlierRequests() async throws {
        let server = makeServer()
        let client = TestClient(server)
        // The slow request ends only once the server has read `exit` and stopped reading.
        let stopped = client.whenServerStopsReading()
        server.register(method: "slow") { _, _ in await stopped.wait(); return "slow" }
        client.request(1, "slow")
        client.request(2, "shutdown")
        client.notify("exit") // pipelined, as a script might: running requests still finish
        #expect(try await client.expectMessage() == ["jsonrpc": "2.0", "id": 1, "result": "slow"])
        #expect(try await client.expectMessage() == ["jsonrpc": "2.0", "id": 2, "result": nil])
        #expect(await client.serverRun.value.exitCode == 0)
        #expect(try await client.drain().isEmpty)
    }

    @Test func exitWithoutShutdownIsCodeOne() async throws {
        let client = TestClient(makeServer())
        client.request(1, "echo")
        _ = try await client.expectMessage()
        client.notify("exit")
        client.request(2, "echo") // after exit: never read
        let exit = await client.serverRun.value
        #expect(exit == ServerExit(reason: .exitNotification, shutdownRequested: false))
        #expect(exit.exitCode == 1)
        #expect(try await client.drain().isEmpty)
    }

    @Test func requestsBeforeInitializeAreAccepted() async throws {
        let client = TestClient(makeServer())
        client.request(1, "add", ["a": 1, "b": 1])
        #expect(try await client.expectMessage()["result"] == 2)
        _ = await client.finish()
    }

    @Test func progressNeedsAWorkDoneToken() async throws {
        let server = makeServer()
        server.register(method: "work") { _, context in
            context.beginProgress(title: "Drawing", percentage: 0)
            context.reportProgress(message: "half", percentage: 50)
            context.endProgress()
            return "done"
        }
        let client = TestClient(server)
        client.request(1, "work", ["workDoneToken": "tok"])
        var kinds: [String] = []
        for _ in 0..<3 {
            let progress = try await client.expectMessage()
            #expect(progress["method"] == "$/progress")
            #expect(progress["params"]?["token"] == "tok")
            kinds.append(progress["params"]?["value"]?["kind"]?.string ?? "?")
        }
        #expect(kinds == ["begin", "report", "end"])
        #expect(try await client.expectMessage()["result"] == "done")
        client.request(2, "work", [:])
        #expect(try await client.expectMessage()["id"] == 2) // no progress without a token
        _ = await client.finish()
    }

    /// The server may notify at any time, but writes nothing before the client's first message
    /// has shown its framing: a notification sent earlier is held, then goes first, framed as
    /// the client frames (newline-delimited here; Content-Length would not decode).
    @Test func serverNotificationsWaitForTheClientsFraming() async throws {
        let (serverEnd, clientEnd) = Connection.inMemoryPair(clientFraming: .newlineDelimited)
        let server = makeServer()
        let run = Task { await server.run(on: serverEnd) }
        serverEnd.writer.sendNotification("fonsters/didChange", params: ["ids": [1, 2]])
        #expect(serverEnd.writer.framing.held.count == 1)
        #expect(clientEnd.incoming.bufferedByteCount == 0, "nothing written before the client spoke")
        clientEnd.writer.send(["jsonrpc": "2.0", "id": 1, "method": "echo", "params": ["a"]])
        var iterator = clientEnd.incoming.makeAsyncIterator()
        var received: [JSONValue] = []
        while received.count < 2, let event = await iterator.next() {
            guard case .message(let bytes) = event else {
                Issue.record("not a message: \(event)")
                return
            }
            received.append(try JSONValue(parsing: bytes))
        }
        #expect(received == [["jsonrpc": "2.0", "method": "fonsters/didChange", "params": ["ids": [1, 2]]],
                             ["jsonrpc": "2.0", "id": 1, "result": ["a"]]])
        #expect(serverEnd.writer.framing.held.count == 0)
        await clientEnd.writer.close()
        _ = await run.value
    }

    /// What is held before the framing is known is bounded: past `maxHeldBytes` the oldest go.
    @Test func earlyOutputIsBoundedOldestDroppedFirst() {
        let framing = FramingState()
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: FramingState.maxHeldBytes / 4 + 1)
        for n in 0..<6 {
            var message = body
            message[0] = UInt8(ascii: "0") + UInt8(n)
            #expect(message.withUnsafeBufferPointer { framing.frameOrHold($0) } == nil)
        }
        #expect(framing.held.count == 3 && framing.held.dropped == 3 && framing.held.bytes <= FramingState.maxHeldBytes)
        let written = Locked<[[UInt8]]>([])
        framing.whenDetected { bytes in written.withLock { $0.append(bytes) } }
        framing.detect(.newlineDelimited)
        #expect(written.current.map { $0.first } == [UInt8(ascii: "3"), UInt8(ascii: "4"), UInt8(ascii: "5")])
        #expect(written.current.allSatisfy { $0.last == UInt8(ascii: "\n") && $0.count == body.count + 1 })
        #expect(body.withUnsafeBufferPointer { framing.frameOrHold($0) }?.count == body.count + 1)
    }

    @Test func parseErrorsAreAnsweredAndTheStreamGoesOn() async throws {
        let client = TestClient(makeServer())
        client.sendRaw("Content-Length: 9\r\n\r\n{\"a\":tru}")
        let error = try await client.expectMessage()
        #expect(error["id"] == .null)
        #expect(errorCode(error) == -32700)
        #expect(errorMessage(error)?.contains("at byte 8") == true)
        client.request(1, "echo")
        #expect(try await client.expectMessage()["id"] == 1)
        _ = await client.finish()
    }

    @Test func invalidRequestsKeepTheirIdWhenReadable() async throws {
        let client = TestClient(makeServer())
        client.send(["id": 5, "method": "echo"])
        let missingVersion = try await client.expectMessage()
        #expect(missingVersion["id"] == 5)
        #expect(errorCode(missingVersion) == -32600)
        client.send(["jsonrpc": "2.0", "id": [1], "method": "echo"])
        let badID = try await client.expectMessage()
        #expect(badID["id"] == .null)
        #expect(errorCode(badID) == -32600)
        _ = await client.finish()
    }

    @Test func headerTooLongIsAnsweredThenTheStreamGoesOn() async throws {
        let client = TestClient(makeServer())
        client.sendRaw("Content-Length: 2\r\nX-Huge: " + String(repeating: "z", count: 100_000) + "\r\n\r\n{}")
        let error = try await client.expectMessage()
        #expect(error["id"] == .null)
        #expect(errorCode(error) == -32700)
        #expect(errorMessage(error) == "header line longer than 8192 bytes")
        client.request(1, "echo")
        #expect(try await client.expectMessage()["id"] == 1)
        _ = await client.finish()
    }

    @Test func missingContentLengthIsAnsweredThenTheStreamGoesOn() async throws {
        let client = TestClient(makeServer())
        client.sendRaw("Content-Type: x\r\n\r\n{}")
        let error = try await client.expectMessage()
        #expect(errorCode(error) == -32700)
        #expect(errorMessage(error) == "missing Content-Length header; skipping to the next message")
        client.request(1, "echo")
        #expect(try await client.expectMessage()["id"] == 1)
        _ = await client.finish()
    }

    @Test func duplicateInFlightIdIsRefused() async throws {
        let server = makeServer()
        let gate = Gate()
        server.register(method: "slow") { _, _ in await gate.wait(); return "slow" }
        let client = TestClient(server)
        client.request(1, "slow")
        client.request(1, "echo")
        let refused = try await client.expectMessage()
        #expect(errorCode(refused) == -32600)
        await gate.open()
        #expect(try await client.expectMessage()["result"] == "slow")
        _ = await client.finish()
    }

    @Test func endOfInputWaitsForRunningRequests() async throws {
        let server = makeServer()
        let client = TestClient(server)
        // The request ends only once the server has seen the end of input and stopped reading.
        let stopped = client.whenServerStopsReading()
        server.register(method: "late") { _, _ in
            await stopped.wait()
            return "late"
        }
        client.request(1, "late")
        let exit = await client.finish()
        #expect(exit.reason == .endOfInput)
        #expect(try await client.drain().map { $0["result"] } == ["late"])
    }

    @Test func newlineDelimitedClientsGetNewlineDelimitedAnswers() async throws {
        let client = TestClient(makeServer(), framing: .newlineDelimited)
        client.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":[\"a\"]}\n\n")
        #expect(try await client.expectMessage()["result"] == ["a"])
        _ = await client.finish()
    }
}

@Suite(.hangBackstop) struct SequentialServerTests {
    @Test func runsOneRequestAtATimeInOrder() async throws {
        let server = makeServer(.sequential)
        let running = Locked((now: 0, peak: 0))
        server.register(method: "step") { params, _ in
            running.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
            try await Task.sleep(nanoseconds: UInt64(10 - (params["n"]?.int ?? 0)) * 300_000)
            running.withLock { $0.now -= 1 }
            return params["n"] ?? .null
        }
        let client = TestClient(server)
        for i in 0..<10 { client.request(Int64(i), i == 4 ? "missing" : "step", ["n": .number(i)]) }
        var ids: [Int] = []
        for _ in 0..<10 { ids.append(try await client.expectMessage()["id"]?.int ?? -1) }
        #expect(ids == Array(0..<10))
        #expect(running.current.peak == 1)
        _ = await client.finish()
    }

    @Test func queueLimitHoldsBackReading() async throws {
        let server = RPCServer(mode: .sequential, maxConcurrentRequests: 3, log: .silent)
        let gate = Gate()
        server.register(method: "hold") { params, context in
            context.sendNotification("test/started")
            await gate.wait()
            return params
        }
        let received = Locked(0)
        server.onNotification(method: "count") { _, _ in received.withLock { $0 += 1 } }
        let client = TestClient(server)
        client.request(0, "hold", [0])
        #expect(try await client.expectMessage()["method"] == "test/started")
        for _ in 0..<10 { client.notify("count") }
        // A cancel is handled on arrival: its answer shows the ten were read. The cancelled
        // handler still holds the line until it returns.
        client.notify("$/cancelRequest", ["id": 0])
        let cancelled = try await client.expectMessage()
        #expect(cancelled["id"] == 0 && errorCode(cancelled) == -32800)
        #expect(received.current == 0) // all stuck behind the held request
        await gate.open()
        client.request(1, "hold", [1])
        #expect(try await client.expectMessage()["method"] == "test/started")
        #expect(try await client.expectMessage()["id"] == 1) // nothing more for the cancelled 0
        #expect(received.current == 10)
        _ = await client.finish()
    }

    @Test func cancelsARunningOrQueuedRequest() async throws {
        let server = makeServer(.sequential)
        server.register(method: "wait") { _, context in
            context.sendNotification("test/started")
            while !context.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000) }
            return "ignored"
        }
        let client = TestClient(server)
        client.request(1, "wait")
        client.request(2, "echo", ["queued": true])
        client.request(3, "echo", ["queued": true])
        #expect(try await client.expectMessage()["method"] == "test/started")
        client.notify("$/cancelRequest", ["id": 2])
        client.notify("$/cancelRequest", ["id": 1])
        var byID: [Int: JSONValue] = [:]
        for _ in 0..<3 {
            let response = try await client.expectMessage()
            byID[response["id"]?.int ?? -1] = response
        }
        #expect(errorCode(byID[1]!) == -32800)
        #expect(errorCode(byID[2]!) == -32800)
        #expect(byID[3]?["result"] == ["queued": true])
        _ = await client.finish()
        #expect(try await client.drain().isEmpty)
    }
}
