import Foundation

/// Decides `Fonster.isBirthday(now:)` for many Fonsters at one instant without asking the
/// calendar for each: today's date is computed once per zone, and a Fonster whose creation day
/// (in UTC: within a day of its zone's) is more than four days from today's is ruled out by
/// arithmetic. Only the few left (about 2 % of a library) go through `Fonster.isBirthday`, so
/// the answer is always exactly its answer.
public struct Birthdays {
    /// The instant birthdays are decided at.
    public let now: Date
    /// Today's day of a leap year (see `dayOfLeapYear`) in each zone seen, by zone identifier;
    /// nil for an identifier the system does not know (such rows always take the exact path).
    private var today: [String: Int?] = [:]
    /// The last zone looked up and its day: rows of one library nearly all share a zone.
    private var last: (zone: String, day: Int?)?

    /// A check of birthdays at `now`.
    public init(now: Date) { self.now = now }

    /// Whether `now` is the birthday of `fonster`: the same as `fonster.isBirthday(now:)`.
    public mutating func isBirthday(_ fonster: Fonster) -> Bool {
        isBirthday(createdAt: fonster.createdAt, zone: fonster.createdTimeZone) { fonster.createdAtISO8601 }
    }

    /// Whether `now` is the birthday of a Fonster created at `createdAt` (written `iso`) in
    /// `zone`: the same as `Fonster.isBirthday(now:)` of such a Fonster. `iso` is asked for only
    /// when the calendar is (a creation day near today's, or a zone the system does not know).
    public mutating func isBirthday(createdAt: Date, zone: String, iso: () -> String) -> Bool {
        if let todayDay = day(in: zone) {
            // The creation day in UTC: a zone's offset is always under a day (local mean times
            // of the 1800s included), so its own day is that one or a neighbour, and a day more
            // than four away from today's cannot be today's.
            let seconds = createdAt.timeIntervalSince1970.rounded(.down)
            if abs(seconds) < 1e15 {
                let (_, month, day) = ISO8601Timestamp.civilFromDays(Int64((seconds / 86_400).rounded(.down)))
                let distance = abs(Self.dayOfLeapYear(month: Int(month), day: Int(day)) - todayDay)
                if min(distance, 366 - distance) > 4 { return false }
            }
        }
        return Fonster.isBirthday(createdAt: createdAt, iso: iso(), zone: zone, now: now)
    }

    /// Today's day of a leap year in `zone` (as `Fonster.isBirthday` resolves it), computed once.
    private mutating func day(in zone: String) -> Int? {
        if let last, last.zone == zone { return last.day }
        let day: Int?
        if let known = today[zone] {
            day = known
        } else if let timeZone = TimeZone(identifier: zone) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.month, .day], from: now)
            day = Self.dayOfLeapYear(month: parts.month ?? 1, day: parts.day ?? 1)
            today[zone] = day
        } else {
            day = nil
            today[zone] = .some(nil)
        }
        last = (zone, day)
        return day
    }

    /// 0 for January 1 to 365 for December 31, counting February 29 (so each month and day has
    /// one number, and neighbouring days differ by one, or 365 across the new year).
    static func dayOfLeapYear(month: Int, day: Int) -> Int {
        let starts = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335]
        return starts[max(1, min(12, month)) - 1] + day - 1
    }
}
