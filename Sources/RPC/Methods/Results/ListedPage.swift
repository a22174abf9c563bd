import Foundation
import CreatureCore
import FonsterStore

/// A page of `fonsters/list` without thumbnails, copied out of the store's rows
/// (`FonsterStore.visitList`) into one buffer of text: no `Fonster`, history, string or JSON value
/// is made per row (a list of 100,000 Fonsters costs about a microsecond a Fonster). It writes each
/// row as the protocol's Fonster object, spelled as `Fonster.members` spells it (`ListWritingTests`
/// holds them to each other), and counts that text's bytes as rows are added, so a page over the
/// response limit is refused before anything is written.
struct ListedPage: ResultValue {
    /// One row: its fixed members, and where its texts are in `text` (name, seed and creation
    /// instant, back to back from `start`).
    private struct Row {
        let id: UUID
        let position: Int
        let start: Int
        let name: Int32, seed: Int32, createdAt: Int32
        let engine: EngineVersion
        let displayName: DisplayName
        let randomSource: RandomSource?
        let canUndo: Bool, canRedo: Bool, birthday: Bool
    }

    /// A row's `Naming.displayName`: its name; a part of its seed (trimmed, and `cut` to 27 bytes
    /// and "..." when longer than 30); or a text of its own (the rare name and seed that need the
    /// engine's own rule).
    enum DisplayName: Sendable {
        case name
        case seed(offset: Int32, count: Int32, cut: Bool)
        case text(String)
    }

    private var rows: [Row] = []
    private var text: [UInt8] = []
    /// How many bytes `write(to:)` writes.
    private(set) var jsonCount = 2

    /// How many Fonsters it holds.
    var count: Int { rows.count }

    static var schema: JSONValue { Schema.array(ListedFonster.schema) }

    /// The bytes of a row's keys, quotes, colons, commas and braces, and of its id's value.
    private static let fixedCount = ["id", "name", "displayName", "seed", "randomSource", "createdAt", "canUndo", "canRedo",
                                     "birthday", "engine", "position"].reduce(2 + 10) { $0 + $1.utf8.count + 3 } + 38

    /// Adds `row`, its birthday decided by `birthdays` (`zone` carries the last row's zone, whose
    /// storage rows of one zone share).
    mutating func append(_ row: ListedRow, birthdays: inout Birthdays, zone: inout String) {
        if rows.isEmpty {
            // About 100 bytes of text a Fonster: the page's buffers are not grown by doubling.
            rows.reserveCapacity(row.pageSize)
            text.reserveCapacity(row.pageSize * 100)
        }
        let start = text.count
        var bytes = Self.fixedCount + (rows.isEmpty ? 0 : 1)
        var displayName = DisplayName.name
        let (name, seed) = row.withName { name in
            row.withSeed { seed in
                text.append(contentsOf: name)
                text.append(contentsOf: seed)
                displayName = Self.displayName(name: name, seed: seed)
                bytes += JSONWriter.count(utf8: name) + JSONWriter.count(utf8: seed)
                    + Self.count(of: displayName, name: name, seed: seed)
                return (Int32(name.count), Int32(seed.count))
            }
        }
        let createdAt = row.withCreatedAtISO8601 { iso in
            text.append(contentsOf: iso)
            bytes += JSONWriter.count(utf8: iso)
            return Int32(iso.count)
        }
        let engine = row.engine
        bytes += engine.rawValue.utf8.count + 2
        let randomSource = row.randomSource
        bytes += randomSource.map { $0.rawValue.utf8.count + 2 } ?? 4
        let (canUndo, canRedo) = (row.canUndo, row.canRedo)
        let birthday = birthdays.isBirthday(createdAt: row.createdAt, zone: row.createdTimeZone(sharing: &zone)) {
            row.withCreatedAtISO8601 { String(decoding: $0, as: UTF8.self) }
        }
        bytes += (canUndo ? 4 : 5) + (canRedo ? 4 : 5) + (birthday ? 4 : 5) + Self.digits(row.position)
        rows.append(Row(id: row.id, position: row.position, start: start, name: name, seed: seed, createdAt: createdAt, engine: engine,
                        displayName: displayName, randomSource: randomSource, canUndo: canUndo, canRedo: canRedo, birthday: birthday))
        jsonCount += bytes
    }

    /// Writes the array of Fonster objects.
    func write(to out: inout JSONWriter) {
        out.reserveCapacity(out.count + jsonCount + 4096)  // one growth, not a doubling per megabyte
        out.beginArray()
        text.withUnsafeBufferPointer { text in
            for row in rows { Self.write(row, text: text, to: &out) }
        }
        out.endArray()
    }

    /// Writes one row's Fonster object from `text`.
    private static func write(_ row: Row, text: UnsafeBufferPointer<UInt8>, to out: inout JSONWriter) {
        var at = row.start
        /// The next `count` bytes of the row's text.
        func next(_ count: Int32) -> UnsafeBufferPointer<UInt8> {
            defer { at += Int(count) }
            return UnsafeBufferPointer(rebasing: text[at..<at + Int(count)])
        }
        let name = next(row.name), seed = next(row.seed)
        out.beginObject()
        out.key("id")
        out.plainString(36) { row.id.writeText(into: $0) }
        out.key("name")
        out.string(utf8: name)
        out.key("displayName")
        switch row.displayName {
        case .name: out.string(utf8: name)
        case .seed(let offset, let count, let cut):
            let part = UnsafeBufferPointer(rebasing: seed[Int(offset)..<Int(offset + count)])
            if !cut {
                out.string(utf8: part)
            } else if JSONWriter.count(utf8: part) == part.count + 2 {
                // Nothing to escape: the part and "..." as they are, no string made.
                out.plainString(part.count + 3) { to in
                    to.baseAddress!.update(from: part.baseAddress!, count: part.count)
                    for i in part.count..<part.count + 3 { to[i] = UInt8(ascii: ".") }
                }
            } else {
                out.string(String(decoding: part, as: UTF8.self) + "...")
            }
        case .text(let text): out.string(text)
        }
        out.key("seed")
        out.string(utf8: seed)
        out.key("randomSource")
        if let source = row.randomSource { out.string(source.rawValue) } else { out.null() }
        out.key("createdAt")
        out.string(utf8: next(row.createdAt))
        out.key("canUndo")
        out.bool(row.canUndo)
        out.key("canRedo")
        out.bool(row.canRedo)
        out.key("birthday")
        out.bool(row.birthday)
        out.key("engine")
        out.string(row.engine.rawValue)
        out.key("position")
        out.int(row.position)
        out.endObject()
    }

    /// `Naming.displayName(name:seed:)` of UTF-8 `name` and `seed`, without making strings in the
    /// common cases: a name with a printable ASCII character is its own display name; an ASCII
    /// seed (no CR, which joins LF into one character) is trimmed and cut by its bytes.
    static func displayName(name: UnsafeBufferPointer<UInt8>, seed: UnsafeBufferPointer<UInt8>) -> DisplayName {
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if name.contains(where: { $0 < 0x80 && !blank($0) }) { return .name }
        guard name.allSatisfy(blank), seed.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
            return .text(Naming.displayName(name: String(decoding: name, as: UTF8.self), seed: String(decoding: seed, as: UTF8.self)))
        }
        guard let first = seed.firstIndex(where: { !blank($0) }), let last = seed.lastIndex(where: { !blank($0) }) else {
            return .text("Untitled")
        }
        let count = last - first + 1
        return .seed(offset: Int32(first), count: Int32(count > 30 ? 27 : count), cut: count > 30)
    }

    /// The bytes `displayName` writes.
    private static func count(of displayName: DisplayName, name: UnsafeBufferPointer<UInt8>, seed: UnsafeBufferPointer<UInt8>) -> Int {
        switch displayName {
        case .name: return JSONWriter.count(utf8: name)
        case .seed(let offset, let count, let cut):
            return JSONWriter.count(utf8: UnsafeBufferPointer(rebasing: seed[Int(offset)..<Int(offset + count)])) + (cut ? 3 : 0)
        case .text(let text): return JSONValue.string(text).serializedCount
        }
    }

    /// The digits of a place (0 or more).
    private static func digits(_ value: Int) -> Int {
        var digits = 1, rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return digits
    }
}
