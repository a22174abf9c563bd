#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import JSON

/// The compact JSON text (`["a","b"]`) that stores a history stack in one column. Its reading
/// is hand-written because it runs for every row of a list-all, where building `JSONValue`s
/// would dominate the time.
enum SeedListCoding {
    /// JSON array text of `seeds`, as the protocol writes it (non-ASCII kept as UTF-8).
    static func encode(_ seeds: [String]) -> String {
        seeds.isEmpty ? "[]" : JSONValue.array(seeds.map(JSONValue.string)).serializedString()
    }

    /// The strings of a JSON array of strings; nil when the text is not one.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var i = 0
        let n = bytes.count
        func skipSpace() { while i < n, bytes[i] == 32 || bytes[i] == 10 || bytes[i] == 13 || bytes[i] == 9 { i += 1 } }
        skipSpace()
        guard i < n, bytes[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        skipSpace()
        var result: [String] = []
        if i < n, bytes[i] == UInt8(ascii: "]") {
            i += 1
        } else {
            while true {
                skipSpace()
                guard i < n, bytes[i] == UInt8(ascii: "\""), let string = string(bytes, from: &i) else { return nil }
                result.append(string)
                skipSpace()
                guard i < n else { return nil }
                i += 1
                if bytes[i - 1] == UInt8(ascii: "]") { break }
                guard bytes[i - 1] == UInt8(ascii: ",") else { return nil }
            }
        }
        skipSpace()
        return i == n ? result : nil
    }

    /// The JSON string starting at the quote at `i`; `i` ends after its closing quote.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, from i: inout Int) -> String? {
        let n = bytes.count
        i += 1
        // Fast path: no escapes before the closing quote (found with memchr, which scans a
        // word or more at a time: seed lists are most of what list-all reads).
        if i < n, let base = bytes.baseAddress, let quote = memchr(base + i, Int32(UInt8(ascii: "\"")), n - i) {
            let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(quote))
            if memchr(base + i, Int32(UInt8(ascii: "\\")), end - i) == nil {
                defer { i = end + 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)
            }
        }
        var utf8: [UInt8] = []
        var pendingHigh: UInt32?
        while true {
            guard i < n else { return nil }
            let byte = bytes[i]
            i += 1
            if byte != UInt8(ascii: "\\"), pendingHigh != nil {
                pendingHigh = nil  // a lone high surrogate
                utf8 += Array("\u{FFFD}".utf8)
            }
            if byte == UInt8(ascii: "\"") { return String(decoding: utf8, as: UTF8.self) }
            if byte != UInt8(ascii: "\\") { utf8.append(byte); continue }
            guard i < n else { return nil }
            let escape = bytes[i]
            i += 1
            var code: UInt32
            switch escape {
            case UInt8(ascii: "\""): code = 34
            case UInt8(ascii: "\\"): code = 92
            case UInt8(ascii: "/"): code = 47
            case UInt8(ascii: "b"): code = 8
            case UInt8(ascii: "f"): code = 12
            case UInt8(ascii: "n"): code = 10
            case UInt8(ascii: "r"): code = 13
            case UInt8(ascii: "t"): code = 9
            case UInt8(ascii: "u"):
                guard i + 4 <= n, let value = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<i + 4]), as: UTF8.self), radix: 16) else { return nil }
                i += 4
                code = value
            default: return nil
            }
            if let high = pendingHigh {
                pendingHigh = nil
                if (0xDC00...0xDFFF).contains(code) {
                    code = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                } else {
                    utf8 += Array("\u{FFFD}".utf8)
                }
            } else if (0xD800...0xDBFF).contains(code) {
                pendingHigh = code
                continue
            }
            utf8 += Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
        }
    }
}
