/// A JSON object that keeps its members in insertion order, so output is stable.
///
/// Lookups are linear for small objects and hashed once an object grows past a few
/// members. Setting an existing key replaces the value in place (the key keeps its position).
/// Equality ignores order, as JSON object semantics do.
public struct JSONObject: Sendable {
    /// The members, in order.
    public private(set) var entries: [(key: String, value: JSONValue)] = []
    private var index: [String: Int]? = nil

    /// Objects with more members than this get a hash index.
    private static let indexThreshold = 12

    /// An empty object.
    public init() {}

    /// An object with `entries` in order; a repeated key keeps its first place and last value.
    public init(_ entries: [(String, JSONValue)]) {
        self.entries.reserveCapacity(entries.count)
        for (key, value) in entries { self[key] = value }
    }

    /// The number of members.
    public var count: Int { entries.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys, in order.
    public var keys: [String] { entries.map(\.key) }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        for i in entries.indices where entries[i].key == key { return i }
        return nil
    }

    /// The value for `key`; assigning `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    entries[i].value = newValue
                } else {
                    entries.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                entries.append((key, newValue))
                if index != nil {
                    index![key] = entries.count - 1
                } else if entries.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        guard entries.count > Self.indexThreshold else { index = nil; return }
        var built = [String: Int](minimumCapacity: entries.count)
        for (i, entry) in entries.enumerated() { built[entry.key] = i }
        index = built
    }
}

extension JSONObject: Sequence {
    /// Iterates the members in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        entries.makeIterator()
    }
}

extension JSONObject: Hashable {
    /// Two objects are equal when they have the same members, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.entries where rhs[key] != value { return false }
        return true
    }

    /// Hashes the members independently of their order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var combined = 0
        for (key, value) in entries {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// A dictionary literal; keys keep the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
