import Foundation

/// The clock creature (docs/engine.md §9): the seed is the current local time, new each second.
public enum Clock {
    /// The clock seed for `date` in `timeZone`: ISO 8601 internet date-time, seconds precision.
    public static func seed(at date: Date = Date(), timeZone: TimeZone = .current) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
