import CreatureCore
import Foundation

/// Where a Fonster's random text came from, remembered so Refresh can ask again.
public enum RandomSource: String, CaseIterable, Codable, Sendable {
    /// A short public-domain quote with its author.
    case quote
    /// Four words from a word list.
    case words
    /// An upper-case UUID.
    case uuid
    /// A lorem-ipsum sentence.
    case lorem
}

/// One saved creature of the library.
public struct Fonster: Equatable, Sendable, Identifiable {
    /// Stable identity; never reused.
    public let id: UUID
    /// The user's name for it (may be empty: see `displayName`).
    public var name: String
    /// The text the creature is drawn from.
    public var seed: String
    /// The source of the last random text loaded, if any.
    public var randomSource: RandomSource?
    /// Previous seeds, oldest first (at most 20); undo restores the last.
    public var history: [String]
    /// Undone seeds, next redo first (at most 20).
    public var future: [String]
    /// When it was created, to the millisecond.
    public let createdAt: Date
    /// `createdAt` in the local offset of its creation, e.g. `2026-11-21T09:30:00.123-08:00`.
    public let createdAtISO8601: String
    /// The time-zone identifier it was created in; birthdays are evaluated there.
    public let createdTimeZone: String
    /// The engine that draws it (`fonsters-v1`), so a future engine never changes it silently.
    public let engine: String
    /// Its sort key in the library: lists are in ascending `position` (gaps allowed).
    public var position: Int

    /// Whether undo has a seed to restore.
    public var canUndo: Bool { !history.isEmpty }
    /// Whether redo has a seed to restore.
    public var canRedo: Bool { !future.isEmpty }
    /// The name shown in lists (ENGINE.md §9): the name, else the trimmed seed (cut), else "Untitled".
    public var displayName: String { Naming.displayName(name: name, seed: seed) }

    /// Whether `now` is its birthday (ENGINE.md §9): the month and day of creation, in the zone
    /// it was created in, are today's month and day there, at least a year after creation.
    public func isBirthday(now: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: createdTimeZone)
            ?? ISOTime.offset(of: createdAtISO8601).flatMap(TimeZone.init(secondsFromGMT:)) ?? .current
        let born = calendar.dateComponents([.year, .month, .day], from: createdAt)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        guard let bornYear = born.year, let year = today.year, year > bornYear else { return false }
        return born.month == today.month && born.day == today.day
    }
}

/// ISO 8601 internet date-times in a given zone, formatted by hand (stable across platforms).
enum ISOTime {
    /// `2026-11-21T09:30:00.123-08:00` (with milliseconds) or `2026-11-21T09:30:00-08:00`;
    /// `Z` for a zero offset, as Apple's ISO 8601 formatter writes it.
    static func format(_ date: Date, in zone: TimeZone, milliseconds: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let whole = Date(timeIntervalSince1970: Double(ms.floorDiv(1000)))
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
        func pad(_ v: Int?, _ width: Int) -> String {
            let s = String(v ?? 0)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        var out = "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))"
        if milliseconds { out += "." + pad(Int(ms - ms.floorDiv(1000) * 1000), 3) }
        let offset = zone.secondsFromGMT(for: whole)
        if offset == 0 { return out + "Z" }
        let minutes = abs(offset) / 60
        return out + (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }

    /// The UTC offset in seconds written at the end of an ISO 8601 date-time, if any.
    static func offset(of iso: String) -> Int? {
        if iso.hasSuffix("Z") { return 0 }
        let tail = iso.suffix(6)
        guard tail.count == 6, let sign = tail.first, sign == "+" || sign == "-",
              let h = Int(tail.dropFirst().prefix(2)), let m = Int(tail.suffix(2)) else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }

    /// YYYY-MM-DDTHH:MM:SS, an optional fraction, then Z or ±HH:MM (group 1: the offset hours).
    private static let strictShape = try! NSRegularExpression(
        pattern: #"^\d{4}-(?:0[1-9]|1[0-2])-\d{2}T\d{2}:[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](\d{2}):[0-5]\d)$"#)

    /// Parses an ISO 8601 internet date-time with or without fractional seconds.
    static func parse(_ iso: String) -> Date? {
        // The formatter is lenient (it reads "99999999-01-01…" or "+99:99"): check the shape first.
        guard let match = strictShape.firstMatch(in: iso, range: NSRange(iso.startIndex..., in: iso)) else { return nil }
        if let hours = Range(match.range(at: 1), in: iso).flatMap({ Int(iso[$0]) }), hours > 18 { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: iso) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: iso)
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    fileprivate func floorDiv(_ d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
