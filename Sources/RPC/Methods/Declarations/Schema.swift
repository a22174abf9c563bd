/// JSON Schema fragments, written in Swift from the values they describe.
enum Schema {
    /// `{"$ref": "#/components/schemas/NAME"}`.
    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/" + name)] }

    /// A whole number of at least `minimum` (and at most `maximum`).
    static func integer(minimum: Int, maximum: Int? = nil) -> JSONValue {
        var object: JSONObject = ["type": "integer", "minimum": .number(minimum)]
        if let maximum { object["maximum"] = .number(maximum) }
        return .object(object)
    }

    /// A string matching `pattern`.
    static func string(pattern: String) -> JSONValue { ["type": "string", "pattern": .string(pattern)] }

    /// Exactly `value`.
    static func const(_ value: JSONValue) -> JSONValue { ["const": value] }

    /// One of `values`' raw values.
    static func oneOf<T: RawRepresentable<String>>(_ values: some Sequence<T>) -> JSONValue {
        enumeration(values.map(\.rawValue))
    }

    /// One of `values`.
    static func enumeration(_ values: [String]) -> JSONValue { ["enum": .array(values.map { .string($0) })] }

    /// An array of `items`, with `minimum` and `maximum` counts when given.
    static func array(_ items: JSONValue, minimum: Int? = nil, maximum: Int? = nil) -> JSONValue {
        var object: JSONObject = ["type": "array", "items": items]
        if let minimum { object["minItems"] = .number(minimum) }
        if let maximum { object["maxItems"] = .number(maximum) }
        return .object(object)
    }

    /// An object whose members are all `values`.
    static func map(_ values: JSONValue) -> JSONValue { ["type": "object", "additionalProperties": values] }

    /// `schema` with a description.
    static func described(_ schema: JSONValue, _ text: String?) -> JSONValue {
        guard let text, case .object(var object) = schema else { return schema }
        object["description"] = .string(text)
        return .object(object)
    }

    /// An object of `properties` (in order), `required` (all of them unless said), closed unless
    /// `open`.
    static func object(_ properties: [(String, JSONValue)], required: [String]? = nil, open: Bool = false) -> JSONValue {
        var object: JSONObject = ["type": "object", "properties": .object(JSONObject(properties))]
        let required = required ?? properties.map(\.0)
        if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
        if !open { object["additionalProperties"] = false }
        return .object(object)
    }
}
