import Foundation
import CreatureCore
import FonsterStore

extension Fonster {
    /// The protocol's Fonster object.
    func json(now: Date = Date()) -> JSONValue { json(birthday: isBirthday(now: now)) }

    /// The protocol's Fonster object, its birthday decided (for many at once: `Birthdays`).
    func json(birthday: Bool) -> JSONValue {
        .object([
            "id": .string(id.text),
            "name": .string(name),
            "displayName": .string(displayName),
            "seed": .string(seed),
            "randomSource": randomSource.map { .string($0.rawValue) } ?? .null,
            "createdAt": .string(createdAtISO8601),
            "canUndo": .bool(canUndo),
            "canRedo": .bool(canRedo),
            "birthday": .bool(birthday),
            "engine": .string(engine),
            "position": .int(Int64(position)),
        ])
    }
}

extension ListedRow {
    /// Writes the protocol's Fonster object of this row, exactly as `Fonster.json(birthday:)`
    /// spells it, straight from the store's bytes. `zone` carries the last row's zone.
    func write(into out: inout JSONWriter, birthdays: inout Birthdays, zone: inout String) {
        out.beginObject()
        out.key("id")
        let id = id
        out.plainString(36) { id.writeText(into: $0) }
        withName { name in
            out.key("name")
            out.string(utf8: name)
            withSeed { seed in
                out.key("displayName")
                Self.writeDisplayName(name: name, seed: seed, into: &out)
                out.key("seed")
                out.string(utf8: seed)
            }
        }
        out.key("randomSource")
        if let source = randomSource { out.string(source.rawValue) } else { out.null() }
        out.key("createdAt")
        withCreatedAtISO8601 { out.string(utf8: $0) }
        out.key("canUndo")
        out.bool(canUndo)
        out.key("canRedo")
        out.bool(canRedo)
        out.key("birthday")
        out.bool(birthdays.isBirthday(createdAt: createdAt, zone: createdTimeZone(sharing: &zone)) {
            withCreatedAtISO8601 { String(decoding: $0, as: UTF8.self) }
        })
        out.key("engine")
        withEngine { out.string(utf8: $0) }
        out.key("position")
        out.int(position)
        out.endObject()
    }

    /// `Naming.displayName(name:seed:)` of UTF-8 `name` and `seed`, without making strings in the
    /// common cases: a name with a printable ASCII character is its own display name; an ASCII
    /// seed (no CR, which joins LF into one character) is trimmed and cut by its bytes.
    static func writeDisplayName(name: UnsafeBufferPointer<UInt8>, seed: UnsafeBufferPointer<UInt8>, into out: inout JSONWriter) {
        if name.contains(where: { $0 < 0x80 && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
            return out.string(utf8: name)
        }
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard name.allSatisfy(blank), seed.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
            return out.string(Naming.displayName(name: String(decoding: name, as: UTF8.self), seed: String(decoding: seed, as: UTF8.self)))
        }
        guard let first = seed.firstIndex(where: { !blank($0) }), let last = seed.lastIndex(where: { !blank($0) }) else {
            return out.string("Untitled")
        }
        let trimmed = UnsafeBufferPointer(rebasing: seed[first...last])
        guard trimmed.count > 30 else { return out.string(utf8: trimmed) }
        out.string(String(decoding: UnsafeBufferPointer(rebasing: trimmed[..<(trimmed.startIndex + 27)]), as: UTF8.self) + "...")
    }
}

extension JSONValue {
    /// This object with `extra` members appended.
    func merging(_ extra: [(String, JSONValue)]) -> JSONValue {
        guard case .object(var object) = self else { return self }
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }
}
