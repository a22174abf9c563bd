/// A back-pressure policy with hysteresis, as swift-nio's `HighLowWatermark`: a producer stops
/// once what waits for the consumer reaches `high`, and goes on only once it has fallen to `low`.
///
/// Between the two a stopped producer stays stopped and a running one keeps running, so it is
/// woken once per `high - low` taken, not once per item.
public struct Watermark: Sendable, Hashable {
    /// The level (messages, bytes) at which the producer stops.
    public let high: Int
    /// The level at or below which a stopped producer goes on.
    public let low: Int

    /// A policy stopping at `high` and going on again at `low` (at most `high`).
    public init(low: Int, high: Int) {
        precondition(low <= high, "a watermark's low (\(low)) must not be above its high (\(high))")
        self.high = high
        self.low = low
    }

    /// A policy stopping at `high` and going on again once half of it has been taken.
    public init(high: Int) { self.init(low: high / 2, high: high) }

    /// Whether a producer must stop at `level`.
    public func mustStop(at level: Int) -> Bool { level >= high }

    /// Whether a stopped producer may go on at `level`.
    public func mayResume(at level: Int) -> Bool { level <= low }
}
