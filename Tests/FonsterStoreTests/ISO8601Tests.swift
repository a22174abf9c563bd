import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct ISO8601Tests {
    func reason(_ text: String) -> String? {
        do {
            _ = try ISO8601Timestamp.parse(text)
            return nil
        } catch {
            return error.reason
        }
    }

    /// The input that killed the server with SIGFPE inside the platform parser.
    @Test func manyFractionDigitsAreRefusedNotACrash() {
        let text = "2025-03-01T09:30:00." + String(repeating: "1", count: 35) + "Z"
        #expect(reason(text) == "the fraction of a second has 35 digits; at most 9 are allowed")
        #expect(reason("2025-03-01T09:30:00." + String(repeating: "9", count: 10) + "Z") != nil)
        let nine = try? ISO8601Timestamp.parse("2025-03-01T09:30:00.123456789Z")
        #expect(nine.map { abs($0.date.timeIntervalSince1970 - 1_740_821_400.123456789) < 1e-6 } == true)
    }

    /// Fuzzing found both: nanoseconds since 1970 overflowed Int64 outside 1678–2262 (a trap), and
    /// a fraction near year 9999 carried the instant into year 10000, which the parser refuses.
    @Test func formatHoldsEveryYearAndNeverCarriesIntoTheNextSecond() throws {
        for text in ["1012-03-01T09:30:00Z", "0001-01-01T00:00:00.000000001Z", "2263-05-06T07:08:09.5Z",
                     "9999-12-31T23:59:59.99999Z", "9999-12-31T23:59:59.999999999+14:00"] {
            for (digits, once) in try expectFormatIsAFixedPoint(text) {
                #expect(once.prefix(19) == text.prefix(19), "\(text) at \(digits) digits: \(once)")
            }
        }
        let truncated = try ISO8601Timestamp.parse("2025-03-01T09:30:00.9999999Z")
        #expect(ISO8601Timestamp.format(truncated.date, offsetSeconds: 0) == "2025-03-01T09:30:00.999Z")
    }

    /// Formatting what was parsed is a fixed point after one round, and a text of three fraction
    /// digits formats back to itself, in every era. Fuzzing found a 1968 instant whose
    /// milliseconds went .999, then .998: the instant was rounded once into seconds since 1970 and
    /// again into the seconds since 2001 that `Date` keeps.
    @Test func formattingWhatWasParsedIsAFixedPoint() throws {
        var texts = ["1968-02-29T23:59:59.999999798+14:00", "1968-02-29T23:59:59.999+14:00", "2000-12-31T23:59:59.999Z",
                     "1900-01-01T00:00:00.001Z", "0001-01-01T00:00:00.999-14:00"]
        var generator = SeededGenerator(seed: 1968)
        func pad(_ v: Int, _ width: Int) -> String { String(repeating: "0", count: width - String(v).count) + String(v) }
        for _ in 0..<20_000 {
            let year = Int.random(in: 1...9999, using: &generator), month = Int.random(in: 1...12, using: &generator)
            let digits = Int.random(in: 1...9, using: &generator)
            let fraction = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let offset = Int.random(in: -56...56, using: &generator) * 15
            let zone = offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + pad(abs(offset) / 60, 2) + ":" + pad(abs(offset) % 60, 2)
            texts.append("\(pad(year, 4))-\(pad(month, 2))-\(pad(Int.random(in: 1...28, using: &generator), 2))T"
                         + "\(pad(Int.random(in: 0...23, using: &generator), 2)):\(pad(Int.random(in: 0...59, using: &generator), 2)):"
                         + "\(pad(Int.random(in: 0...59, using: &generator), 2)).\(fraction)\(zone)")
        }
        for text in texts {
            let written = try expectFormatIsAFixedPoint(text)
            if text.utf8.count == 24 + (text.hasSuffix("Z") ? 0 : 5) && text.dropFirst(19).first == "." {
                #expect(written[1].once == text)
            }
        }
    }

    /// Parses `text` and formats it at 0, 3 and 9 fraction digits, expecting each written text to
    /// parse and format to itself; returns what was written at each.
    func expectFormatIsAFixedPoint(_ text: String) throws -> [(digits: Int, once: String)] {
        let parsed = try ISO8601Timestamp.parse(text)
        return try [0, 3, 9].map { digits in
            let once = ISO8601Timestamp.format(parsed.date, offsetSeconds: parsed.offsetSeconds, fractionDigits: digits)
            let again = try ISO8601Timestamp.parse(once)
            let twice = ISO8601Timestamp.format(again.date, offsetSeconds: again.offsetSeconds, fractionDigits: digits)
            #expect(twice == once, "\(text) formats as \(once), then as \(twice)")
            return (digits, once)
        }
    }

    @Test func calendarInvalidDatesAreRefused() {
        #expect(reason("2025-02-31T00:00:00Z") == "day 31 does not exist in February 2025")
        #expect(reason("2025-02-29T00:00:00Z") == "day 29 does not exist in February 2025")
        #expect(reason("2025-04-31T00:00:00Z") == "day 31 does not exist in April 2025")
        #expect(reason("1900-02-29T00:00:00Z") == "day 29 does not exist in February 1900")
        #expect(reason("2024-02-29T00:00:00Z") == nil)
        #expect(reason("2000-02-29T00:00:00Z") == nil)
        #expect(reason("2025-03-01T24:00:00Z") == "hour 24 does not exist; hours run from 00 to 23")
        #expect(reason("0000-01-01T00:00:00Z") == "year 0000 does not exist; years run from 0001")
        #expect(reason("2025-13-01T00:00:00Z") == "month 13 does not exist")
        #expect(reason("2025-00-01T00:00:00Z") == "month 0 does not exist")
        #expect(reason("2025-01-00T00:00:00Z") == "day 0 does not exist in January 2025")
        #expect(reason("2025-01-01T00:60:00Z") == "minute 60 does not exist")
        #expect(reason("2025-01-01T00:00:60Z") == "second 60 does not exist; seconds run from 00 to 59")
    }

    @Test func offsetsAndShapes() throws {
        #expect(reason("2025-01-01T00:00:00+14:00") == nil)
        #expect(reason("2025-01-01T00:00:00-14:00") == nil)
        #expect(reason("2025-01-01T00:00:00+14:01") == "the UTC offset is beyond ±14:00")
        #expect(reason("2025-01-01T00:00:00+99:00") == "the UTC offset is beyond ±14:00")
        #expect(reason("2025-01-01T00:00:00+05:60") == "offset minutes 60 are not 00 to 59")
        #expect(reason("2025-01-01T00:00:00") == "the UTC offset is missing (Z or ±hh:mm)")
        #expect(reason("2025-01-01 00:00:00Z") == "expected \"T\" between the date and the time")
        #expect(reason("99999999-01-01T00:00:00Z") == "expected \"-\" after the year")
        #expect(reason("2025-01-01T00:00:00.Z") == "the fraction of a second has no digits")
        #expect(reason("2025-01-01T00:00:00Zjunk") == "there is text after the UTC offset")
        #expect(reason("yesterday") == "the year should be 4 digits")
        #expect(reason("") == "the year should be 4 digits")
        #expect(reason(String(repeating: "2", count: 100_000)) == "it is longer than any date-time")
        let (date, offset) = try ISO8601Timestamp.parse("2024-02-29T12:00:00.5+05:30")
        #expect(offset == 19_800)
        #expect(date.timeIntervalSince1970 == 1_709_188_200.5)
    }

    /// The formatter writes what the parser reads, across eras, leap days and offsets.
    @Test func formatAndParseRoundTrip() throws {
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: 0), offsetSeconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: 1_795_282_200.123), offsetSeconds: -8 * 3600)
                == "2026-11-21T09:30:00.123-08:00")
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: -1.5), offsetSeconds: 0, fractionDigits: 1) == "1969-12-31T23:59:58.5Z")
        var generator = SeededGenerator(seed: 8601)
        // Any era, and around 2001 (`Date`'s own epoch), where a date made from seconds since
        // 1970 carries an error far larger than its own ulp.
        let ranges: [ClosedRange<Int64>] = [-62_135_596_800_000...253_402_300_799_999, 978_207_200_000...978_407_200_000]
        for range in ranges {
            for _ in 0..<2_000 {
                let ms = Int64.random(in: range, using: &generator)
                let offset = Int.random(in: -56...56, using: &generator) * 900
                let date = Date(timeIntervalSince1970: Double(ms) / 1000)
                let text = ISO8601Timestamp.format(date, offsetSeconds: offset)
                #expect(text.dropFirst(20).prefix(3) == "\((ms % 1000 + 1000) % 1000 + 1000)".suffix(3), "\(ms) ms written \(text)")
                let parsed = try ISO8601Timestamp.parse(text)
                #expect(parsed.offsetSeconds == offset)
                #expect(Int64((parsed.date.timeIntervalSince1970 * 1000).rounded()) == ms, "\(text)")
            }
        }
    }
}
