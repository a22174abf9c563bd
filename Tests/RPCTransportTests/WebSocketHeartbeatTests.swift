import Testing
@testable import RPCTransport

/// The heartbeat's decisions on a clock the test moves (the pings themselves are tested end to
/// end in Tests/e2e/test_web_connections.py).
@Suite struct WebSocketHeartbeatTests {
    private let start = ContinuousClock.now
    private let heartbeat = WebSocketHeartbeat(interval: .seconds(30), deadline: .seconds(10))

    @Test func aQuietPeerIsPingedOnceThenGivenUp() {
        var beat = WebSocketHeartbeat.Beat(heartbeat, now: start)
        #expect(beat.next == start + .seconds(30))
        #expect(beat.due(at: start + .seconds(29)) == .nothing)
        #expect(beat.due(at: start + .seconds(30)) == .ping)
        #expect(beat.next == start + .seconds(40))
        #expect(beat.due(at: start + .seconds(35)) == .nothing) // one ping, not one per check
        #expect(beat.due(at: start + .seconds(40)) == .gone)
    }

    @Test func anythingHeardPutsThePingOff() {
        var beat = WebSocketHeartbeat.Beat(heartbeat, now: start)
        beat.heard(at: start + .seconds(20))
        #expect(beat.due(at: start + .seconds(30)) == .nothing)
        #expect(beat.due(at: start + .seconds(50)) == .ping)
        beat.heard(at: start + .seconds(55)) // the pong
        #expect(beat.due(at: start + .seconds(60)) == .nothing)
        #expect(beat.next == start + .seconds(85))
    }
}
