/// JSON Schema fragments written as JSON text (read once), for results and shared objects.
enum Schema {
    /// The schema in `text`; the text is ours, so a mistake in it is a programming error.
    static func json(_ text: String) -> JSONValue {
        do { return try JSONParser.parse(Array(text.utf8)) } catch { preconditionFailure("schema text: \(error)") }
    }

    /// `{"$ref": "#/components/schemas/NAME"}`.
    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/" + name)] }
}

/// Any JSON value may be a param (a bundle, `initialize`'s client facts): read as it is.
extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? ParamsDecoder.ValueDecoder { self = decoder.value } else { self = .null }
    }
}

/// LSP's work-done token: progress for the request goes out as `$/progress` with it (the
/// transport reads it; methods that report progress declare it).
struct ProgressToken: ParamValue, Sendable {
    let json: JSONValue
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> ProgressToken {
        guard json.int64 != nil || json.string != nil else {
            throw ParamsDecoder.Invalid("must be an integer or a string; it is \(json.kindName).")
        }
        return ProgressToken(json: json)
    }
    static var schema: JSONValue { Schema.ref("ProgressToken") }
    static var placeholder: ProgressToken { ProgressToken(json: 0) }
}
