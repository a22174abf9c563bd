import Foundation
import CreatureCore
import FonsterStore

/// What a method answers with: a value that writes itself into the response (no `JSONValue`
/// built first) and states its JSON Schema, from which `openrpc.json` lists the result. Objects
/// are `ResultObject`s, which declare each member once.
protocol ResultValue: SchemaDescribing, Sendable {
    /// Writes the value as one JSON value.
    func write(to out: inout JSONWriter)
}

extension ResultValue {
    /// The value as a `JSONValue` (for a `$/progress` notification that carries it).
    var json: JSONValue { (try? JSONParser.parse(Written(self).jsonBytes())) ?? .null }
}

/// A method's result as the transport takes it (`JSONWritable`).
struct Written<Value: ResultValue>: JSONWritable {
    let value: Value
    init(_ value: Value) { self.value = value }
    func write(to out: inout JSONWriter) { value.write(to: &out) }
}

/// A result object: its members in the order they are written, each declared once with its
/// key, its schema and how it is written; its schema is made from them.
///
///     struct DeleteResult: ResultObject {
///         let id: UUID
///         static let members: [Member<Self>] = [
///             Member("id") { $0.id },
///             Member("deleted", schema: Schema.const(true)) { _ in true },
///         ]
///     }
protocol ResultObject: ResultValue {
    /// The members, in the order they are written.
    static var members: [Member<Self>] { get }
    /// Its name in `components.schemas`, where several methods share it (its uses then refer
    /// to it); nil to spell it out where it is used.
    static var component: String? { get }
    /// A sentence for its schema, if any.
    static var summary: String? { get }
}

extension ResultObject {
    static var component: String? { nil }
    static var summary: String? { nil }

    /// Writes each member in order.
    func write(to out: inout JSONWriter) {
        out.beginObject()
        for member in Self.members { member.write(self, &out) }
        out.endObject()
    }

    /// A `$ref` to its component, or its object schema.
    static var schema: JSONValue { component.map(Schema.ref) ?? objectSchema }

    /// `{type: object, properties, required, additionalProperties: false}` from the members.
    static var objectSchema: JSONValue {
        Schema.described(Schema.object(members.map { ($0.name, $0.schema) }, required: members.filter(\.required).map(\.name)), summary)
    }
}

/// One member of a result object: its key, its schema, whether it is always there, and how
/// it is written from the object.
struct Member<Root>: Sendable {
    /// The key.
    let key: StaticString
    /// The member's JSON Schema.
    let schema: JSONValue
    /// Whether it is always written (an optional value then as `null`).
    let required: Bool
    /// Writes the key and the value (or nothing, for an absent optional member).
    let write: @Sendable (Root, inout JSONWriter) -> Void

    /// The key as text.
    var name: String { key.description }

    /// A member always written: `value`'s result (`null` for a nil optional), its schema that of
    /// the value's type unless given.
    init<V: ResultValue>(_ key: StaticString, schema: JSONValue? = nil, note: String? = nil,
                         _ value: @escaping @Sendable (Root) -> V) {
        self.key = key
        self.schema = Schema.described(schema ?? V.schema, note)
        required = true
        write = { root, out in
            out.key(key)
            value(root).write(to: &out)
        }
    }

    /// A member written only when `value` gives one (not required).
    static func optional<V: ResultValue>(_ key: StaticString, schema: JSONValue? = nil, note: String? = nil,
                                         _ value: @escaping @Sendable (Root) -> V?) -> Member {
        Member(key: key, schema: Schema.described(schema ?? V.schema, note), required: false) { root, out in
            guard let v = value(root) else { return }
            out.key(key)
            v.write(to: &out)
        }
    }

    private init(key: StaticString, schema: JSONValue, required: Bool, write: @escaping @Sendable (Root, inout JSONWriter) -> Void) {
        (self.key, self.schema, self.required, self.write) = (key, schema, required, write)
    }

    /// This member of a part of another object (a Fonster's members in an edited Fonster).
    func lifted<Outer>(_ part: @escaping @Sendable (Outer) -> Root) -> Member<Outer> {
        let write = self.write
        return Member<Outer>(key: key, schema: schema, required: required) { outer, out in write(part(outer), &out) }
    }
}

extension Array {
    /// Each member lifted onto a part of another object.
    func lifted<Root, Outer>(_ part: @escaping @Sendable (Outer) -> Root) -> [Member<Outer>] where Element == Member<Root> {
        map { $0.lifted(part) }
    }
}

// MARK: - Values

extension String: ResultValue {
    func write(to out: inout JSONWriter) { out.string(self) }
}

extension Int: ResultValue {
    func write(to out: inout JSONWriter) { out.int(self) }
}

extension Bool: ResultValue {
    func write(to out: inout JSONWriter) { out.bool(self) }
}

extension Double: ResultValue {
    static var schema: JSONValue { ["type": "number"] }
    func write(to out: inout JSONWriter) { out.double(self) }
}

extension JSONValue: ResultValue {}

extension Optional: SchemaDescribing where Wrapped: ResultValue {
    /// The wrapped value's schema, or `null`.
    static var schema: JSONValue { ["oneOf": [Wrapped.schema, ["type": "null"]]] }
}

extension Optional: ResultValue where Wrapped: ResultValue {
    /// The value, or `null`.
    func write(to out: inout JSONWriter) {
        if let self { self.write(to: &out) } else { out.null() }
    }
}

extension Array: SchemaDescribing where Element: ResultValue {
    /// An array of the element's schema.
    static var schema: JSONValue { Schema.array(Element.schema) }
}

extension Array: ResultValue where Element: ResultValue {
    /// Each element in order.
    func write(to out: inout JSONWriter) {
        out.beginArray()
        for element in self { element.write(to: &out) }
        out.endArray()
    }
}

extension UUID: ResultValue {
    /// The id in upper case, as the library writes it.
    func write(to out: inout JSONWriter) { out.string(text) }
}

extension EngineVersion: ResultValue {
    func write(to out: inout JSONWriter) { out.string(rawValue) }
}

extension RandomSource: ResultValue {
    func write(to out: inout JSONWriter) { out.string(rawValue) }
}

/// Named values of one type, as an object (`traits`, `thumbnails` by engine).
struct NamedValues<Value: ResultValue>: ResultValue {
    /// The names and values, in order.
    let entries: [(String, Value)]
    static var schema: JSONValue { Schema.map(Value.schema) }
    func write(to out: inout JSONWriter) {
        out.beginObject()
        for (name, value) in entries {
            out.key(name)
            value.write(to: &out)
        }
        out.endObject()
    }
}

/// An image as a `data:` URI, its base64 written straight into the response.
struct ImageURI: ResultValue {
    /// The encoded image.
    let image: RenderedImage
    static var schema: JSONValue { Schema.ref("DataURI") }
    func write(to out: inout JSONWriter) { out.dataURI(mime: image.format.mimeType, bytes: image.bytes) }
    /// How many bytes it writes, quotes included.
    var length: Int { DataURI.length(mime: image.format.mimeType, count: image.bytes.count) + 2 }
}

/// The JSON `null`: the result of a method with nothing to say (`shutdown`).
struct Null: ResultValue {
    static var schema: JSONValue { ["type": "null"] }
    func write(to out: inout JSONWriter) { out.null() }
}

/// One of two results (`fonsters/get`: a Fonster, or with look-alikes an edited Fonster).
enum Either<A: ResultValue, B: ResultValue>: ResultValue {
    case first(A), second(B)
    static var schema: JSONValue { ["oneOf": [A.schema, B.schema]] }
    func write(to out: inout JSONWriter) {
        switch self {
        case .first(let a): a.write(to: &out)
        case .second(let b): b.write(to: &out)
        }
    }
}
