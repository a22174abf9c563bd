import Foundation
import Testing
import CreatureCore
import TestSupport
@testable import FonsterStore

/// `Birthdays` (one calendar question per zone) answers exactly what `Fonster.isBirthday(now:)`
/// (the calendar asked for every Fonster) answers.
@Suite(.offTheCooperativeThreads) struct BirthdayTests {
    /// Zones with daylight saving, half and three-quarter hour offsets, the extremes (+14:00,
    /// -12:00), zones that skipped a day, and identifiers the system does not know.
    static let zones = [
        "America/Los_Angeles", "Europe/Paris", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Kiritimati",
        "Etc/GMT+12", "Pacific/Apia", "America/St_Johns", "Asia/Tokyo", "UTC", "Africa/Casablanca",
        "America/Santiago", "Not/AZone", "",
    ]

    /// A Fonster created at `instant` in `zone`, written with `offset` (the zone's own, or any
    /// other: rows another program wrote, or written before the zone's rules changed).
    static func fonster(_ instant: Date, zone: String, offset: Int?) -> Fonster {
        let written = offset ?? TimeZone(identifier: zone)?.secondsFromGMT(for: instant) ?? 0
        return Fonster(id: UUID(), name: "", seed: "", randomSource: nil, history: History(), createdAt: instant,
                       createdAtISO8601: ISO8601Timestamp.format(instant, offsetSeconds: written),
                       createdTimeZone: zone, engine: .v2, position: 0)
    }

    @Test func manyDatesAndZonesAgreeWithTheCalendar() {
        var generator = SeededGenerator(seed: 29)
        let start = 946_684_800.0  // 2000-01-01
        var births = 0, compared = 0
        for zone in Self.zones {
            for _ in 0..<150 {
                let born = Date(timeIntervalSince1970: start + Double.random(in: 0..<(30 * 365 * 86_400), using: &generator))
                let offset: Int? = Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: -14...14, using: &generator) * 3600 : nil
                let fonster = Self.fonster(born, zone: zone, offset: offset)
                // Instants around each anniversary (where the answer flips), and anywhere.
                var instants: [Date] = []
                for years in [0, 1, 3, 4] {
                    let anniversary = born.addingTimeInterval(Double(years) * 365.2425 * 86_400)
                    for _ in 0..<6 { instants.append(anniversary.addingTimeInterval(Double.random(in: -3...3, using: &generator) * 86_400)) }
                }
                for _ in 0..<6 { instants.append(Date(timeIntervalSince1970: start + Double.random(in: 0..<(40 * 365 * 86_400), using: &generator))) }
                for now in instants {
                    var birthdays = Birthdays(now: now)
                    let expected = fonster.isBirthday(now: now)
                    #expect(birthdays.isBirthday(fonster) == expected, "\(fonster.createdAtISO8601) in \(zone) at \(now)")
                    if expected { births += 1 }
                    compared += 1
                }
            }
        }
        #expect(births > 500 && compared == Self.zones.count * 150 * 30)
    }

    /// Imported Fonsters may be as old as a bundle says: zones then kept local mean time, whose
    /// offsets passed ±14:00 (Manila's -15:56 until 1844).
    @Test func oldCreationsInLocalMeanTime() {
        var generator = SeededGenerator(seed: 1844)
        for zone in ["Asia/Manila", "America/Sitka", "Pacific/Guam", "Europe/Amsterdam"] {
            for _ in 0..<200 {
                let born = Date(timeIntervalSince1970: Double.random(in: -5_000_000_000 ... -3_000_000_000, using: &generator))
                let fonster = Self.fonster(born, zone: zone, offset: nil)
                for years in [1, 2, 100, 180] {
                    let now = born.addingTimeInterval(Double(years) * 365.2425 * 86_400 + Double.random(in: -2...2, using: &generator) * 86_400)
                    var birthdays = Birthdays(now: now)
                    #expect(birthdays.isBirthday(fonster) == fonster.isBirthday(now: now), "\(fonster.createdAtISO8601) in \(zone) at \(now)")
                }
            }
        }
    }

    /// Born on February 29: a birthday only on February 29 of later leap years, never March 1.
    @Test func leapDayBirthdays() throws {
        let born = try ISO8601Timestamp.parse("2024-02-29T10:00:00.000+01:00").date
        let fonster = Self.fonster(born, zone: "Europe/Paris", offset: nil)
        for (text, expected) in [("2028-02-29T12:00:00Z", true), ("2025-03-01T12:00:00Z", false), ("2025-02-28T12:00:00Z", false),
                                 ("2024-02-29T23:00:00Z", false), ("2028-02-28T23:30:00Z", true), ("2028-03-01T00:30:00+01:00", false)] {
            let now = try ISO8601Timestamp.parse(text).date
            var birthdays = Birthdays(now: now)
            #expect(fonster.isBirthday(now: now) == expected, "\(text)")
            #expect(birthdays.isBirthday(fonster) == expected, "\(text)")
        }
    }

    /// One check serves a whole list whose rows come in several zones, in any order.
    @Test func oneCheckServesManyZones() throws {
        let now = try ISO8601Timestamp.parse("2030-06-15T23:30:00Z").date
        var birthdays = Birthdays(now: now)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<3_000 {
            let zone = Self.zones.randomElement(using: &generator)!
            let born = now.addingTimeInterval(-Double(Int.random(in: 1...20, using: &generator)) * 365.2425 * 86_400
                                              + Double.random(in: -2...2, using: &generator) * 86_400)
            let fonster = Self.fonster(born, zone: zone, offset: nil)
            #expect(birthdays.isBirthday(fonster) == fonster.isBirthday(now: now))
        }
    }
}
