/// Reading request params with invalid-params errors (-32602) that name the member.
extension JSONValue {
    /// The member `key`, which must be present (and not null).
    public func required(_ key: String) throws(ResponseError) -> JSONValue {
        guard let value = self[key], !value.isNull else { throw .invalidParams("missing \"\(key)\"") }
        return value
    }

    /// The string member `key`, which must be present.
    public func requiredString(_ key: String) throws(ResponseError) -> String {
        guard let value = try required(key).string else { throw .invalidParams("\"\(key)\" must be a string") }
        return value
    }

    /// The integer member `key`, which must be present.
    public func requiredInt(_ key: String) throws(ResponseError) -> Int {
        guard let value = try required(key).int else { throw .invalidParams("\"\(key)\" must be an integer") }
        return value
    }

    /// The boolean member `key`, which must be present.
    public func requiredBool(_ key: String) throws(ResponseError) -> Bool {
        guard let value = try required(key).bool else { throw .invalidParams("\"\(key)\" must be a boolean") }
        return value
    }

    /// The string member `key`, or `nil` when absent or null; any other type is an error.
    public func optionalString(_ key: String) throws(ResponseError) -> String? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let string = value.string else { throw .invalidParams("\"\(key)\" must be a string") }
        return string
    }

    /// The integer member `key`, or `nil` when absent or null; any other type is an error.
    public func optionalInt(_ key: String) throws(ResponseError) -> Int? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let int = value.int else { throw .invalidParams("\"\(key)\" must be an integer") }
        return int
    }

    /// The boolean member `key`, or `nil` when absent or null; any other type is an error.
    public func optionalBool(_ key: String) throws(ResponseError) -> Bool? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let bool = value.bool else { throw .invalidParams("\"\(key)\" must be a boolean") }
        return bool
    }
}
