/// A param type that states its own JSON Schema (usually a `$ref` to a shared schema) and gives
/// a stand-in value, so that `SchemaRecorder` need not run its validating `init(from:)`.
protocol SchemaDescribing {
    /// The JSON Schema of a value of this type.
    static var schema: JSONValue { get }
    /// Any valid value, returned while a schema is recorded.
    static var placeholder: Self { get }
}

/// Works out the JSON Schema of a `Decodable` type by running its `init(from:)` against a decoder
/// that answers every question and notes what was asked: each key, its type, and whether it was
/// read with `decodeIfPresent` (optional) or `decode` (required). Params types are decoded by
/// `ParamsDecoder` with the same `init(from:)`, so the schema and the keys read cannot drift apart.
enum SchemaRecorder {
    /// The object schema of `T` with its properties in declaration order.
    static func properties<T: Decodable>(of type: T.Type) -> [(name: String, schema: JSONValue, required: Bool)] {
        let recorder = Recorder()
        _ = try? T(from: RecordingDecoder(recorder: recorder))
        return recorder.properties
    }

    /// The schema of `T` as a value.
    static func schema<T: Decodable>(of type: T.Type) -> JSONValue {
        if let described = T.self as? any SchemaDescribing.Type { return described.schema }
        switch T.self {
        case is String.Type: return ["type": "string"]
        case is Bool.Type: return ["type": "boolean"]
        case is Int.Type: return ["type": "integer"]
        case is Double.Type: return ["type": "number"]
        case is JSONValue.Type: return [:]
        default: break
        }
        let recorder = Recorder()
        _ = try? T(from: RecordingDecoder(recorder: recorder))
        if let items = recorder.items { return ["type": "array", "items": items] }
        return objectSchema(recorder.properties)
    }

    /// `{type: object, properties, required, additionalProperties: false}`.
    static func objectSchema(_ properties: [(name: String, schema: JSONValue, required: Bool)]) -> JSONValue {
        var object: JSONObject = ["type": "object", "properties": .object(JSONObject(properties.map { ($0.name, $0.schema) }))]
        let required = properties.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { object["required"] = .array(required) }
        object["additionalProperties"] = false
        return .object(object)
    }

    final class Recorder {
        var properties: [(name: String, schema: JSONValue, required: Bool)] = []
        var items: JSONValue?
        func note(_ name: String, _ schema: JSONValue, required: Bool) {
            if !properties.contains(where: { $0.name == name }) { properties.append((name, schema, required)) }
        }
    }

    /// Answers with stand-ins: "" for strings, 0, false, one element for arrays.
    static func standIn<T: Decodable>(_ type: T.Type, recorder: Recorder) throws -> T {
        if let described = T.self as? any SchemaDescribing.Type { return described.placeholder as! T }
        switch T.self {
        case is String.Type: return "" as! T
        case is Bool.Type: return false as! T
        case is Int.Type: return 0 as! T
        case is Double.Type: return 0.0 as! T
        case is JSONValue.Type: return JSONValue.null as! T
        default: return try T(from: RecordingDecoder(recorder: recorder))
        }
    }

    struct RecordingDecoder: Decoder {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Keyed<Key>(recorder: recorder))
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(recorder: recorder) }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(recorder: recorder) }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            recorder.note(key.stringValue, SchemaRecorder.schema(of: T.self), required: true)
            return try standIn(T.self, recorder: Recorder())
        }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            recorder.note(key.stringValue, SchemaRecorder.schema(of: T.self), required: false)
            return nil
        }
        // The standard library's own optional reads of these types would ask `decode` (required).
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
        private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
            recorder.note(key.stringValue, SchemaRecorder.schema(of: T.self), required: false)
            return nil
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(Keyed<NestedKey>(recorder: Recorder()))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { Unkeyed(recorder: Recorder()) }
        func superDecoder() throws -> any Decoder { RecordingDecoder(recorder: recorder) }
        func superDecoder(forKey key: Key) throws -> any Decoder { RecordingDecoder(recorder: Recorder()) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let recorder: Recorder
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 1 }
        var isAtEnd: Bool { currentIndex > 0 }
        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            recorder.items = SchemaRecorder.schema(of: T.self)
            return try standIn(T.self, recorder: Recorder())
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            currentIndex += 1
            return KeyedDecodingContainer(Keyed<NestedKey>(recorder: Recorder()))
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            currentIndex += 1
            return Unkeyed(recorder: Recorder())
        }
        mutating func superDecoder() throws -> any Decoder { RecordingDecoder(recorder: Recorder()) }
    }

    struct Single: SingleValueDecodingContainer {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try standIn(T.self, recorder: recorder) }
    }
}
