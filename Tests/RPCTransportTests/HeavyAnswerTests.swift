import Testing
import TestSupport
@testable import RPCTransport

/// An answer that notes, as it is made into bytes, how many others are being made at once and
/// how many bytes of earlier answers the client had not yet taken.
private struct WatchedAnswer: JSONWritable {
    struct Notes { var now = 0, peak = 0, unreadAtStart: [Int] = [] }
    let size: Int, notes: Locked<Notes>, client: Connection

    func write(to out: inout JSONWriter) {
        let unread = client.incoming.bufferedByteCount
        notes.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now); $0.unreadAtStart.append(unread) }
        out.value(.string(String(repeating: "x", count: size)))
        notes.withLock { $0.now -= 1 }
    }
}

/// A heavy request's answer may be far bigger than its estimate (the look-alikes of a million
/// Fonsters: 30 MB): a session makes such answers into bytes one at a time, each once the client
/// has taken most of what is queued, so two finished at once are not both held as bytes.
@Suite(.hangBackstop) struct HeavyAnswerTests {
    @Test func heavyAnswersBecomeBytesOneAtATimeOnceTheClientTookTheLast() async throws {
        let server = RPCServer(mode: .concurrent, log: .silent)
        let gate = Gate()
        let notes = Locked(WatchedAnswer.Notes())
        let (running, returned) = (Locked(0), Locked(0))
        let room = ServerLimits().maxQueuedOutputBytes / ServerSession.answerRoomShare
        let size = 3 * room // an answer the next must wait for the client to take
        let box = Locked<Connection?>(nil)
        server.register(method: "big") { _ in
            (Scheduling(lane: .free, weight: 2), { _ in
                running.withLock { $0 += 1 }
                await gate.wait()
                returned.withLock { $0 += 1 }
                return WatchedAnswer(size: size, notes: notes, client: box.current!)
            })
        }
        let client = TestClient(server)
        box.withLock { $0 = client.connection }
        for id in 1...3 { client.request(Int64(id), "big") }
        try await waitUntil("the three to run") { running.current == 3 }
        await gate.open()
        // The client reads nothing until every handler has returned and one answer waits unread.
        try await waitUntil("every handler to return and an answer to wait") {
            returned.current == 3 && client.connection.incoming.bufferedByteCount >= size
        }
        var ids: [Int] = []
        for _ in 1...3 {
            let answer = try await client.expectMessage()
            #expect(answer["result"]?.string?.utf8.count == size)
            ids.append(answer["id"]?.int ?? -1)
        }
        #expect(ids.sorted() == [1, 2, 3])
        let seen = notes.current
        #expect(seen.peak == 1, "two answers were made into bytes at once")
        #expect(seen.unreadAtStart.count == 3)
        #expect(seen.unreadAtStart.allSatisfy { $0 <= room },
                "an answer was made into bytes while the last waited unread: \(seen.unreadAtStart)")
        _ = await client.finish()
    }

    @Test func lightAnswersDoNotWaitForTheClient() async throws {
        let server = RPCServer(mode: .concurrent, log: .silent)
        let size = 3 << 20
        server.register(method: "big") { _ in
            (Scheduling(lane: .free), { _ in JSONValue.string(String(repeating: "y", count: size)) })
        }
        let client = TestClient(server)
        for id in 1...3 { client.request(Int64(id), "big") }
        // All three are made and queued while the client reads nothing.
        try await waitUntil("three answers queued unread") { client.connection.incoming.bufferedByteCount >= 3 * size }
        for _ in 1...3 { #expect(try await client.expectMessage()["result"]?.string?.utf8.count == size) }
        _ = await client.finish()
    }
}
