import CreatureCore

/// An object of named params: a method's `Params`, or an object inside them (`thumbnails`). Its
/// `init(_:)` reads each param in one line through the reader, which gives the key, the type
/// (from the property it is assigned to), the note and the decoding; run against a recording
/// reader, the same `init` gives the params' schema, so the two cannot drift apart.
protocol MethodParams: Sendable {
    /// Reads the params from `params` (or, recording, notes each one).
    init(_ params: ParamReader) throws(ResponseError)
}

/// Params of a method that takes none (`{}`, `[]` or nothing).
struct NoParams: MethodParams {
    init(_ params: ParamReader) {}
}

/// A type that states its own JSON Schema (a `$ref` to a shared schema, or inline).
protocol SchemaDescribing {
    /// The JSON Schema of a value of this type.
    static var schema: JSONValue { get }
}

/// A value read from one param: how it is read from the JSON value (the error completing
/// "'field' …"), its schema, and a stand-in returned while a schema is recorded.
protocol ParamValue: SchemaDescribing, Sendable {
    /// The value a param holds; throws `ParamInvalid` completing "'field' …".
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Self
    /// Any valid value, returned while a schema is recorded.
    static var placeholder: Self { get }
}

/// One declared param as `openrpc.json` lists it.
struct ParamDeclaration: Sendable {
    /// The key.
    let name: String
    /// Its JSON Schema.
    let schema: JSONValue
    /// Whether the method needs it.
    let required: Bool
    /// What it means, if said.
    let note: String?
    /// How its type bounds it (`Bounded`), for the limits' registry.
    let bounded: BoundedParam.Type?

    /// The param as `openrpc.json` lists it.
    var openRPC: JSONValue {
        var entry: JSONObject = ["name": .string(name), "schema": schema, "required": .bool(required)]
        if let note { entry["description"] = .string(note) }
        return .object(entry)
    }
}

/// Reads params from a request's object with the protocol's rules (`null` is an absent key; each
/// error is -32602 naming the field's path, `thumbnails.size`, `seeds[3]`), or records their
/// declarations (`MethodParams.declarations`).
struct ParamReader {
    private enum Source {
        case object(JSONObject)
        case recording(Recording)
    }

    /// The declarations noted while recording.
    private final class Recording {
        var params: [ParamDeclaration] = []
        func note(_ name: String, _ schema: JSONValue, required: Bool, _ note: String?, bounded: BoundedParam.Type? = nil) {
            if !params.contains(where: { $0.name == name }) {
                params.append(ParamDeclaration(name: name, schema: schema, required: required, note: note, bounded: bounded))
            }
        }
    }

    private let source: Source
    /// The dotted path of the object read: "" for the params themselves.
    let path: String

    private init(_ source: Source, path: String) {
        self.source = source
        self.path = path
    }

    /// The path of `key` in this object, for errors.
    private func field(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// A param that may be absent (or `null`).
    func optional<V: ParamValue>(_ key: String, _ note: String? = nil) throws(ResponseError) -> V? {
        switch source {
        case .recording(let recording):
            recording.note(key, V.schema, required: false, note, bounded: V.self as? BoundedParam.Type)
            return nil
        case .object(let object):
            guard let json = object[key], !json.isNull else { return nil }
            return try Self.read(V.self, json, field: field(key))
        }
    }

    /// A param the method needs.
    func required<V: ParamValue>(_ key: String, _ note: String? = nil) throws(ResponseError) -> V {
        switch source {
        case .recording(let recording):
            recording.note(key, V.schema, required: true, note, bounded: V.self as? BoundedParam.Type)
            return V.placeholder
        case .object(let object):
            guard let json = object[key], !json.isNull else {
                throw ResponseError.invalidParams(field: field(key), "'\(field(key))' is required.")
            }
            return try Self.read(V.self, json, field: field(key))
        }
    }

    /// An array param that may be absent; each element is read as `V` (`seeds[3]` in errors).
    func optional<V: ParamValue>(_ key: String, _ note: String? = nil) throws(ResponseError) -> [V]? {
        switch source {
        case .recording(let recording):
            recording.note(key, ["type": "array", "items": V.schema], required: false, note, bounded: V.self as? BoundedParam.Type)
            return nil
        case .object(let object):
            guard let json = object[key], !json.isNull else { return nil }
            let name = field(key)
            guard case .array(let items) = json else { throw Self.error(ParamInvalid(expected: "an array", json), field: name) }
            var values: [V] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { values.append(try Self.read(V.self, item, field: "\(name)[\(index)]")) }
            return values
        }
    }

    /// An object param that may be absent, read as `O` (its keys checked as the params' are).
    func optional<O: MethodParams>(_ key: String, _ note: String? = nil) throws(ResponseError) -> O? {
        switch source {
        case .recording(let recording):
            recording.note(key, O.schema, required: false, note)
            return nil
        case .object(let object):
            guard let json = object[key], !json.isNull else { return nil }
            return try Self.read(O.self, json, field: field(key))
        }
    }

    /// An object param the method needs, read as `O`.
    func required<O: MethodParams>(_ key: String, _ note: String? = nil) throws(ResponseError) -> O {
        switch source {
        case .recording(let recording):
            recording.note(key, O.schema, required: true, note)
            return try O(ParamReader(.recording(Recording()), path: ""))
        case .object(let object):
            guard let json = object[key], !json.isNull else {
                throw ResponseError.invalidParams(field: field(key), "'\(field(key))' is required.")
            }
            return try Self.read(O.self, json, field: field(key))
        }
    }

    /// An array param the method needs, each element an object read as `O` (`contentChanges[3].text`
    /// in errors).
    func required<O: MethodParams>(_ key: String, _ note: String? = nil) throws(ResponseError) -> [O] {
        switch source {
        case .recording(let recording):
            recording.note(key, ["type": "array", "items": O.schema], required: true, note)
            return []
        case .object(let object):
            let name = field(key)
            guard let json = object[key], !json.isNull else { throw ResponseError.invalidParams(field: name, "'\(name)' is required.") }
            guard case .array(let items) = json else { throw Self.error(ParamInvalid(expected: "an array", json), field: name) }
            var values: [O] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { values.append(try Self.read(O.self, item, field: "\(name)[\(index)]")) }
            return values
        }
    }

    /// An object `O` read from `json` at `field` (its keys checked as the params' are).
    private static func read<O: MethodParams>(_ type: O.Type, _ json: JSONValue, field: String) throws(ResponseError) -> O {
        guard case .object(let inner) = json else { throw Self.error(ParamInvalid(expected: "an object", json), field: field) }
        return try O.read(inner, path: field, keys: O.declarations.map(\.name))
    }

    /// `V` read from `json`, its error naming `field`.
    private static func read<V: ParamValue>(_ type: V.Type, _ json: JSONValue, field: String) throws(ResponseError) -> V {
        do { return try V.param(json) } catch { throw Self.error(error, field: field) }
    }

    /// The response for a value of `field` that is not allowed.
    static func error(_ invalid: ParamInvalid, field: String) -> ResponseError {
        let message = invalid.tooLong.map { TextLimit.TooLong(field: field, length: $0.length).message }
            ?? invalid.reason.map { "'\(field)' \($0)" } ?? invalid.message ?? ""
        return ResponseError(code: invalid.code, message: message,
                             data: .object(JSONObject([("field", .string(field))] + invalid.data + invalid.extraData)))
    }

    /// Reads `Params` from a request's object.
    fileprivate static func reading(_ object: JSONObject, path: String) -> ParamReader { ParamReader(.object(object), path: path) }

    /// The declarations `Params`' `init` reads, in its order.
    fileprivate static func declarations<Params: MethodParams>(of type: Params.Type) -> [ParamDeclaration] {
        let recording = Recording()
        _ = try? Params(ParamReader(.recording(recording), path: ""))
        return recording.params
    }
}

extension MethodParams {
    /// The params this type reads, in order (recorded from its `init`).
    static var declarations: [ParamDeclaration] { ParamReader.declarations(of: Self.self) }

    /// `{type: object, properties, required, additionalProperties: false}`.
    static var schema: JSONValue {
        let params = declarations
        var object: JSONObject = ["type": "object", "properties": .object(JSONObject(params.map { ($0.name, $0.schema) }))]
        let required = params.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { object["required"] = .array(required) }
        object["additionalProperties"] = false
        return .object(object)
    }

    /// Reads a request's `params` with the protocol's rules: absent, `null`, `{}` and `[]` are all
    /// "no params"; a key not in `keys` (the declared ones) is refused first, naming it and the
    /// nearest declared key (so a slip in a required key's name is reported as the slip).
    static func decode(_ params: JSONValue, keys: [String]) throws(ResponseError) -> Self {
        switch params {
        case .null: return try read(JSONObject(), path: "", keys: keys)
        case .object(let object): return try read(object, path: "", keys: keys)
        case .array(let items) where items.isEmpty: return try read(JSONObject(), path: "", keys: keys)
        default:
            throw .invalidParams(field: "params", "'params' must be an object of named params; it is \(params.kindName).")
        }
    }

    /// Reads `object` at `path`, refusing a key not in `keys` first.
    fileprivate static func read(_ object: JSONObject, path: String, keys: [String]) throws(ResponseError) -> Self {
        try ParamKeys.refuseUnknown(object, path: path, known: keys)
        return try Self(ParamReader.reading(object, path: path))
    }
}

/// Why a param's value is not allowed: `reason` completes "'field' …", e.g. "must be 0 or more;
/// it is -1.".
struct ParamInvalid: Error {
    /// Completes "'field' …".
    let reason: String?
    /// A whole sentence of its own (when the reason names the field itself).
    let message: String?
    /// Members for the error's `data` besides `field`.
    let data: [(String, JSONValue)]
    /// The error code (-32602 unless said).
    let code: ErrorCode
    /// More members for the error's `data`.
    var extraData: [(String, JSONValue)] = []
    /// The text over the limit, whose sentence names the field it came in.
    var tooLong: TextLimit.TooLong? = nil

    init(_ reason: String, data: [(String, JSONValue)] = []) {
        (self.reason, self.message, self.data, self.code) = (reason, nil, data, .invalidParams)
    }

    /// Invalid params with a whole sentence of their own.
    init(sentence: String) {
        (self.reason, self.message, self.data, self.code) = (nil, sentence, [], .invalidParams)
    }

    /// A value of the wrong kind: "must be a whole number; it is "big"." (long values by kind).
    init(expected: String, _ json: JSONValue) {
        let shown = json.serializedString()
        self.init("must be \(expected); it is \(shown.count > 40 ? json.kindName : shown).")
    }

    /// A text over the length limit: error 1002 with the limit's own sentence.
    init(_ tooLong: TextLimit.TooLong) {
        (reason, message, code, self.tooLong) = (nil, tooLong.message, .seedTooLong, tooLong)
        data = [("limit", .int(Int64(tooLong.limit))), ("length", .int(Int64(tooLong.length)))]
    }

    /// A share link that cannot be read: 1003, or 1009 for too many seeds.
    init(_ error: ShareLink.ParseError) {
        if case .tooMany = error { code = .tooMany } else { code = .badShareLink }
        (reason, message, data) = (nil, error.message, [])
    }
}

/// The check that an object of params holds only declared keys, and the "did you mean".
enum ParamKeys {
    /// Refuses the first key of `object` not in `known`, naming the nearest one that is.
    static func refuseUnknown(_ object: JSONObject, path: String, known: [String]) throws(ResponseError) {
        // LSP's work-done token may come with any request; the transport reads it.
        for key in object.keys where !known.contains(key) && !(path.isEmpty && key == "workDoneToken") {
            let field = path.isEmpty ? key : path + "." + key
            let sorted = known.sorted()
            var message = "'\(field.prefix(60))' is not a param of this method"
            if let nearest = nearest(to: key, in: sorted) { message += "; did you mean '\(nearest)'?" } else { message += "." }
            message += sorted.isEmpty ? " It takes no params." : " It takes: \(sorted.joined(separator: ", "))."
            throw ResponseError(code: .invalidParams, message: message, data: [
                "field": .string(String(field.prefix(200))), "known": .array(sorted.map { .string($0) }),
            ])
        }
    }

    /// The key of `known` closest to `key` by edit distance, if close enough to be a slip (at most
    /// a third of its letters, and at least one), case ignored.
    static func nearest(to key: String, in known: [String]) -> String? {
        let typed = Array(key.lowercased().prefix(64))
        var best: (String, Int)? = nil
        for candidate in known {
            let d = editDistance(typed, Array(candidate.lowercased()))
            if d <= max(1, candidate.count / 3), d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1), previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
