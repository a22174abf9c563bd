import Foundation

/// How long a test waits for a condition before it gives up. The backstop only ends a hang: it is
/// never a measure of speed, so it is long enough for a debug build on a loaded 2-core machine
/// running two copies of the suite. `FONSTERS_TEST_BACKSTOP` (seconds) sets another one.
public enum Patience {
    /// The backstop, in seconds: 15 minutes unless `FONSTERS_TEST_BACKSTOP` says otherwise.
    public static let backstop: TimeInterval = {
        if let text = ProcessInfo.processInfo.environment["FONSTERS_TEST_BACKSTOP"], let seconds = TimeInterval(text), seconds > 0 {
            return seconds
        }
        return 900
    }()

    /// The instant `backstop` seconds from now.
    public static var deadline: Date { Date().addingTimeInterval(backstop) }
}

/// A condition a test waited for did not come true before the backstop; says which condition.
public struct WaitTimedOut: Error, CustomStringConvertible {
    /// The condition, in words ("the server to exit").
    public let condition: String
    /// How long the test waited, in seconds.
    public let seconds: TimeInterval

    /// The failure, as the test report shows it.
    public var description: String {
        "gave up waiting for \(condition) after \(Int(seconds)) s (the backstop against a hang, FONSTERS_TEST_BACKSTOP)"
    }
}

/// Polls `condition` until it holds, at first every millisecond and then less often (up to every
/// 50 ms); throws `WaitTimedOut` naming `what` if it still does not hold after `backstop` seconds.
/// The one way a test waits for something that happens on another thread or in another process.
public func waitUntil(_ what: @autoclosure () -> String, backstop: TimeInterval = Patience.backstop,
                      _ condition: () throws -> Bool) throws {
    let start = Date()
    var pause: useconds_t = 1_000
    while try !condition() {
        if Date().timeIntervalSince(start) > backstop { throw WaitTimedOut(condition: what(), seconds: backstop) }
        usleep(pause)
        pause = min(pause * 2, 50_000)
    }
}

/// `waitUntil` for async tests (chosen there over the blocking one): polls `condition`, sleeping
/// the task between polls (up to 50 ms), so the work it waits for keeps its threads.
public func waitUntil(_ what: @autoclosure () -> String, backstop: TimeInterval = Patience.backstop,
                      _ condition: () throws -> Bool) async throws {
    let start = Date()
    var pause: UInt64 = 1_000_000
    while try !condition() {
        if Date().timeIntervalSince(start) > backstop { throw WaitTimedOut(condition: what(), seconds: backstop) }
        try await Task.sleep(nanoseconds: pause)
        pause = min(pause * 2, 50_000_000)
    }
}
