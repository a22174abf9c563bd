import Foundation

/// Strict ISO 8601 internet date-times (RFC 3339 profile), parsed and formatted by hand so that
/// no platform date parser ever sees untrusted text.
///
/// Accepted: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of 1 to 9 digits, then `Z` or `±HH:MM`
/// (at most ±14:00). The date must exist in the proleptic Gregorian calendar (years 0001 to
/// 9999, no February 30, no hour 24, no leap second).
public enum ISO8601Timestamp {
    /// The most fraction digits accepted (nanoseconds).
    public static let maxFractionDigits = 9
    /// The largest UTC offset accepted, in seconds (14 hours).
    public static let maxOffsetSeconds = 14 * 3600

    /// Why a text is not a strict ISO 8601 date-time: a phrase such as
    /// `"day 31 does not exist in February 2025"`, to follow "…is not a valid date-time: ".
    public struct ParseError: Error, Equatable, Sendable {
        /// What is wrong, without a capital or a final period.
        public let reason: String
    }

    /// The instant `text` denotes and the UTC offset it was written in (seconds east of UTC).
    public static func parse(_ text: String) throws(ParseError) -> (date: Date, offsetSeconds: Int) {
        let b = Array(text.utf8.prefix(64))
        guard text.utf8.count <= 64 else { throw ParseError(reason: "it is longer than any date-time") }
        var i = 0
        func fail(_ reason: String) -> ParseError { ParseError(reason: reason) }
        func digits(_ count: Int, _ what: String) throws(ParseError) -> Int {
            var value = 0
            for _ in 0..<count {
                guard i < b.count, b[i] >= 48, b[i] <= 57 else { throw fail("the \(what) should be \(count) digits") }
                value = value * 10 + Int(b[i] - 48)
                i += 1
            }
            return value
        }
        func expect(_ c: Character, _ where_: String) throws(ParseError) {
            guard i < b.count, b[i] == c.asciiValue! else { throw fail("expected \"\(c)\" \(where_)") }
            i += 1
        }
        let year = try digits(4, "year")
        try expect("-", "after the year")
        let month = try digits(2, "month")
        try expect("-", "after the month")
        let day = try digits(2, "day")
        try expect("T", "between the date and the time")
        let hour = try digits(2, "hour")
        try expect(":", "after the hour")
        let minute = try digits(2, "minute")
        try expect(":", "after the minutes")
        let second = try digits(2, "second")
        var nanoseconds = 0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
            let count = i - start
            guard count >= 1 else { throw fail("the fraction of a second has no digits") }
            guard count <= maxFractionDigits else {
                throw fail("the fraction of a second has \(count) digits; at most \(maxFractionDigits) are allowed")
            }
            for k in start..<i { nanoseconds = nanoseconds * 10 + Int(b[k] - 48) }
            for _ in count..<maxFractionDigits { nanoseconds *= 10 }
        }
        var offset = 0
        guard i < b.count else { throw fail("the UTC offset is missing (Z or ±hh:mm)") }
        if b[i] == UInt8(ascii: "Z") {
            i += 1
        } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let negative = b[i] == UInt8(ascii: "-")
            i += 1
            let oh = try digits(2, "offset hours")
            try expect(":", "in the UTC offset")
            let om = try digits(2, "offset minutes")
            guard om < 60 else { throw fail("offset minutes \(om) are not 00 to 59") }
            offset = oh * 3600 + om * 60
            guard offset <= maxOffsetSeconds else { throw fail("the UTC offset is beyond ±14:00") }
            if negative { offset = -offset }
        } else {
            throw fail("the UTC offset should be Z or ±hh:mm")
        }
        guard i == b.count else { throw fail("there is text after the UTC offset") }
        guard year >= 1 else { throw fail("year 0000 does not exist; years run from 0001") }
        guard (1...12).contains(month) else { throw fail("month \(month) does not exist") }
        let days = daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            throw fail("day \(day) does not exist in \(monthNames[month - 1]) \(year)")
        }
        guard hour < 24 else { throw fail("hour \(hour) does not exist; hours run from 00 to 23") }
        guard minute < 60 else { throw fail("minute \(minute) does not exist") }
        guard second < 60 else { throw fail("second \(second) does not exist; seconds run from 00 to 59") }
        let local = daysFromCivil(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        // Seconds since 2001-01-01, which is what `Date` keeps: going through seconds since 1970
        // would round the instant twice.
        let seconds = local - Int64(offset) - referenceDateSince1970
        // Near year 9999 a Double second count cannot hold every fraction; one that would round up
        // into the next whole second stays just below it, so the instant keeps its calendar date.
        var instant = Double(seconds) + Double(nanoseconds) / 1e9
        if nanoseconds > 0 && instant >= Double(seconds + 1) { instant = Double(seconds + 1).nextDown }
        return (Date(timeIntervalSinceReferenceDate: instant), offset)
    }

    /// `date` written at UTC offset `offsetSeconds`: `2026-11-21T09:30:00.123-08:00`, with
    /// `fractionDigits` digits (0 to 9; 0 writes no fraction) truncated, and `Z` for offset zero.
    public static func format(_ date: Date, offsetSeconds: Int, fractionDigits: Int = 3) -> String {
        let digits = min(max(fractionDigits, 0), maxFractionDigits)
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let (whole, fraction) = secondsAndTicks(date, scale: scale)
        let local = whole + Int64(offsetSeconds)
        let days = floorDiv(local, 86_400)
        let secondOfDay = Int(local - days * 86_400)
        let (year, month, day) = civilFromDays(days)
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        var out = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        out += "\(pad(Int64(secondOfDay / 3600), 2)):\(pad(Int64(secondOfDay / 60 % 60), 2)):\(pad(Int64(secondOfDay % 60), 2))"
        if digits > 0 { out += "." + pad(fraction, digits) }
        if offsetSeconds == 0 { return out + "Z" }
        let minutes = abs(offsetSeconds) / 60
        return out + (offsetSeconds < 0 ? "-" : "+") + pad(Int64(minutes / 60), 2) + ":" + pad(Int64(minutes % 60), 2)
    }

    /// `date` as whole seconds since 1970 and the ticks of `1/scale` second after them: what
    /// `format` writes. Whole seconds and the fraction are kept apart (nanoseconds overflow Int64
    /// outside 1678–2262) and taken from the seconds since 2001 that `Date` keeps, not re-rounded
    /// into seconds since 1970. The fraction is truncated, never carried into the next second,
    /// except that a value a few ulps below a whole tick is that tick (0.123 s may be 0.12299…):
    /// ulps of either epoch, as a date made from seconds since 1970 carries that epoch's error.
    static func secondsAndTicks(_ date: Date, scale: Int64) -> (seconds: Int64, ticks: Int64) {
        let seconds = date.timeIntervalSinceReferenceDate
        let floorSeconds = seconds.rounded(.down)
        let scaled = (seconds - floorSeconds) * Double(scale)
        let nearest = scaled.rounded()
        let ulp = max(seconds.ulp, (seconds + Double(referenceDateSince1970)).ulp)
        let snaps = nearest < Double(scale) && abs(scaled - nearest) <= ulp * Double(scale) * 4
        return (Int64(floorSeconds) + referenceDateSince1970, min(Int64(snaps ? nearest : scaled.rounded(.down)), scale - 1))
    }

    /// 2001-01-01T00:00:00Z, `Date`'s reference date, in seconds since 1970.
    private static let referenceDateSince1970: Int64 = 978_307_200

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (eras of 400 years, March-based years).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of `days` since 1970-01-01 (inverse of `daysFromCivil`).
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDiv(_ a: Int64, _ d: Int64) -> Int64 {
        let q = a / d
        return (a % d != 0 && (a < 0) != (d < 0)) ? q - 1 : q
    }
}
