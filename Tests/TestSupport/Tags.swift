import Foundation
import Testing

extension Tag {
    /// A test that takes more than a few seconds of a debug build (a heavy workload, many
    /// processes, crash loops). Give it `.notInQuickTier` too: `swift test` has no option that
    /// filters by tag, so that trait is what `scripts/test.sh quick` leaves it out by.
    @Tag public static var slow: Self
    /// A test that starts the built `fonsters-rpc` (or another program) as a process and talks to
    /// it over real pipes or sockets.
    @Tag public static var endToEnd: Self
}

extension Trait where Self == TimeLimitTrait {
    /// The one time limit a suite has: a backstop against a hang, an hour long, so that no test
    /// fails because the machine is slow. (Waits inside a test use `Patience.backstop`.)
    public static var hangBackstop: Self { .timeLimit(.minutes(60)) }
}

extension Trait where Self == ConditionTrait {
    /// Leaves a `.slow` test out of the quick tier: `scripts/test.sh quick` sets
    /// `FONSTERS_TEST_TIER=quick`, and the test is then reported as skipped, saying why. The full
    /// suite (no variable) runs it.
    public static var notInQuickTier: Self {
        .enabled(if: ProcessInfo.processInfo.environment["FONSTERS_TEST_TIER"] != "quick",
                 "slow: left out of scripts/test.sh quick (FONSTERS_TEST_TIER=quick)")
    }
}
