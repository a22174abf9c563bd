import Foundation
import FonsterStore

extension Fonster {
    /// The protocol's Fonster object.
    func json(now: Date = Date()) -> JSONValue {
        .object([
            "id": .string(id.text),
            "name": .string(name),
            "displayName": .string(displayName),
            "seed": .string(seed),
            "randomSource": randomSource.map { .string($0.rawValue) } ?? .null,
            "createdAt": .string(createdAtISO8601),
            "canUndo": .bool(canUndo),
            "canRedo": .bool(canRedo),
            "birthday": .bool(isBirthday(now: now)),
            "engine": .string(engine),
            "position": .int(Int64(position)),
        ])
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
