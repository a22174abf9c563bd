import Foundation
import Testing
import TestSupport
@testable import RPCTransport

/// The web server's lobby counts what connections waiting for their first request have sent in
/// the memory budget, and closes one the budget has no room for (protocol.md, the lobby's bound).
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

    @Test func whatGuestsSendIsCountedAndOneTheBudgetHasNoRoomForIsClosed() throws {
        let budget = MemoryBudget(limit: 4_096)
        let session = budget.account("a session")
        session.charge(1_000, for: .work)  // the lobby is not alone (one alone is granted what it asks)
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        listener.start(maxConnections: 4, lobby: LobbyLimits(capacity: 8, deadline: .seconds(600), grace: .seconds(600)),
                       httpLimits: HTTPLimits(), busy: nil, log: TransportLog { _ in }, account: budget.account("web lobby"),
                       screen: { _ in nil }, handle: { stream, _ in stream.close() })
        let small = try connect(listener.port), big = try connect(listener.port)
        defer { close(small); close(big) }
        send(small, "GET / HTTP/1.1\r\nHost: a\r\n")  // 25 bytes of a head that has not ended
        try waitUntil("the small guest's bytes to be counted") { budget.total == 1_025 }
        send(big, "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "b", count: 5_000))
        try waitUntil("the guest the budget has no room for to be closed") { closedByServer(big) }
        try waitUntil("the closed guest's bytes to leave the budget") { budget.total == 1_025 }
        #expect(!closedByServer(small))
        close(small)
        try waitUntil("the small guest's bytes to leave the budget once it went") { budget.total == 1_000 }
    }
}
