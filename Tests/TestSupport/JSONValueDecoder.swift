import JSON

/// Decodes `Decodable` types straight from a parsed `JSONValue`, with `JSONDecoder`'s errors
/// (`DecodingError` with the coding path): golden files and records read by the tests through
/// the protocol's parser.
///
/// Numbers: an integer type takes an integral number that fits it; `Double` and `Float` take any.
public struct JSONValueDecoder {
    /// A decoder.
    public init() {}

    /// `T` read from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoding(value, codingPath: []))
    }

    /// `T` read from JSON text (parsed by `JSONParser`); text that is not JSON throws
    /// `DecodingError.dataCorrupted` naming the parser's complaint.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON: \(error)", underlyingError: error))
        }
        return try decode(type, from: value)
    }
}

/// A position in an array, as a coding key.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// One value being decoded: the `Decoder` and its single-value container.
private struct ValueDecoding: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(Keyed<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self) }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// `valueNotFound` for a null, else `typeMismatch`.
    func mismatch(_ type: Any.Type) -> DecodingError {
        if value.isNull { return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null")) }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(value)"))
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let fitted: T?
        switch value {
        case .int(let i): fitted = T(exactly: i)
        case .double(let d): fitted = T(exactly: d)
        default: throw mismatch(type)
        }
        guard let fitted else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value) does not fit in \(type)"))
        }
        return fitted
    }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { guard let b = value.bool else { throw mismatch(type) }; return b }
    func decode(_ type: String.Type) throws -> String { guard let s = value.string else { throw mismatch(type) }; return s }
    func decode(_ type: Double.Type) throws -> Double { guard let d = value.double else { throw mismatch(type) }; return d }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// An object's members by key.
private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func member(_ key: Key) throws -> ValueDecoding {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \(key.stringValue)"))
        }
        return ValueDecoding(value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try member(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { ValueDecoding(.object(object), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try member(key) }
}

/// An array's elements in order.
private struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next(_ type: Any.Type) throws -> ValueDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "no more elements"))
        }
        defer { currentIndex += 1 }
        return ValueDecoding(elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: JSONValue].self).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([JSONValue].self).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder { try next(JSONValue.self) }
}
