import CreatureCore

/// Decodes a method's `Params` type straight from the parsed JSON value (no byte round trip),
/// with the protocol's rules: absent, `null`, `{}` and `[]` params are all "no params"; a key the
/// type does not read is refused naming it and the nearest key it does read; `null` is the same
/// as an absent key; every error is invalid params (-32602) naming the field.
enum ParamsDecoder {
    /// `Params` read from a request's `params`.
    static func decode<Params: Decodable>(_ type: Params.Type, from params: JSONValue) throws(ResponseError) -> Params {
        let object: JSONObject
        switch params {
        case .null: object = JSONObject()
        case .object(let o): object = o
        case .array(let a) where a.isEmpty: object = JSONObject()
        default:
            throw .invalidParams(field: "params", "'params' must be an object of named params; it is \(params.kindName).")
        }
        // Keys the type does not read are refused first: a slip in a required key's name is
        // reported as the slip, not as the key missing.
        let known = declaredKeys(Params.self)
        try KeyTracker.refuse(object, path: "", read: known)
        let tracker = KeyTracker()
        let value: Params
        do {
            value = try Params(from: ValueDecoder(.object(object), path: [], tracker: tracker))
        } catch let error as ParamError {
            throw error.response
        } catch {
            throw ResponseError.invalidParams(field: "params", "The params cannot be read: \(error).")
        }
        try tracker.refuseUnknownKeys()
        return value
    }

    /// The keys `Params`' own decoding reads from a top-level object, a missing required one
    /// stood in for (for the test that a method's declared params are exactly the keys it reads).
    static func keysRead<Params: Decodable>(_ type: Params.Type, from object: JSONObject) -> Set<String> {
        let tracker = KeyTracker()
        tracker.standsInForMissingKeys = true
        _ = try? Params(from: ValueDecoder(.object(object), path: [], tracker: tracker))
        return tracker.objects.first?.read ?? []
    }

    /// The top-level keys of each params type, from its schema (worked out once per type).
    private static let keysByType = Locked([ObjectIdentifier: Set<String>]())

    static func declaredKeys<Params: Decodable>(_ type: Params.Type) -> Set<String> {
        if let keys = keysByType.withLock({ $0[ObjectIdentifier(type)] }) { return keys }
        let keys = Set(SchemaRecorder.properties(of: type).map(\.name))
        keysByType.withLock { $0[ObjectIdentifier(type)] = keys }
        return keys
    }

    /// A failure with the param's dotted path (`thumbnails.size`) and a sentence about it.
    struct ParamError: Error {
        let field: String
        let message: String
        var extra: [(String, JSONValue)] = []
        var code: ErrorCode = .invalidParams
        var response: ResponseError {
            ResponseError(code: code, message: message, data: .object(JSONObject([("field", .string(field))] + extra)))
        }
    }

    /// The objects met while decoding and the keys the type read from each.
    final class KeyTracker {
        var objects: [(path: String, object: JSONObject, read: Set<String>)] = []
        /// Whether a missing required key is stood in for instead of refused (`keysRead`).
        var standsInForMissingKeys = false

        func refuseUnknownKeys() throws(ResponseError) {
            for (path, object, read) in objects { try Self.refuse(object, path: path, read: read) }
        }

        /// Refuses the first key of `object` not in `read`, naming the nearest one that is.
        static func refuse(_ object: JSONObject, path: String, read: Set<String>) throws(ResponseError) {
            // LSP's work-done token may come with any request; the transport reads it.
            for key in object.keys where !read.contains(key) && !(path.isEmpty && key == "workDoneToken") {
                let field = path.isEmpty ? key : path + "." + key
                let known = read.sorted()
                var message = "'\(field.prefix(60))' is not a param of this method"
                if let nearest = ParamsDecoder.nearest(to: key, in: known) { message += "; did you mean '\(nearest)'?" }
                else { message += "." }
                message += known.isEmpty ? " It takes no params." : " It takes: \(known.joined(separator: ", "))."
                throw ResponseError(code: .invalidParams, message: message, data: [
                    "field": .string(String(field.prefix(200))), "known": .array(known.map { .string($0) }),
                ])
            }
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

    static func pathString(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" }
            else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "params" : text
    }

    /// The sentence for a value of the wrong kind: "'size' must be a whole number; it is "big"."
    static func mismatch(_ path: [any CodingKey], _ expected: String, _ value: JSONValue) -> ParamError {
        let field = pathString(path)
        let shown = value.serializedString()
        return ParamError(field: field, message: "'\(field)' must be \(expected); it is \(shown.count > 40 ? value.kindName : shown).")
    }

    /// A decoder over one JSON value.
    struct ValueDecoder: Decoder {
        let value: JSONValue
        let codingPath: [any CodingKey]
        let tracker: KeyTracker
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(_ value: JSONValue, path: [any CodingKey], tracker: KeyTracker) {
            self.value = value
            self.codingPath = path
            self.tracker = tracker
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let object) = value else { throw mismatch(codingPath, "an object", value) }
            let index = tracker.objects.count
            tracker.objects.append((pathString(codingPath) == "params" ? "" : pathString(codingPath), object, []))
            return KeyedDecodingContainer(Keyed<Key>(object: object, decoder: self, slot: index))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let items) = value else { throw mismatch(codingPath, "an array", value) }
            return Unkeyed(items: items, decoder: self)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if T.self == JSONValue.self { return value as! T }
            if let paramValue = T.self as? any ParamValue.Type {
                do { return try paramValue.param(value) as! T } catch { throw paramError(error) }
            }
            switch value {
            case .string(let s):
                if T.self == String.self { return s as! T }
            case .bool(let b):
                if T.self == Bool.self { return b as! T }
            case .int, .double:
                if T.self == Int.self {
                    guard let i = value.int else { throw mismatch(codingPath, "a whole number", value) }
                    return i as! T
                }
                if T.self == Double.self {
                    guard let d = value.double, d.isFinite else { throw mismatch(codingPath, "a finite number", value) }
                    return d as! T
                }
            default: break
            }
            if T.self == String.self { throw mismatch(codingPath, "a string", value) }
            if T.self == Bool.self { throw mismatch(codingPath, "true or false", value) }
            if T.self == Int.self { throw mismatch(codingPath, "a whole number", value) }
            if T.self == Double.self { throw mismatch(codingPath, "a number", value) }
            do {
                return try T(from: self)
            } catch let error as ParamError {
                throw error
            } catch let error as ParamsDecoder.Invalid {
                throw paramError(error)
            }
        }

        private func paramError(_ error: ParamsDecoder.Invalid) -> ParamError {
            let field = pathString(codingPath)
            let message = error.tooLong.map { TextLimit.TooLong(field: field, length: $0.length).message }
                ?? error.reason.map { "'\(field)' \($0)" } ?? error.message ?? ""
            return ParamError(field: field, message: message, extra: error.data + error.extraData, code: error.code)
        }
    }

    /// What a param type's own `init(from:)` throws when the value has the right kind but is not
    /// allowed: `reason` completes "'field' …", e.g. "must be 0 or more; it is -1.".
    struct Invalid: Error {
        /// Completes "'field' …".
        let reason: String?
        /// A whole sentence of its own (when the reason names the field itself).
        let message: String?
        let data: [(String, JSONValue)]
        let code: ErrorCode

        init(_ reason: String, data: [(String, JSONValue)] = []) {
            (self.reason, self.message, self.data, self.code) = (reason, nil, data, .invalidParams)
        }


        /// Invalid params with a whole sentence of their own.
        init(sentence: String) {
            (self.reason, self.message, self.data, self.code) = (nil, sentence, [], .invalidParams)
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
        /// More members for the error's `data`.
        var extraData: [(String, JSONValue)] = []
        /// The text over the limit, whose sentence names the field it came in.
        var tooLong: TextLimit.TooLong? = nil
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: JSONObject
        let decoder: ValueDecoder
        let slot: Int
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

        private func note(_ key: Key) { decoder.tracker.objects[slot].read.insert(key.stringValue) }

        func contains(_ key: Key) -> Bool {
            note(key)
            return object[key.stringValue].map { !$0.isNull } ?? false
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            note(key)
            return object[key.stringValue]?.isNull ?? true
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            note(key)
            guard let value = object[key.stringValue], !value.isNull else {
                if decoder.tracker.standsInForMissingKeys { return try SchemaRecorder.standIn(T.self, recorder: .init()) }
                let field = pathString(codingPath + [key])
                throw ParamError(field: field, message: "'\(field)' is required.")
            }
            return try ValueDecoder(value, path: codingPath + [key], tracker: decoder.tracker).decode(T.self)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            note(key)
            guard let value = object[key.stringValue], !value.isNull else { return nil }
            return try ValueDecoder(value, path: codingPath + [key], tracker: decoder.tracker).decode(T.self)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            note(key)
            return try ValueDecoder(object[key.stringValue] ?? .null, path: codingPath + [key], tracker: decoder.tracker)
                .container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            note(key)
            return try ValueDecoder(object[key.stringValue] ?? .null, path: codingPath + [key], tracker: decoder.tracker)
                .unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            note(key)
            return ValueDecoder(object[key.stringValue] ?? .null, path: codingPath + [key], tracker: decoder.tracker)
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSONValue]
        let decoder: ValueDecoder
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private mutating func next() throws -> ValueDecoder {
            guard !isAtEnd else { throw mismatch(codingPath, "longer", .array(items)) }
            defer { currentIndex += 1 }
            return ValueDecoder(items[currentIndex], path: codingPath + [IndexKey(currentIndex)], tracker: decoder.tracker)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex].isNull else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(T.self) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: ValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        func decodeNil() -> Bool { decoder.value.isNull }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self) }
    }

    /// An array index as a coding key.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { return nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}
