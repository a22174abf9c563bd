import Foundation
import Testing
import TestSupport
@testable import RPCTransport

/// The web server's lobby counts what connections waiting for their first request have sent in
/// the memory budget; one the budget has no room for waits, unread, until there is room, or is
/// answered 503 at its deadline (protocol.md, the lobby's bound).
@Suite struct LobbyBudgetTests {
    /// A client connected to `port` on 127.0.0.1.
    private func connect(_ port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        return fd
    }

    private func send(_ fd: Int32, _ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Whether the server closed `fd` (end of stream), not waiting.
    private func closedByServer(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    /// What came on `fd`, not waiting: bytes (none yet: empty), or the connection's end.
    private enum Arrival: Equatable {
        case bytes(String)
        /// The server ended it: `reset` when it reset the connection instead of closing it in order.
        case end(reset: Bool)
    }

    private func received(_ fd: Int32) -> Arrival {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if n > 0 { return .bytes(String(decoding: buffer[..<n], as: UTF8.self)) }
        if n == 0 { return .end(reset: false) }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .bytes("") : .end(reset: true)
    }

    @Test func whatGuestsSendIsCountedAndOneTheBudgetHasNoRoomForWaitsUnreadUntilThereIsRoom() throws {
        let budget = MemoryBudget(limit: 4_096)
        let session = budget.account("a session")
        session.charge(3_000, for: .work)  // the lobby is not alone (one alone is granted what it asks)
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        listener.start(maxConnections: 4, lobby: LobbyLimits(capacity: 8, deadline: .seconds(600), grace: .seconds(600)),
                       httpLimits: HTTPLimits(), busy: nil, log: TransportLog { _ in }, account: budget.account("web lobby"),
                       screen: { _ in nil }, handle: { stream, _ in stream.close() })
        let small = try connect(listener.port), big = try connect(listener.port)
        defer { close(small); close(big) }
        send(small, "GET / HTTP/1.1\r\nHost: a\r\n")  // 25 bytes of a head that has not ended
        try waitUntil("the small guest's bytes to be counted") { budget.total == 3_025 }
        let head = "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "b", count: 2_000)  // more than the room left
        send(big, head)
        // Held: its bytes stay in the kernel; once the session gives its bytes back, it is read.
        session.release(3_000, for: .work)
        try waitUntil("the held guest to be read once the budget has room") { budget.total == 25 + head.utf8.count }
        #expect(!closedByServer(big) && !closedByServer(small))
        close(small)
        try waitUntil("the small guest's bytes to leave the budget once it went") { budget.total == head.utf8.count }
    }

    @Test func aGuestTheBudgetHeldPastItsDeadlineIsAnswered503() throws {
        let budget = MemoryBudget(limit: 4_096)
        let session = budget.account("a session")
        session.charge(4_000, for: .work)
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        listener.start(maxConnections: 4, lobby: LobbyLimits(capacity: 8, deadline: .milliseconds(300), grace: .seconds(600)),
                       httpLimits: HTTPLimits(), busy: nil, log: TransportLog { _ in }, account: budget.account("web lobby"),
                       screen: { _ in nil }, handle: { stream, _ in stream.close() })
        let guest = try connect(listener.port)
        defer { close(guest) }
        send(guest, "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "b", count: 200))
        var answer = ""
        var end: Arrival?
        try waitUntil("the held guest's answer at its deadline, and the end of its connection") {
            switch received(guest) {
            case .bytes(let more): answer += more
            case let ended: end = ended
            }
            return end != nil
        }
        // The answer came whole, then an orderly end: a server closing with the guest's bytes
        // still unread resets the connection, and the client may lose the answer.
        #expect(end == .end(reset: false))
        #expect(answer.hasPrefix("HTTP/1.1 503"), "\(answer)")
        #expect(answer.contains("memory budget"))
        #expect(budget.total == 4_000)
        session.release(4_000, for: .work)
    }
}
