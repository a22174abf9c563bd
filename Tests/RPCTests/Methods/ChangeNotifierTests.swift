import Foundation
import Testing
import TestSupport
import CreatureCore
import FonsterStore
@testable import RPC
@testable import RPCTransport

/// `fonsters/didChange` to a client that stops reading: sent while little waits for it, then folded
/// into one `reload` sent once the client reads again, however many changes came meanwhile.
@Suite struct ChangeNotifierTests {
    /// An output whose backlog the test sets; it records each message and lets waiters go when the backlog drops.
    final class SlowClient: ByteOutput, @unchecked Sendable {
        private let lock = NSLock()
        private var backlog = 0
        private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []
        private(set) var messages: [JSONValue] = []

        func write(_ bytes: [UInt8]) {
            let line = bytes.split(separator: UInt8(ascii: "\n")).first.map(Array.init) ?? []
            let message = try! JSONParser.parse(line)
            lock.withLock { messages.append(message) }
        }
        func flush() async {}
        func close() async {}
        func hold() {}
        func release() {}
        var pendingBytes: Int { lock.withLock { backlog } }
        func waitForRoom(limit: Int) async {
            await withCheckedContinuation { continuation in
                let now = lock.withLock { () -> Bool in
                    if backlog <= limit { return true }
                    waiters.append((limit, continuation))
                    return false
                }
                if now { continuation.resume() }
            }
        }
        /// Sets the bytes waiting for the client, releasing whoever waits for less.
        func setBacklog(_ bytes: Int) {
            let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                backlog = bytes
                let ready = waiters.filter { $0.0 >= bytes }.map(\.1)
                waiters.removeAll { $0.0 >= bytes }
                return ready
            }
            ready.forEach { $0.resume() }
        }
        var recorded: [JSONValue] { lock.withLock { messages } }
        /// It never breaks.
        func whenBroken(_ handler: @escaping @Sendable () -> Void) {}
    }

    static func change(_ n: Int, external: Bool = false) -> StoreChange {
        let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!
        return StoreChange(ids: [id], reason: .update, external: external, engines: [id: .v1])
    }

    @Test func aClientThatStopsReadingGetsOneReloadAfterwards() async throws {
        let client = SlowClient()
        let notifier = ChangeNotifier(MessageWriter(output: client, framing: FramingState(.newlineDelimited)), holdAbove: 1_000)
        notifier.send(Self.change(1))
        #expect(client.recorded.count == 1)
        #expect(client.recorded.first?["params"]?["reason"] == "update")

        client.setBacklog(5_000)
        for n in 2...10_000 { notifier.send(Self.change(n, external: n == 500)) }
        #expect(client.recorded.count == 1, "nothing more is queued while the client is behind")

        client.setBacklog(0)
        try await waitUntil("the reload after the client caught up") { client.recorded.count >= 2 }
        let messages = client.recorded
        #expect(messages.count == 2)
        let reload = try #require(messages.last?["params"])
        #expect(reload["reason"] == "reload" && reload["ids"] == .array([]) && reload["external"] == true)

        notifier.send(Self.change(10_001))
        #expect(client.recorded.count == 3 && client.recorded.last?["params"]?["reason"] == "update", "caught up: changes go out one by one again")
    }
}
