#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON value as RFC 8259 describes it.
///
/// Numbers keep their kind: an integral literal that fits `Int64` is `.int`, anything else
/// (fraction, exponent, or too large) is `.double`. Objects keep their key order.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integral number that fits in `Int64`, kept exact.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, with its keys in order.
    case object(JSONObject)
    /// JSON text written ahead (`JSONWriter.serialized`), sent as it is: for answers too large
    /// or too hot to build as values (a list of 100,000 Fonsters). Read it back by parsing it.
    case serialized(SerializedJSON)
}

/// One complete JSON value's text, written by `JSONWriter` (so well-formed by construction),
/// kept in the writer's own buffer (a list of 100,000 Fonsters is 28 MB: not copied again).
public struct SerializedJSON: Sendable, Hashable {
    /// The buffer, freed with the last copy of the value.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>, count: Int
        init(base: UnsafeMutablePointer<UInt8>, count: Int) { (self.base, self.count) = (base, count) }
        deinit { base.deallocate() }
    }
    private let storage: Storage

    /// Takes ownership of `count` bytes at `base` (allocated with `UnsafeMutablePointer.allocate`).
    init(taking base: UnsafeMutablePointer<UInt8>, count: Int) { storage = Storage(base: base, count: count) }

    /// Lends the UTF-8 text.
    public func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// The UTF-8 text, copied.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    public static func == (a: SerializedJSON, b: SerializedJSON) -> Bool {
        a.storage.count == b.storage.count && memcmp(a.storage.base, b.storage.base, a.storage.count) == 0
    }

    public func hash(into hasher: inout Hasher) { withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } }
}

extension JSONValue {
    /// The string, if this is a string.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number as an `Int`, if this is an integer (or a double with an exact integral value).
    public var int: Int? {
        switch self {
        case .int(let i): return Int(exactly: i)
        case .double(let d): return Int(exactly: d)
        default: return nil
        }
    }

    /// The number as an `Int64`, if this is an integer (or a double with an exact integral value).
    public var int64: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d): return Int64(exactly: d)
        default: return nil
        }
    }

    /// The number as a `Double`, if this is any number.
    public var double: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// The boolean, if this is `true` or `false`.
    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, if this is an object.
    public var object: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key`, or `nil` if this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The element at `index`, or `nil` if this is not an array or the index is out of range.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// `nil` is `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// An array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// A dictionary literal; keys keep the order written (a repeated key keeps its first place, last value).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue {
    /// A number from an `Int`.
    public static func number(_ value: Int) -> JSONValue { .int(Int64(value)) }

    /// A number from a `Double`; integral values stay doubles (printed with `.0`).
    public static func number(_ value: Double) -> JSONValue { .double(value) }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of this value.
    public var description: String { serializedString() }
}
