/// Writes `JSONValue`s as compact JSON text.
///
/// - Object members in their stored order; no whitespace.
/// - Strings: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes,
///   `/` and non-ASCII left as they are (UTF-8).
/// - Integers without a fraction; doubles in Swift's shortest round-tripping form
///   (`1.0`, `0.1`, `1e-07`); non-finite doubles, which JSON cannot express, as `null`.
public enum JSONSerializer {
    /// Appends the JSON text of `value` to `out`.
    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: appendASCII("null", to: &out)
        case .bool(let b): appendASCII(b ? "true" : "false", to: &out)
        case .int(let i): writeInteger(i, into: &out)
        case .double(let d): writeDouble(d, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .serialized(let text):
            text.withBytes { out.append(contentsOf: $0) }
        }
    }

    /// The JSON text of `value` as bytes.
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        write(value, into: &out)
        return out
    }

    static func appendASCII(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Digits backwards into a small stack buffer; magnitude as UInt64 handles Int64.min.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var i = 20
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<20]))
        }
    }

    static func writeDouble(_ value: Double, into out: inout [UInt8]) {
        guard value.isFinite else {
            appendASCII("null", to: &out)
            return
        }
        // Swift's description is the shortest form that reads back to the same Double,
        // and is valid JSON for finite values ("1.0", "-0.0", "1e-07", "1.5e+300").
        out.append(contentsOf: value.description.utf8)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            // Eight bytes at a time up to the first byte that needs escaping (a data URI has none).
            let clean = cleanPrefix(utf8)
            for i in clean..<utf8.count {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
                runStart = i + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                default:
                    out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                            hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
                }
            }
            if runStart < utf8.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// How many leading bytes of `utf8` need no escaping, give or take the last word read: the
/// scan reads eight bytes at a time and stops at the first word holding a control character,
/// `"` or `\` (found exactly, by the usual bit tricks for a zero or small byte in a word).
private func cleanPrefix(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i + 8 <= utf8.count {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let small = (word &- ones &* 0x20) & ~word
        let zeroQuote = (quote &- ones) & ~quote, zeroBackslash = (backslash &- ones) & ~backslash
        if (small | zeroQuote | zeroBackslash) & highs != 0 { break }
        i += 8
    }
    return i
}

extension JSONValue {
    /// The compact JSON text of this value, as UTF-8 bytes.
    public func serialized() -> [UInt8] { JSONSerializer.bytes(self) }

    /// The compact JSON text of this value, as a string.
    public func serializedString() -> String { String(decoding: serialized(), as: UTF8.self) }
}
