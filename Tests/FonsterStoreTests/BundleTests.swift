import Foundation
import Testing
import TestSupport
import CreatureCore
import JSON
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct BundleTests {
    let dir = TempDir()

    @Test func exportIsVersionedJSONInListOrder() throws {
        let store = try fileStore(dir)
        let a = try store.create(name: "A", seed: "one")
        _ = try store.setSeed(a.id, to: "two")
        _ = try store.undo(a.id)
        _ = try store.create(seed: "b")
        let json = try store.exportLibrary()
        #expect(json["format"] == "fonsters-library")
        #expect(json["version"] == 1)
        #expect(json["engine"] == "fonsters-v2")
        #expect(json["exportedAt"] == "2026-11-21T09:30:00.123-08:00")
        let entries = try #require(json["fonsters"]?.array)
        #expect(entries.map { $0["seed"] } == ["one", "b"])
        #expect(entries[0]["future"] == ["two"])
        #expect(entries[0]["createdAt"] == "2026-11-21T09:30:00.123-08:00")
        #expect(try LibraryBundle(json: json) == LibraryBundle.decode(Data(json.serialized())))
    }

    /// A bundle as earlier versions wrote it (Foundation's JSON encoder, keys sorted, slashes
    /// as they are) imports whole, and exporting its Fonsters writes the same text again.
    @Test func bundlesOfEarlierVersionsImportAndExportTheSameText() throws {
        let old = #"{"engine":"fonsters-v1","exportedAt":"2026-11-21T09:30:00.123-08:00","fonsters":[{"createdAt":"2024-02-29T12:00:00.000+05:30","createdTimeZone":"Asia/Kolkata","engine":"fonsters-v2","future":["three"],"history":["one","two/2"],"id":"5A0C8F0E-8C2B-4F3A-9C57-2D3B0E6A1F00","name":"Ann \"A/B\" é","randomSource":"lorem","seed":"line\nbreak\ttab 👩‍👩‍👧 \\ \u0001"},{"createdAt":"2026-11-21T09:30:00.123-08:00","createdTimeZone":"America/Los_Angeles","engine":"fonsters-v1","future":[],"history":[],"id":"5A0C8F0E-8C2B-4F3A-9C57-2D3B0E6A1F01","name":"","seed":"plain"}],"format":"fonsters-library","version":1}"#
        let store = try fileStore(dir)
        let made = try store.importLibrary(Data(old.utf8)).created
        #expect(made.map(\.seed) == ["line\nbreak\ttab 👩‍👩‍👧 \\ \u{1}", "plain"])
        #expect(made[0].history == History(past: ["one", "two/2"], future: ["three"]) && made[0].randomSource == .lorem)
        var again = String(decoding: try store.exportLibrary().serialized(), as: UTF8.self)
        for (fonster, id) in zip(made, ["5A0C8F0E-8C2B-4F3A-9C57-2D3B0E6A1F00", "5A0C8F0E-8C2B-4F3A-9C57-2D3B0E6A1F01"]) {
            again = again.replacingOccurrences(of: fonster.id.uuidString, with: id)
        }
        // The same text, but for the exporting program's default engine at the top.
        #expect(again == old.replacingOccurrences(of: #"{"engine":"fonsters-v1","exportedAt""#, with: #"{"engine":"fonsters-v2","exportedAt""#))
    }

    @Test func importCopiesWithNewIdsAndSkipsWhatIsThere() throws {
        let store = try fileStore(dir)
        let a = try store.create(name: "A", seed: "one")
        _ = try store.applyRandomText(a.id, text: "two", source: .lorem, prepend: false)
        let bundle = try store.exportLibrary()
        let before = try store.list()
        // Into the library it came from: every entry is already there.
        let again = try store.importLibrary(bundle)
        #expect(again.created.isEmpty && again.skipped == [0])
        #expect(try store.list() == before)

        let other = try fileStore(dir, name: "other.sqlite")
        let imported = try other.importLibrary(bundle)
        #expect(imported.skipped.isEmpty && imported.created.count == 1)
        let copy = imported.created[0]
        #expect(copy.id != a.id)
        let original = try store.get(a.id)
        #expect(copy.name == original.name && copy.seed == original.seed && copy.history == original.history)
        #expect(copy.randomSource == .lorem && copy.createdAt == original.createdAt)
        #expect(copy.createdAtISO8601 == original.createdAtISO8601 && copy.engine == .v2)
        // Twice into another library: the second time the copies are recognised (seed, name, time).
        let twice = try other.importLibrary(bundle)
        #expect(twice.created.isEmpty && twice.skipped == [0])
        #expect(try other.list().map(\.seed) == ["two"])
    }

    @Test func sameIdOrSameSeedNameAndTimeIsSkipped() throws {
        let store = try fileStore(dir)
        let kept = try store.create(name: "N", seed: "s")
        func bundle(_ entries: String) -> Data {
            Data(#"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00Z","fonsters":[\#(entries)]}"#.utf8)
        }
        let result = try store.importLibrary(bundle("""
            {"id":"\(kept.id.uuidString.lowercased())","seed":"other seed"},
            {"seed":"s","name":"N","createdAt":"\(kept.createdAtISO8601)"},
            {"seed":"s","name":"N","createdAt":"2020-01-01T00:00:00Z"},
            {"id":"x-1","seed":"new"},
            {"id":"x-1","seed":"new again"}
            """))
        #expect(result.skipped == [0, 1, 4])
        #expect(result.created.map(\.seed) == ["s", "new"])
        #expect(result.created.map(\.position) == [1, 2])
    }

    @Test func selectiveImportByIndex() throws {
        let store = try fileStore(dir)
        _ = try store.importSeeds(["a", "b", "c", "d"], engine: .current)
        let bundle = try store.exportLibrary()
        let target = try fileStore(dir, name: "target.sqlite")
        #expect(try target.importLibrary(bundle, select: [3, 1], engine: nil).created.map(\.seed) == ["d", "b"])
        expectError(.indexOutOfRange(index: 4, count: 4)) { try target.importLibrary(bundle, select: [0, 4], engine: nil) }
        expectError(.indexOutOfRange(index: -1, count: 4)) { try target.importLibrary(bundle, select: [-1], engine: nil) }
        expectError(.repeatedIndex(index: 2)) { try target.importLibrary(bundle, select: [2, 0, 2], engine: nil) }
        #expect(try target.count() == 2)
    }

    /// 10,000 × `[0]` once built 10,000 rows from one entry (240 KB became 2.1 GB).
    @Test func repeatedSelectIsRefusedBeforeAnyRowIsBuilt() throws {
        let store = try fileStore(dir)
        _ = try store.create(seed: "one")
        let bundle = try store.exportLibrary()
        let target = try fileStore(dir, name: "target.sqlite")
        let dump = try target.list()
        expectError(.repeatedIndex(index: 0)) { try target.importLibrary(bundle, select: Array(repeating: 0, count: 10_000), engine: nil) }
        #expect(try target.list() == dump)
    }

    /// The count is checked before any entry is decoded: a bundle of a million entries whose
    /// first entry is malformed is refused for its size, not for that entry.
    @Test func countLimitComesBeforeDecoding() throws {
        let store = try fileStore(dir)
        var text = #"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00Z","fonsters":[{"seed":5}"#
        text.reserveCapacity(13_000_000)
        for _ in 1..<1_000_000 { text += #",{"seed":"s"}"# }
        text += "]}"
        expectError(.tooMany(count: 1_000_000, limit: 10_000)) { try store.importLibrary(Data(text.utf8)) }
        // A selection out of range is refused before decoding too.
        let small = #"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"x","fonsters":[{"seed":5},{"seed":"s"}]}"#
        expectError(.indexOutOfRange(index: 2, count: 2)) { try store.importLibrary(Data(small.utf8), select: [2], engine: nil) }
        #expect(try store.count() == 0)
    }

    @Test func engineOfEachFonsterIsKeptOrOverridden() throws {
        let store = try fileStore(dir)
        let json = #"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00Z","fonsters":[{"seed":"a"},{"seed":"b","engine":"fonsters-v1"}]}"#
        #expect(try store.importLibrary(Data(json.utf8)).created.map(\.engine) == [.v1, .v1])
        let unknownBundleEngine = json.replacingOccurrences(of: #""engine":"fonsters-v1","exportedAt""#, with: #""engine":"fonsters-v7","exportedAt""#)
        expectError(.invalidBundle(#"fonsters[0].engine (from the bundle's engine) is "fonsters-v7", an engine this program does not know"#)) {
            try store.importLibrary(Data(unknownBundleEngine.utf8))
        }
        // Given an engine, every entry uses it, whatever the bundle says.
        let other = try fileStore(dir, name: "other.sqlite")
        #expect(try other.importLibrary(Data(unknownBundleEngine.utf8), engine: .v1).created.map(\.engine) == [.v1, .v1])
    }

    @Test func minimalEntriesNeedOnlyASeed() throws {
        let store = try fileStore(dir)
        let json = #"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00Z","fonsters":[{"seed":"s","createdAt":"2024-02-29T12:00:00+05:30"}]}"#
        let made = try store.importLibrary(Data(json.utf8)).created
        #expect(made[0].seed == "s" && made[0].name == "" && made[0].history == History())
        #expect(made[0].createdAtISO8601 == "2024-02-29T12:00:00.000+05:30")
    }

    /// A `createdAt` with milliseconds comes in as written, in any era: its milliseconds were
    /// once read off a Double by truncation, which lost one about a fifth of the time.
    @Test func createdAtKeepsItsMilliseconds() throws {
        let store = try fileStore(dir)
        var generator = SeededGenerator(seed: 1000)
        let texts = (0..<300).map { _ -> String in
            let ms = Int64.random(in: -62_135_596_800_000...253_402_250_399_999, using: &generator)
            let offset = Int.random(in: -56...56, using: &generator) * 900
            return ISO8601Timestamp.format(Date(timeIntervalSince1970: Double(ms) / 1000), offsetSeconds: offset)
        }
        let entries = texts.enumerated().map { #"{"seed":"s\#($0.offset)","createdAt":"\#($0.element)"}"# }
        let json = #"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00Z","fonsters":[\#(entries.joined(separator: ","))]}"#
        let made = try store.importLibrary(Data(json.utf8)).created
        #expect(made.map(\.createdAtISO8601) == texts)
    }

    @Test func badBundlesNameTheFirstProblemAndImportNothing() throws {
        let store = try fileStore(dir)
        _ = try store.create(seed: "existing")
        let dump = try store.list()
        func bundle(_ entries: String, format: String = "fonsters-library", version: Int = 1,
                    exportedAt: String? = "2026-11-21T09:30:00.123-08:00") -> Data {
            let exported = exportedAt.map { #""exportedAt":"\#($0)","# } ?? ""
            return Data(#"{"format":"\#(format)","version":\#(version),"engine":"fonsters-v1",\#(exported)"fonsters":[\#(entries)]}"#.utf8)
        }
        let good = #"{"seed":"fine"}"#
        let crash = "2025-03-01T09:30:00." + String(repeating: "1", count: 35) + "Z"
        let cases: [(Data, StoreError)] = [
            (Data("not json".utf8), .invalidBundle("it is not valid JSON")),
            (Data(#"{"format":"fonsters-library","version":1,}"#.utf8), .invalidBundle("it is not valid JSON")),
            (Data("[1]".utf8), .invalidBundle("the top level should be an object")),
            (Data("null".utf8), .invalidBundle("the top level is null, but it should be an object")),
            (Data(#"{"version":1}"#.utf8), .invalidBundle("the format field is missing")),
            (Data(#"{"format":7}"#.utf8), .invalidBundle("format should be a string")),
            (Data(#"{"format":"fonsters-library","version":"1"}"#.utf8), .invalidBundle("version should be a whole number")),
            (Data(#"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00Z"}"#.utf8),
             .invalidBundle("fonsters is missing")),
            (Data(#"{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00Z","fonsters":{}}"#.utf8),
             .invalidBundle("fonsters should be an array")),
            (Data(#"{"format":"fonsters-library","version":1,"engine":null,"exportedAt":"2026-01-01T00:00:00Z","fonsters":[]}"#.utf8),
             .invalidBundle("engine is null, but it should be a string")),
            (bundle(good + ",5"), .invalidBundle("fonsters[1] should be an object")),
            (bundle(good + #",{"seed":null}"#), .invalidBundle("fonsters[1].seed is null, but it should be a string")),
            (bundle(good + #",{"seed":"x","future":["a",7]}"#), .invalidBundle("fonsters[1].future[1] should be a string")),
            (bundle(good, format: "zip"), .invalidBundle(#"format is "zip", but a library bundle says "fonsters-library""#)),
            (bundle(good, version: 2), .invalidBundle("it is version 2, newer than version 1 that this program reads; update fonsters-rpc to import it")),
            (bundle(good, version: 2, exportedAt: nil), .invalidBundle("it is version 2, newer than version 1 that this program reads; update fonsters-rpc to import it")),
            (bundle(good, exportedAt: nil), .invalidBundle("exportedAt is missing")),
            (bundle(good, exportedAt: "2025-02-31T00:00:00Z"), .invalidBundle(#"exportedAt "2025-02-31T00:00:00Z" is not a valid date-time: day 31 does not exist in February 2025"#)),
            (bundle(good + #",{"name":"no seed"}"#), .invalidBundle("fonsters[1].seed is missing")),
            (bundle(good + #",{"seed":5}"#), .invalidBundle("fonsters[1].seed should be a string")),
            (bundle(good + #",{"seed":"x","history":"h"}"#), .invalidBundle("fonsters[1].history should be an array")),
            (bundle(good + #",{"seed":"x","randomSource":"dice"}"#), .invalidBundle(#"fonsters[1].randomSource is "dice", but it can only be quote, words, uuid or lorem"#)),
            (bundle(good + #",{"seed":"x","engine":"fonsters-v9"}"#), .invalidBundle(#"fonsters[1].engine is "fonsters-v9", an engine this program does not know"#)),
            (bundle(good + #",{"seed":"x","createdAt":"yesterday"}"#), .invalidBundle(#"fonsters[1].createdAt "yesterday" is not a valid date-time: the year should be 4 digits"#)),
            (bundle(good + #",{"seed":"x","createdAt":"\#(crash)"}"#),
             .invalidBundle(#"fonsters[1].createdAt "2025-03-01T09:30:00.11111111111111111111…" is not a valid date-time: the fraction of a second has 35 digits; at most 9 are allowed"#)),
            (bundle(good + #",{"seed":"x","createdAt":"2025-02-31T00:00:00Z"}"#), .invalidBundle(#"fonsters[1].createdAt "2025-02-31T00:00:00Z" is not a valid date-time: day 31 does not exist in February 2025"#)),
            (bundle(good + #",{"seed":"x","createdAt":"2025-03-01T24:00:00Z"}"#), .invalidBundle(#"fonsters[1].createdAt "2025-03-01T24:00:00Z" is not a valid date-time: hour 24 does not exist; hours run from 00 to 23"#)),
            (bundle(good + #",{"seed":"x","createdAt":"0000-01-01T00:00:00Z"}"#), .invalidBundle(#"fonsters[1].createdAt "0000-01-01T00:00:00Z" is not a valid date-time: year 0000 does not exist; years run from 0001"#)),
            (bundle(good + #",{"seed":"x","createdAt":"2025-01-01T00:00:00+99:00"}"#), .invalidBundle(#"fonsters[1].createdAt "2025-01-01T00:00:00+99:00" is not a valid date-time: the UTC offset is beyond ±14:00"#)),
            (bundle(good + #",{"seed":"x","history":[\#((0..<21).map { "\"h\($0)\"" }.joined(separator: ","))]}"#),
             .invalidBundle("fonsters[1].history has 21 seeds; it can hold at most 20")),
            (bundle(good + #",{"seed":"\#(String(repeating: "q", count: 10_001))"}"#),
             .invalidBundle("fonsters[1].seed is 10,001 characters long, where an emoji counts as two or more; the limit is 10,000")),
        ]
        for (data, expected) in cases {
            expectError(expected) { try store.importLibrary(data) }
        }
        #expect(try store.list() == dump)
    }
}
