#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes JSON text straight into a byte buffer, member by member, with `JSONSerializer`'s own
/// spelling of strings and numbers: for output too large or too hot to build as a `JSONValue`
/// first (`fonsters-rpc describe` streams its records through it).
///
/// It owns its buffer and writes through a pointer (an array's append checks uniqueness and
/// capacity per call: a third of a record's time), so it cannot be copied.
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written (since the last `flushed()`).
    public private(set) var count = 0
    private var needsComma = false

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        // malloc and realloc, not allocate: a big buffer grows in place or by remapping its
        // pages, instead of being copied at each doubling.
        base = malloc(self.capacity)!.bindMemory(to: UInt8.self, capacity: self.capacity)
    }

    deinit { free(base) }

    /// The text written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Makes room for `capacity` bytes in all, so that writing that much grows nothing.
    public mutating func reserveCapacity(_ capacity: Int) {
        if capacity > self.capacity { grow(to: capacity) }
    }

    /// A string value from UTF-8 bytes, spelled as `string(_:)` spells the `String` they decode
    /// to (ill-formed UTF-8 repaired as `String(decoding:as:)` repairs it): no `String` is made
    /// for the common case of printable ASCII.
    public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
        guard Self.isPlain(value) else {
            string(String(decoding: value, as: UTF8.self))
            return
        }
        plainString(value.count) { out in
            if let start = value.baseAddress, value.count > 0 { out.baseAddress!.update(from: start, count: value.count) }
        }
    }

    /// How many bytes `string(utf8:)` writes for `value`, quotes included.
    public static func count(utf8 value: UnsafeBufferPointer<UInt8>) -> Int {
        isPlain(value) ? value.count + 2 : JSONValue.serializedCount(of: String(decoding: value, as: UTF8.self))
    }

    /// Starts an object (`{`), as a value or an array element.
    public mutating func beginObject() { separate(); put(UInt8(ascii: "{")); needsComma = false }
    /// Ends the object.
    public mutating func endObject() { put(UInt8(ascii: "}")); needsComma = true }
    /// Starts an array (`[`).
    public mutating func beginArray() { separate(); put(UInt8(ascii: "[")); needsComma = false }
    /// Ends the array.
    public mutating func endArray() { put(UInt8(ascii: "]")); needsComma = true }

    /// Writes a member's key; its value follows.
    public mutating func key(_ key: StaticString) {
        let length = key.utf8CodeUnitCount
        let out = reserve(length + 4)
        var o = 0
        if needsComma { out[0] = UInt8(ascii: ","); o = 1 }
        out[o] = UInt8(ascii: "\"")
        (out + o + 1).update(from: key.utf8Start, count: length)
        out[o + 1 + length] = UInt8(ascii: "\"")
        out[o + 2 + length] = UInt8(ascii: ":")
        count += o + 3 + length
        needsComma = false
    }

    /// Writes a member's key given as text (escaped as a string value is); its value follows.
    public mutating func key(_ key: String) {
        string(key)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A string value.
    public mutating func string(_ value: String) {
        separate()
        var value = value
        let plain = value.withUTF8 { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            let out = reserve(utf8.count + 2)
            out[0] = UInt8(ascii: "\"")
            if let start = utf8.baseAddress { (out + 1).update(from: start, count: utf8.count) }
            out[utf8.count + 1] = UInt8(ascii: "\"")
            count += utf8.count + 2
            return true
        }
        if !plain {
            var escaped: [UInt8] = []
            JSONSerializer.writeString(value, into: &escaped)
            put(escaped)
        }
        needsComma = true
    }

    /// A string value of bytes that need no escaping (printable ASCII other than `"` and `\`),
    /// written as they are: no `String` is made for them.
    public mutating func plainString(_ length: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        separate()
        let out = reserve(length + 2)
        out[0] = UInt8(ascii: "\"")
        fill(UnsafeMutableBufferPointer(start: out + 1, count: length))
        out[length + 1] = UInt8(ascii: "\"")
        count += length + 2
        needsComma = true
    }

    /// A whole-number value.
    public mutating func int(_ value: Int) {
        separate()
        if value >= 0 && value < 10 {
            put(UInt8(ascii: "0") &+ UInt8(value))
        } else {
            var digits = 1, rest = value.magnitude / 10
            while rest > 0 { digits += 1; rest /= 10 }
            let sign = value < 0 ? 1 : 0
            let out = reserve(sign + digits)
            if sign == 1 { out[0] = UInt8(ascii: "-") }
            var magnitude = value.magnitude
            for i in stride(from: sign + digits - 1, through: sign, by: -1) {
                out[i] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            }
            count += sign + digits
        }
        needsComma = true
    }

    /// A whole number, or `null`.
    public mutating func int(_ value: Int?) { if let value { int(value) } else { null() } }
    /// A number value.
    public mutating func double(_ value: Double) {
        separate()
        var text: [UInt8] = []
        JSONSerializer.writeDouble(value, into: &text)
        put(text)
        needsComma = true
    }
    /// `true` or `false`.
    public mutating func bool(_ value: Bool) { separate(); put(value ? "true" : "false"); needsComma = true }
    /// `null`.
    public mutating func null() { separate(); put("null"); needsComma = true }
    /// Any `JSONValue`, written by the serializer.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .int(let i): int(Int(i))
        case .double(let d): double(d)
        case .string(let s): string(s)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let object):
            beginObject()
            for (key, member) in object {
                self.key(key)
                self.value(member)
            }
            endObject()
        }
    }
    /// A line break between values (outside JSON's grammar: for a newline after the document).
    public mutating func newline() { put(0x0A) }

    /// Forgets the text written (keeping the buffer), e.g. after it was sent out.
    public mutating func flushed() { count = 0 }

    /// Forgets the text written and starts afresh, as a new writer would (keeping the buffer):
    /// for a writer reused for one document after another.
    public mutating func reset() {
        count = 0
        needsComma = false
    }

    /// The bytes of room the buffer holds now (it grows as text is written).
    public var bufferCapacity: Int { capacity }

    /// Calls `body` with the text written so far, in place (no copy).
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Whether `bytes` are printable ASCII other than `"` and `\`, tested eight at a time.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// Whether some byte of `v` is zero.
        @inline(__always) func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        var i = 0
        while i + 8 <= bytes.count {
            let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A high bit (non-ASCII), a byte under 0x20, a quote or a backslash.
            if x & highs != 0 || (x &- ones &* 0x20) & ~x & highs != 0
                || hasZero(x ^ (ones &* 0x22)) || hasZero(x ^ (ones &* 0x5C)) { return false }
            i += 8
        }
        while i < bytes.count {
            let byte = base[i]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            i += 1
        }
        return true
    }

    @inline(__always) private mutating func separate() { if needsComma { put(UInt8(ascii: ",")) } }

    /// Room for `length` more bytes: a pointer to where they go (`count` is not moved).
    @inline(__always) private mutating func reserve(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        if count + length > capacity { grow(to: count + length) }
        return base + count
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        base = realloc(base, newCapacity)!.bindMemory(to: UInt8.self, capacity: newCapacity)
        capacity = newCapacity
    }

    @inline(__always) private mutating func put(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    @inline(__always) private mutating func put(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    private mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            reserve(buffer.count).update(from: start, count: buffer.count)
            count += buffer.count
        }
    }
}
