/// A value that writes its own JSON text through a `JSONWriter`, member by member, without a
/// `JSONValue` built first: what a request handler answers with (the transport writes the
/// response around it and knows nothing else of it).
public protocol JSONWritable: Sendable {
    /// Writes this value as one JSON value (an object member's value, an array's element, …).
    func write(to out: inout JSONWriter)
}

extension JSONValue: JSONWritable {
    /// Writes this value as `JSONSerializer` spells it.
    public func write(to out: inout JSONWriter) { out.value(self) }
}

extension JSONWritable {
    /// The JSON text of this value.
    public func jsonBytes() -> [UInt8] {
        var out = JSONWriter(capacity: 256)
        write(to: &out)
        return out.bytes
    }
}
