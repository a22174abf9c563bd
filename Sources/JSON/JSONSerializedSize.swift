extension JSONValue {
    /// How many bytes `serialized()` would write, counted without writing them: for a size
    /// check before a value is sent (the count follows `JSONSerializer`'s spelling).
    public var serializedCount: Int {
        switch self {
        case .null: return 4
        case .bool(let b): return b ? 4 : 5
        case .int(let i):
            var count = i < 0 ? 2 : 1
            var rest = i.magnitude / 10
            while rest > 0 { count += 1; rest /= 10 }
            return count
        case .double(let d): return d.isFinite ? d.description.utf8.count : 4
        case .string(let s): return Self.serializedCount(of: s)
        case .array(let elements):
            return elements.reduce(max(2, elements.count + 1)) { $0 + $1.serializedCount }
        case .object(let object):
            return object.reduce(max(2, object.count + 1)) { $0 + Self.serializedCount(of: $1.key) + 1 + $1.value.serializedCount }
        }
    }

    /// The quoted, escaped length of `string`: `"` and `\` and the short escapes take 2 bytes,
    /// other control characters 6 (`\u00XX`), every other byte of its UTF-8 one.
    static func serializedCount(of string: String) -> Int {
        var count = 2
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: count += 2
            case 0..<0x20: count += 6
            default: count += 1
            }
        }
        return count
    }
}
