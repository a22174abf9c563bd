/// Writes JSON text straight into a byte buffer, member by member, with `JSONSerializer`'s own
/// spelling of strings and numbers: for output too large or too hot to build as a `JSONValue`
/// first (`fonsters-rpc describe` streams its records through it).
public struct JSONWriter {
    /// The text written so far.
    public var bytes: [UInt8] = []
    private var needsComma = false

    /// An empty writer.
    public init() {}

    /// Starts an object (`{`), as a value or an array element.
    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    /// Ends the object.
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    /// Starts an array (`[`).
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    /// Ends the array.
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// Writes a member's key; its value follows.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// A string value.
    public mutating func string(_ value: String) { separate(); JSONSerializer.writeString(value, into: &bytes); needsComma = true }
    /// A string value of bytes that need no escaping (printable ASCII other than `"` and `\`),
    /// written as they are: no `String` is made for them.
    public mutating func plainString(_ count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBufferPointer { fill(UnsafeMutableBufferPointer(rebasing: $0[start..<(start + count)])) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A whole-number value.
    public mutating func int(_ value: Int) { separate(); JSONSerializer.writeInteger(Int64(value), into: &bytes); needsComma = true }
    /// A whole number, or `null`.
    public mutating func int(_ value: Int?) { if let value { int(value) } else { null() } }
    /// A number value.
    public mutating func double(_ value: Double) { separate(); JSONSerializer.writeDouble(value, into: &bytes); needsComma = true }
    /// `true` or `false`.
    public mutating func bool(_ value: Bool) { separate(); JSONSerializer.appendASCII(value ? "true" : "false", to: &bytes); needsComma = true }
    /// `null`.
    public mutating func null() { separate(); JSONSerializer.appendASCII("null", to: &bytes); needsComma = true }
    /// Any `JSONValue`, written by the serializer.
    public mutating func value(_ value: JSONValue) { separate(); JSONSerializer.write(value, into: &bytes); needsComma = true }

    /// Forgets the text written (keeping the buffer's capacity), e.g. after it was sent out.
    public mutating func flushed() { bytes.removeAll(keepingCapacity: true) }

    private mutating func separate() { if needsComma { bytes.append(UInt8(ascii: ",")) } }
}
