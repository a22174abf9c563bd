import Foundation
import Testing
import TestSupport
import FonsterStore
@testable import RPC
@testable import RPCTransport

/// The ordered lane, weights, batch counting before parsing, and progress that always ends.
@Suite(.hangBackstop) struct SchedulingTests {
    @Test func orderedRequestsWaitForEarlierOnesAndFreeOnesDoNot() async throws {
        let server = RPCServer(mode: .concurrent, log: .silent)
        let gate = Gate()
        let log = Locked([String]())
        server.register(method: "write", scheduler: { _ in .ordered }) { _, _ in
            await gate.wait()
            log.withLock { $0.append("write") }
            return "written"
        }
        server.register(method: "read", scheduler: { _ in .ordered }) { _, _ in
            log.withLock { $0.append("read") }
            return "read"
        }
        server.register(method: "pure") { _, _ in "pure" }
        let client = TestClient(server)
        client.request(1, "write")
        client.request(2, "read")
        client.request(3, "pure")
        #expect(try await client.expectMessage()["id"] == 3)  // free: not held up by the write
        #expect(log.current.isEmpty)  // the read waits for the write
        // Once the write is let go: its answer, then the read's (a read that had not waited would
        // have answered before the write, which the test held).
        await gate.open()
        #expect(try await client.expectMessage()["id"] == 1)
        #expect(try await client.expectMessage()["id"] == 2)
        #expect(log.current == ["write", "read"])
    }

    @Test func leavingTheOrderLetsTheNextOrderedRequestStart() async throws {
        let server = RPCServer(mode: .concurrent, log: .silent)
        let gate = Gate()
        server.register(method: "resolveThenDraw", scheduler: { _ in .ordered }) { _, request in
            request.leaveOrder()
            await gate.wait()
            return "drawn"
        }
        server.register(method: "read", scheduler: { _ in .ordered }) { _, _ in "read" }
        let client = TestClient(server)
        client.request(1, "resolveThenDraw")
        client.request(2, "read")
        #expect(try await client.expectMessage()["id"] == 2)
        await gate.open()
        #expect(try await client.expectMessage()["id"] == 1)
    }

    @Test func aHeavyWeightLimitsHowManyRunAtOnce() async throws {
        var limits = ServerLimits()
        limits.maxConcurrentRequests = 10
        let budget = MemoryBudget(limit: limits.memoryBudget) // holds only the estimates of admitted work
        let server = RPCServer(mode: .concurrent, limits: limits, log: .silent, budget: budget)
        let gate = Gate()
        let running = Locked((now: 0, peak: 0))
        server.register(method: "heavy", scheduler: { _ in Scheduling(lane: .free, weight: 5) }) { _, _ in
            running.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
            await gate.wait()
            running.withLock { $0.now -= 1 }
            return "done"
        }
        let client = TestClient(server)
        for i in 0..<5 { client.request(Int64(i), "heavy") }
        try await waitUntil("two requests to run") { running.current.now >= 2 }
        // Answered on arrival: all five were read, and the scheduler admitted what it would.
        client.request(99, "missing")
        #expect(try await client.expectMessage()["id"] == 99)
        #expect(running.current.now == 2)
        #expect(budget.total == 2 * Scheduling.defaultBytes, "the scheduler admitted more than two of weight 5")
        await gate.open()
        for _ in 0..<5 { #expect(try await client.expectMessage()["result"] == "done") }
        #expect(running.current.peak == 2)
    }

    @Test func progressEndsAfterACancel() async throws {
        let server = RPCServer(mode: .concurrent, log: .silent)
        server.register(method: "long") { _, request in
            try await request.withProgress(title: "Long") { () throws(ResponseError) -> JSONValue in
                while true {
                    try request.checkCancellation()
                    try? await Task.sleep(nanoseconds: 1_000_000)
                }
            }
        }
        let client = TestClient(server)
        client.request(1, "long", ["workDoneToken": "t"])
        let begin = try await client.expectMessage()
        #expect(begin["params"]?["value"]?["kind"] == "begin")
        client.notify("$/cancelRequest", ["id": 1])
        var sawCancel = false, sawEnd = false
        while !(sawCancel && sawEnd) {
            let message = try await client.expectMessage()
            if message["error"]?["code"] == -32800 { sawCancel = true }
            if message["params"]?["value"]?["kind"] == "end" { sawEnd = true }
        }
    }

    @Test(arguments: [
        ("[1,2,3]", 3), ("[]", 0), (" [ ] ", 0), ("[\"a,b\",[1,2],{\"x\":[3,4]}]", 3),
        ("[\"\\\"],\",2]", 2), ("[1,2", 2), ("[1,1,1,1,1]", 4),
    ])
    func batchEntriesAreCountedWithoutParsing(_ text: String, _ count: Int) {
        #expect(BatchScanner.entryCount(Array(text.utf8), upTo: 3) == count)
    }

    @Test func aSingleMessageIsNoBatch() {
        #expect(BatchScanner.entryCount(Array("{\"a\":[1,2]}".utf8), upTo: 3) == nil)
        #expect(BatchScanner.entryCount(Array("null".utf8), upTo: 3) == nil)
    }

    @Test func anOversizedBatchGetsOneErrorAndRunsNothing() async throws {
        var limits = ServerLimits()
        limits.maxBatchEntries = 3
        let server = RPCServer(mode: .concurrent, limits: limits, log: .silent)
        let calls = Locked(0)
        server.register(method: "count") { _, _ in calls.withLock { $0 += 1 }; return .null }
        let client = TestClient(server)
        let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "count"]
        client.send(.array([request, request, request, request]))
        let answer = try await client.expectMessage()
        #expect(answer["error"]?["code"] == -32600)
        #expect(answer["error"]?["data"]?["limit"] == 3)
        client.send(.array([request]))
        #expect(try await client.expectMessage().array?.count == 1)
        #expect(calls.current == 1)
    }

    @Test func aResponseOverTheLimitBecomesAnError() async throws {
        var limits = ServerLimits()
        limits.maxResponseBytes = 100
        let server = RPCServer(mode: .concurrent, limits: limits, log: .silent)
        server.register(method: "big") { _, _ in .string(String(repeating: "x", count: 200)) }
        let client = TestClient(server)
        client.request(1, "big")
        let answer = try await client.expectMessage()
        #expect(answer["error"]?["code"] == -32001)
        #expect(answer["error"]?["data"]?["limit"] == 100)
    }

    /// A declared method reads a request's params once: that reading schedules the request and
    /// is what its handler gets; params that cannot be read are refused by the handler
    /// (-32602 naming the field), which then runs nothing.
    @Test func aMethodReadsItsParamsOncePerRequest() async throws {
        let declaration = MethodDeclaration(CountingMethod.self, context: ServerContext(location: .memory, options: StoreOptions()))
        let server = RPCServer(mode: .concurrent, log: .silent)
        server.register(method: CountingMethod.name, planner: declaration.planner)
        let client = TestClient(server)
        let readsBefore = CountingMethod.reads.current, handledBefore = CountingMethod.handled.current
        client.request(1, CountingMethod.name, ["n": 3])
        client.request(2, CountingMethod.name, ["n": 5])
        var results: [JSONValue: JSONValue] = [:]
        for _ in 0..<2 {
            let answer = try await client.expectMessage()
            results[try #require(answer["id"])] = answer["result"]
        }
        #expect(results == [1: 3, 2: 5])
        #expect(CountingMethod.reads.current - readsBefore == 2)
        client.request(3, CountingMethod.name, ["n": "three"])
        let refused = try await client.expectMessage()
        #expect(refused["error"]?["code"] == -32602)
        #expect(refused["error"]?["data"]?["field"] == "n")
        #expect(CountingMethod.reads.current - readsBefore == 3)
        #expect(CountingMethod.handled.current - handledBefore == 2)
    }
}

/// A method whose param counts how often it is read, and whose handler counts its runs.
private enum CountingMethod: RPCMethod {
    /// A whole number that counts its readings (not the schema's stand-in).
    struct CountedInt: ParamValue {
        var value: Int
        static func param(_ json: JSONValue) throws(ParamInvalid) -> CountedInt {
            CountingMethod.reads.withLock { $0 += 1 }
            return CountedInt(value: try Int.param(json))
        }
        static var schema: JSONValue { ["type": "integer"] }
        static var placeholder: CountedInt { CountedInt(value: 0) }
    }
    struct Params: MethodParams {
        let n: CountedInt
        init(_ p: ParamReader) throws(ResponseError) { n = try p.required("n") }
    }
    static let reads = Locked(0)
    static let handled = Locked(0)
    static let name = "test/count"
    static let summary = "Answers its param."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = []
    static var heaviest: JSONValue { ["n": 1] }
    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Int {
        handled.withLock { $0 += 1 }
        return params.n.value
    }
}
