import Foundation
import JSON

/// Checks a JSON value against a JSON Schema: the subset `openrpc.json` uses (type, enum, const,
/// properties, required, additionalProperties, items, oneOf, allOf, pattern, minimum, maximum,
/// exclusiveMinimum, multipleOf, minItems, maxItems, minLength, maxLength and `$ref` into
/// `#/components/schemas/`). A keyword outside the subset is reported, so a schema cannot
/// silently check less than it says.
public struct JSONSchemaValidator {
    /// The schemas `$ref`s name, by name.
    public let components: [String: JSONValue]
    /// Whether a string ending in `…` (or an array ending in `"…"`) stands for any value it
    /// starts with, as in protocol.md's examples.
    public var lenient = false

    /// A validator resolving `$ref`s in `components` (`components.schemas` of an OpenRPC document).
    public init(components: JSONValue) {
        var byName: [String: JSONValue] = [:]
        for (name, schema) in components.object ?? JSONObject() { byName[name] = schema }
        self.components = byName
    }

    private static let known: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "items", "oneOf", "allOf", "pattern",
        "minimum", "maximum", "exclusiveMinimum", "multipleOf", "minItems", "maxItems", "minLength", "maxLength", "$ref", "description",
    ]

    /// What is wrong with `value` under `schema`, each with its path; empty when it conforms.
    public func problems(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        if lenient, value == "…" { return [] }
        guard let rules = schema.object else { return ["\(path): the schema is not an object"] }
        var found: [String] = []
        for key in rules.keys where !Self.known.contains(key) { found.append("\(path): the schema keyword '\(key)' is not checked") }
        if let ref = rules["$ref"]?.string {
            let prefix = "#/components/schemas/"
            guard ref.hasPrefix(prefix), let target = components[String(ref.dropFirst(prefix.count))] else {
                return found + ["\(path): $ref \(ref) names no schema"]
            }
            found += problems(value, target, at: path)
        }
        if let types = rules["type"] {
            let allowed = types.array?.compactMap(\.string) ?? types.string.map { [$0] } ?? []
            if !allowed.contains(where: { Self.isOfType(value, $0) }) {
                return found + ["\(path): \(Self.shown(value)) is not of type \(allowed.joined(separator: " or "))"]
            }
        }
        if let values = rules["enum"]?.array, !values.contains(value), !isStandIn(value) {
            found.append("\(path): \(Self.shown(value)) is not one of \(JSONValue.array(values))")
        }
        if let constant = rules["const"], constant != value, !isStandIn(value) {
            found.append("\(path): \(Self.shown(value)) is not \(constant)")
        }
        if let all = rules["allOf"]?.array { for part in all { found += problems(value, part, at: path) } }
        if let choices = rules["oneOf"]?.array {
            let passing = choices.filter { problems(value, $0, at: path).isEmpty }.count
            if passing != 1 { found.append("\(path): \(Self.shown(value)) matches \(passing) of oneOf's \(choices.count) schemas, not exactly one") }
        }
        switch value {
        case .object(let object): found += objectProblems(object, rules, path)
        case .array(var items):
            if lenient, items.last == "…" { items.removeLast() } else {
                if let min = rules["minItems"]?.int, items.count < min { found.append("\(path): \(items.count) items, fewer than \(min)") }
            }
            if let max = rules["maxItems"]?.int, items.count > max { found.append("\(path): \(items.count) items, more than \(max)") }
            if let itemSchema = rules["items"] {
                for (i, item) in items.enumerated() { found += problems(item, itemSchema, at: "\(path)[\(i)]") }
            }
        case .string(let s):
            if isStandIn(value) { break }
            let length = s.utf16.count
            if let min = rules["minLength"]?.int, length < min { found.append("\(path): \(length) characters, fewer than \(min)") }
            if let max = rules["maxLength"]?.int, length > max { found.append("\(path): \(length) characters, more than \(max)") }
            if let pattern = rules["pattern"]?.string {
                guard let regex = try? NSRegularExpression(pattern: pattern) else { return found + ["\(path): the pattern \(pattern) is not valid"] }
                if regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil {
                    found.append("\(path): \(Self.shown(value)) does not match \(pattern)")
                }
            }
        case .int, .double:
            let n = value.double!
            if let min = rules["minimum"]?.double, n < min { found.append("\(path): \(n) is below \(min)") }
            if let min = rules["exclusiveMinimum"]?.double, n <= min { found.append("\(path): \(n) is not above \(min)") }
            if let max = rules["maximum"]?.double, n > max { found.append("\(path): \(n) is above \(max)") }
            if let step = rules["multipleOf"]?.double, (n / step).rounded() != n / step { found.append("\(path): \(n) is not a multiple of \(step)") }
        default: break
        }
        return found
    }

    private func objectProblems(_ object: JSONObject, _ rules: JSONObject, _ path: String) -> [String] {
        var found: [String] = []
        let properties = rules["properties"]?.object ?? JSONObject()
        for name in rules["required"]?.array?.compactMap(\.string) ?? [] where object[name] == nil {
            found.append("\(path): the required member '\(name)' is missing")
        }
        for (key, member) in object {
            if let schema = properties[key] {
                found += problems(member, schema, at: "\(path).\(key)")
            } else if let extra = rules["additionalProperties"] {
                if extra == false { found.append("\(path): the member '\(key)' is not allowed") }
                else if extra.object != nil { found += problems(member, extra, at: "\(path).\(key)") }
            }
        }
        return found
    }

    /// A documented stand-in: a string ending in `…` (when lenient).
    private func isStandIn(_ value: JSONValue) -> Bool { lenient && (value.string?.hasSuffix("…") ?? false) }

    private static func isOfType(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): return true
        case ("integer", .int): return true
        case ("integer", .double(let d)): return d.rounded() == d
        case ("number", .int), ("number", .double): return true
        default: return false
        }
    }

    private static func shown(_ value: JSONValue) -> String {
        let text = value.serializedString()
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
