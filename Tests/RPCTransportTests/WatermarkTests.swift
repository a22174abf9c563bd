import Testing
@testable import RPCTransport

/// The back-pressure policy: stop at the high watermark, go on at the low one, and between the
/// two keep doing what was done (hysteresis).
@Suite struct WatermarkTests {
    /// A producer driven by the policy: it stops at high, and once stopped goes on only at low.
    final class Producer {
        let watermark: Watermark
        var stopped = false

        init(watermark: Watermark) { self.watermark = watermark }

        /// The level changed to `level`: returns whether the producer may produce now.
        func level(_ level: Int) -> Bool {
            if stopped { stopped = !watermark.mayResume(at: level) } else { stopped = watermark.mustStop(at: level) }
            return !stopped
        }
    }

    @Test func stopsAtHighAndResumesAtLow() {
        let watermark = Watermark(low: 4, high: 10)
        #expect(!watermark.mustStop(at: 9))
        #expect(watermark.mustStop(at: 10))
        #expect(watermark.mustStop(at: 11))
        #expect(watermark.mayResume(at: 4))
        #expect(watermark.mayResume(at: 0))
        #expect(!watermark.mayResume(at: 5))
    }

    @Test func betweenTheMarksTheProducerKeepsItsState() {
        let producer = Producer(watermark: Watermark(low: 4, high: 10))
        // Rising: goes on below high, stops at it.
        for level in 0..<10 { #expect(producer.level(level)) }
        #expect(!producer.level(10))
        // Falling: stays stopped above low, goes on at low.
        for level in (5...9).reversed() { #expect(!producer.level(level)) }
        #expect(producer.level(4))
        // Rising again: goes on up to high.
        for level in 5...9 { #expect(producer.level(level)) }
        #expect(!producer.level(10))
    }

    @Test func highAloneResumesAtHalf() {
        let watermark = Watermark(high: 256)
        #expect(watermark.low == 128)
        #expect(watermark.mayResume(at: 128))
        #expect(!watermark.mayResume(at: 129))
        #expect(Watermark(high: 1).low == 0)
    }

    @Test func equalMarksStopAndResumeAtOneLevel() {
        let watermark = Watermark(low: 8, high: 8)
        #expect(watermark.mustStop(at: 8))
        #expect(!watermark.mayResume(at: 9))
        #expect(watermark.mayResume(at: 8))
    }

    /// The read-ahead of a connection stops at `ServerLimits.maxReadAheadMessages` and goes on
    /// once the session has taken half.
    @Test func readAheadStopsAtItsLimitAndResumesAtHalf() {
        #expect(ServerLimits.readAheadMessages.high == ServerLimits.maxReadAheadMessages)
        #expect(ServerLimits.readAheadMessages.low == ServerLimits.maxReadAheadMessages / 2)
        #expect(ServerLimits.readAheadBytes.high == ServerLimits.maxReadAheadBytes)
        #expect(ServerLimits.readAheadBytes.low == ServerLimits.maxReadAheadBytes / 2)
    }
}
