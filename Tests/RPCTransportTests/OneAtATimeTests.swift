import Foundation
import Testing
import TestSupport
@testable import RPCTransport

/// Work run one at a time (`OneAtATime`: the documents' view, the look-alike groups, heavy answers).
@Suite(.offTheCooperativeThreads) struct OneAtATimeTests {
    /// Callers arriving while one runs wait until it ends, then run in turn; one cancelled while
    /// it waits stops waiting at once with -32800, and its work never runs.
    @Test func callersWaitForTheOneRunningAndACancelledOneStopsWaiting() async throws {
        let gate = OneAtATime()
        let events = Locked<[String]>([])
        let (held, release) = AsyncStream<Void>.makeStream()
        let first = Task {
            try await gate.run { () async throws(ResponseError) in
                events.withLock { $0.append("first began") }
                for await _ in held { break }
                events.withLock { $0.append("first ended") }
            }
        }
        try await waitUntil("the first runs") { events.current == ["first began"] }
        let second = Task { try await gate.run { () async throws(ResponseError) in events.withLock { $0.append("second ran") } } }
        let third = Task { try await gate.run { () async throws(ResponseError) in events.withLock { $0.append("third ran") } } }
        try await waitUntil("two wait") { gate.waitingCount == 2 }
        third.cancel()
        do {
            try await third.value
            Issue.record("a cancelled caller ran")
        } catch let error as ResponseError {
            #expect(error.code == .requestCancelled)
        }
        #expect(gate.waitingCount == 1 && events.current == ["first began"], "the others still wait for the first")
        release.yield(())
        try await first.value
        try await second.value
        #expect(events.current == ["first began", "first ended", "second ran"])
        try await gate.run { () async throws(ResponseError) in events.withLock { $0.append("later ran") } }
        #expect(events.current.last == "later ran" && gate.waitingCount == 0)
    }
}
