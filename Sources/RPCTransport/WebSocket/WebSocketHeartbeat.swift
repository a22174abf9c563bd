/// When the server pings a quiet WebSocket peer, and when it gives the peer up: after
/// `interval` with nothing received, a ping; if still nothing arrives within `deadline` of it
/// (a pong or anything else), the peer is taken for gone and the connection is closed (1001).
public struct WebSocketHeartbeat: Sendable, Hashable {
    /// How long the peer may be quiet before it is pinged.
    public var interval: Duration
    /// How long after the ping it has to answer.
    public var deadline: Duration

    /// A heartbeat with these times.
    public init(interval: Duration, deadline: Duration) {
        self.interval = interval
        self.deadline = deadline
    }

    /// What is due on a quiet connection.
    enum Due: Equatable {
        /// Nothing yet.
        case nothing
        /// Send a ping now.
        case ping
        /// The ping went unanswered: close the connection.
        case gone
    }

    /// One connection's beat: when the peer was last heard, and when it was pinged since.
    struct Beat {
        let heartbeat: WebSocketHeartbeat
        private var lastHeard: ContinuousClock.Instant
        private var pinged: ContinuousClock.Instant?

        /// A beat that last heard the peer `now`.
        init(_ heartbeat: WebSocketHeartbeat, now: ContinuousClock.Instant) {
            self.heartbeat = heartbeat
            lastHeard = now
        }

        /// The peer sent something at `now`.
        mutating func heard(at now: ContinuousClock.Instant) {
            lastHeard = now
            pinged = nil
        }

        /// When something next falls due.
        var next: ContinuousClock.Instant { pinged.map { $0 + heartbeat.deadline } ?? lastHeard + heartbeat.interval }

        /// What is due at `now` (a ping is taken as sent).
        mutating func due(at now: ContinuousClock.Instant) -> Due {
            if let pinged { return now >= pinged + heartbeat.deadline ? .gone : .nothing }
            guard now >= lastHeard + heartbeat.interval else { return .nothing }
            pinged = now
            return .ping
        }
    }
}
