import Foundation
import Testing
import CreatureCore
import FonsterStore
@testable import RPC

/// `fonsters/list` without thumbnails is copied straight from the store's rows (`ListedPage`): it
/// must say exactly what the Fonster objects (`Fonster.members`) of `FonsterStore.list` say, for
/// every kind of row, and every page, and count the bytes it writes.
@Suite struct ListWritingTests {
    /// Names and seeds that take every path of the writer: plain ASCII, blanks, tabs, CR LF,
    /// long seeds cut to a display name, characters to escape, non-ASCII and ill-formed text.
    static let texts = [
        "", " ", "\t", "  \t ", "Bob", " Bob ", "\tBob\t", "a\"b\\c", "line\nbreak", "cr\r\nlf", "ends with cr\r",
        String(repeating: "x", count: 30), String(repeating: "y", count: 31), "  " + String(repeating: "z", count: 40) + "  ",
        "é", "  émile  ", "\u{2003}em space\u{2003}", "\u{200B}", "\u{200B}zero width", "👩‍👩‍👧 family", "e\u{301}" + String(repeating: "a", count: 40),
        "\u{1}control", "quote \" inside", String(repeating: "ab ", count: 20), "\u{FEFF}bom",
    ]

    @Test func writtenListsEqualTheFonsterObjects() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("list-writing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("lib.sqlite").path
        let now = Date(timeIntervalSince1970: 1_795_282_200)  // 2026-11-21T17:30:00Z
        var zones = ["America/Los_Angeles", "Asia/Tokyo", "Pacific/Kiritimati", "UTC"].makeIterator()
        var made: [Fonster] = []
        for (n, name) in Self.texts.enumerated() {
            // Created on today's date in several zones some years ago (birthdays), and not.
            let zone = zones.next() ?? "Europe/Paris"
            var options = StoreOptions(starterFonsters: false, randomSeed: 1)
            options.timeZone = TimeZone(identifier: zone)!
            options.now = { now.addingTimeInterval(n % 3 == 0 ? -1_096 * 86_400 : -Double(n) * 86_400) }  // 1,096 days: three years
            let store = try FonsterStore(location: .file(path), options: options)
            let fonster = try store.create(name: name, seed: Self.texts[(n * 7) % Self.texts.count], engine: n % 2 == 0 ? .v1 : .v2)
            if n % 4 == 1 { _ = try store.setSeed(fonster.id, to: "second") }
            if n % 4 == 2 { _ = try store.applyRandomText(fonster.id, text: "words", source: .words, prepend: false); _ = try store.undo(fonster.id) }
            made.append(fonster)
        }
        let store = try FonsterStore(location: .file(path), options: .scripting)
        try store.delete(made[3].id)
        _ = try store.move(made[9].id, to: 0)
        let all = try store.list()
        #expect(all.contains { $0.isBirthday(now: now) }, "some birthdays today")
        #expect(all.contains { $0.canUndo } && all.contains { $0.canRedo } && all.contains { $0.randomSource != nil })
        for (start, count) in [(0, nil), (0, 5), (7, 9), (all.count - 2, 10), (all.count, 3), (all.count + 4, nil)] as [(Int, Int?)] {
            let (list, fit, total) = try ListMethod.copied(store, start: start, count: count, limit: .max, now: now) { false }
            let result = try #require(list)
            let text = String(decoding: Written(result).jsonBytes(), as: UTF8.self)
            let expected = try store.list(start: start, count: count)
            // The Fonster objects as `Fonster.members` write them, their birthdays at `now`.
            let objects: JSONValue = [
                "fonsters": .array(expected.fonsters.map { fonster in
                    guard case .object(var object) = try? JSONValue(parsing: Written(fonster).jsonBytes()) else { return .null }
                    object["birthday"] = .bool(fonster.isBirthday(now: now))
                    return .object(object)
                }),
                "total": .int(Int64(expected.total)), "start": .int(Int64(start)),
            ]
            #expect(try JSONValue(parsing: text) == objects, "start \(start)")
            #expect(text == objects.serializedString(), "the same spelling")
            #expect(fit == expected.fonsters.count && total == all.count)
            guard case .rows(let page) = result.fonsters else { Issue.record("not copied from the rows"); continue }
            #expect(page.jsonCount == Written(page).jsonBytes().count, "the page counts the bytes it writes")
        }
    }

    /// An unpaged list of more Fonsters than could fit is refused from the library's count, before
    /// a row is read (the copy, which asks `cancelled` every 256 rows, never starts); the floor it
    /// counts with is below what the smallest Fonster takes, so what it refuses could never fit.
    @Test func anUnpagedListTooBigIsRefusedBeforeAnyRowIsRead() throws {
        let store = try FonsterStore(location: .memory, options: .scripting)
        _ = try store.importSeeds((0..<1_000).map { "s\($0)" })
        var asked = 0
        let (list, fit, total) = try ListMethod.copied(store, start: 0, count: nil, limit: 100_000) { asked += 1; return false }
        #expect(list == nil && asked == 0, "refused at once")
        #expect(total == 1_000 && fit == (100_000 - 64) / ListMethod.leastRowBytes)
        let (small, _, _) = try ListMethod.copied(store, start: 0, count: 10, limit: .max) { false }
        let oneCharacterSeeds = try FonsterStore(location: .memory, options: .scripting)
        _ = try oneCharacterSeeds.importSeeds((0..<10).map { "\($0)" })
        let (tiny, _, _) = try ListMethod.copied(oneCharacterSeeds, start: 0, count: nil, limit: .max) { false }
        for page in [small, tiny] {
            let written = Written(try #require(page)).jsonBytes()
            let rows = try #require(try JSONValue(parsing: written)["fonsters"]?.array)
            for row in rows { #expect(row.serialized().count > ListMethod.leastRowBytes, "\(row)") }
        }
        // Paged, the same library lists a page at a time.
        #expect(try ListMethod.copied(store, start: 900, count: 100, limit: 100_000) { false }.list != nil)
    }

    /// Over the response limit: nothing is sent, and the answer says how many would fit. Cancelled:
    /// the copying stops within 256 rows.
    @Test func aListOverTheLimitSaysHowManyFit() throws {
        let store = try FonsterStore(location: .memory, options: .scripting)
        _ = try store.importSeeds((0..<600).map { "seed \($0)" })
        let (list, fit, total) = try ListMethod.copied(store, start: 10, count: nil, limit: 3_000) { false }
        #expect(list == nil, "no list")
        #expect(total == 600 && fit > 5 && fit < 20, "\(fit) fit")
        let (stopped, _, _) = try ListMethod.copied(store, start: 0, count: nil, limit: .max) { true }
        let partial = try JSONValue(parsing: Written(try #require(stopped)).jsonBytes())
        #expect(partial["fonsters"]?.array?.count == 256, "cancelled: stopped at the first check (answering it is the caller's)")
        // Exactly at the limit: the page that fits is the one whose bytes do.
        let (whole, _, _) = try ListMethod.copied(store, start: 0, count: 40, limit: .max) { false }
        let size = Written(try #require(whole)).jsonBytes().count
        let (atLimit, fitAtLimit, _) = try ListMethod.copied(store, start: 0, count: 40, limit: size + 64) { false }
        #expect(atLimit != nil && fitAtLimit == 40)
    }

    /// Strings written from UTF-8 bytes are spelled as the `String` they decode to, whatever the
    /// bytes (quotes, controls, non-ASCII, ill-formed UTF-8) and wherever they fall in eight.
    @Test func stringsFromBytesAreSpelledAsStrings() {
        var generator = SeededGenerator(seed: 8)
        let interesting: [UInt8] = [0, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x41, 0x61]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            if count > 0, Bool.random(using: &generator) {
                bytes[Int.random(in: 0..<count, using: &generator)] = interesting.randomElement(using: &generator)!
            }
            var fromBytes = JSONWriter(), fromString = JSONWriter()
            bytes.withUnsafeBufferPointer { fromBytes.string(utf8: $0) }
            fromString.string(String(decoding: bytes, as: UTF8.self))
            #expect(fromBytes.bytes == fromString.bytes, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { JSONWriter.count(utf8: $0) } == fromBytes.count, "\(bytes): counted as written")
        }
    }

    /// The display name written from bytes is `Naming.displayName`'s, for random names and seeds.
    @Test func displayNamesFromBytesAreTheEngines() {
        var generator = SeededGenerator(seed: 11)
        let pieces = [" ", "\t", "\r", "\n", "\r\n", "a", "Z", "é", "\u{2003}", "\u{200B}", "👍", "e\u{301}", "\"", "\\", "\u{1}", "."]
        func random() -> String {
            (0..<Int.random(in: 0..<40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        for text in Self.texts { #expect(display(text, text) == Naming.displayName(name: text, seed: text)) }
        for _ in 0..<4_000 {
            let name = Bool.random(using: &generator) ? random() : ["", " ", "\t "].randomElement(using: &generator)!
            let seed = random()
            #expect(display(name, seed) == Naming.displayName(name: name, seed: seed), "\(name.debugDescription) \(seed.debugDescription)")
        }
    }

    /// The display name `ListedPage` decides for `name` and `seed`, as text.
    private func display(_ name: String, _ seed: String) -> String {
        var name = name, seed = seed
        return name.withUTF8 { n in
            seed.withUTF8 { s in
                switch ListedPage.displayName(name: n, seed: s) {
                case .name: return String(decoding: n, as: UTF8.self)
                case .seed(let offset, let count, let cut):
                    return String(decoding: UnsafeBufferPointer(rebasing: s[Int(offset)..<Int(offset + count)]), as: UTF8.self) + (cut ? "..." : "")
                case .text(let text): return text
                }
            }
        }
    }
}
