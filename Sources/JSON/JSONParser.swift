/// A strict RFC 8259 JSON parser over raw bytes.
///
/// - Rejects anything the grammar does not allow: trailing commas, leading zeros, unescaped
///   control characters, invalid UTF-8, lone surrogate escapes, non-finite numbers, trailing data.
/// - Nesting deeper than `maxDepth` is an error, so hostile input cannot overflow the stack.
/// - Duplicate object keys: the last value wins, at the first key's position.
public struct JSONParser: ~Copyable {
    /// The default nesting limit for arrays and objects.
    public static let defaultMaxDepth = 256

    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var pos = 0
    private let maxDepth: Int

    private init(_ buffer: UnsafeRawBufferPointer, maxDepth: Int) {
        // An empty buffer may have a nil base address; any valid pointer will do since `end` is 0.
        self.base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            ?? UnsafePointer(bitPattern: 1)!
        self.end = buffer.count
        self.maxDepth = maxDepth
    }

    /// Parses one complete JSON text from `buffer`.
    public static func parse(
        _ buffer: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(buffer, maxDepth: maxDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.pos < parser.end {
            throw JSONParseError("unexpected data after the JSON value (\(parser.describeByte()))", offset: parser.pos)
        }
        return value
    }

    /// Parses one complete JSON text from `bytes`.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBytes { buffer in
            do throws(JSONParseError) {
                return .success(try parse(buffer, maxDepth: maxDepth))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one complete JSON text from the UTF-8 of `text`.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    // MARK: - Grammar

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard pos < end else { throw JSONParseError("unexpected end of input, expected a value", offset: pos) }
        switch base[pos] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw JSONParseError("unexpected \(describeByte()), expected a value", offset: pos)
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        if depth > maxDepth { throw JSONParseError("nesting deeper than \(maxDepth) levels", offset: pos) }
        pos += 1 // {
        var object = JSONObject()
        skipWhitespace()
        if pos < end, base[pos] == UInt8(ascii: "}") { pos += 1; return .object(object) }
        while true {
            guard pos < end else { throw JSONParseError("unexpected end of input in an object", offset: pos) }
            guard base[pos] == UInt8(ascii: "\"") else {
                if base[pos] == UInt8(ascii: "}") { throw JSONParseError("trailing comma in an object", offset: pos) }
                throw JSONParseError("unexpected \(describeByte()), expected a string key", offset: pos)
            }
            let key = try parseString()
            skipWhitespace()
            guard pos < end, base[pos] == UInt8(ascii: ":") else {
                throw JSONParseError("expected ':' after an object key, found \(describeByte())", offset: pos)
            }
            pos += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            object[key] = value
            skipWhitespace()
            guard pos < end else { throw JSONParseError("unexpected end of input in an object", offset: pos) }
            switch base[pos] {
            case UInt8(ascii: ","): pos += 1; skipWhitespace()
            case UInt8(ascii: "}"): pos += 1; return .object(object)
            default: throw JSONParseError("unexpected \(describeByte()), expected ',' or '}' in an object", offset: pos)
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        if depth > maxDepth { throw JSONParseError("nesting deeper than \(maxDepth) levels", offset: pos) }
        pos += 1 // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if pos < end, base[pos] == UInt8(ascii: "]") { pos += 1; return .array(elements) }
        while true {
            guard pos < end else { throw JSONParseError("unexpected end of input in an array", offset: pos) }
            if base[pos] == UInt8(ascii: "]") { throw JSONParseError("trailing comma in an array", offset: pos) }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard pos < end else { throw JSONParseError("unexpected end of input in an array", offset: pos) }
            switch base[pos] {
            case UInt8(ascii: ","): pos += 1; skipWhitespace()
            case UInt8(ascii: "]"): pos += 1; return .array(elements)
            default: throw JSONParseError("unexpected \(describeByte()), expected ',' or ']' in an array", offset: pos)
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let bytes = literal.utf8Start
        for i in 0..<count where pos + i >= end || base[pos + i] != bytes[i] {
            throw JSONParseError("invalid literal, expected '\(literal)'", offset: pos + i)
        }
        pos += count
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = pos
        var negative = false
        if base[pos] == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        guard pos < end, isDigit(base[pos]) else {
            throw JSONParseError("invalid number, expected a digit after '-'", offset: pos)
        }
        var integer: Int64 = 0
        var fitsInteger = true
        if base[pos] == UInt8(ascii: "0") {
            pos += 1
            if pos < end, isDigit(base[pos]) {
                throw JSONParseError("invalid number, leading zeros are not allowed", offset: start)
            }
        } else {
            while pos < end, isDigit(base[pos]) {
                let digit = Int64(base[pos] &- UInt8(ascii: "0"))
                if fitsInteger {
                    let (times10, o1) = integer.multipliedReportingOverflow(by: 10)
                    let (next, o2) = negative
                        ? times10.subtractingReportingOverflow(digit)
                        : times10.addingReportingOverflow(digit)
                    if o1 || o2 { fitsInteger = false } else { integer = next }
                }
                pos += 1
            }
        }
        var isIntegral = true
        if pos < end, base[pos] == UInt8(ascii: ".") {
            isIntegral = false
            pos += 1
            guard pos < end, isDigit(base[pos]) else {
                throw JSONParseError("invalid number, expected a digit after '.'", offset: pos)
            }
            while pos < end, isDigit(base[pos]) { pos += 1 }
        }
        if pos < end, base[pos] == UInt8(ascii: "e") || base[pos] == UInt8(ascii: "E") {
            isIntegral = false
            pos += 1
            if pos < end, base[pos] == UInt8(ascii: "+") || base[pos] == UInt8(ascii: "-") { pos += 1 }
            guard pos < end, isDigit(base[pos]) else {
                throw JSONParseError("invalid number, expected a digit in the exponent", offset: pos)
            }
            while pos < end, isDigit(base[pos]) { pos += 1 }
        }
        if isIntegral && fitsInteger {
            return .int(integer)
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError("number out of range: \(text.prefix(40))", offset: start)
        }
        return .double(value)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    // MARK: - Strings

    /// Parses a string starting at its opening quote; leaves `pos` after the closing quote.
    private mutating func parseString() throws(JSONParseError) -> String {
        pos += 1 // opening quote
        let start = pos
        // Fast path: no escapes. Validates UTF-8 and control characters as it goes.
        while pos < end {
            let byte = base[pos]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
                pos += 1
                return text
            } else if byte == UInt8(ascii: "\\") {
                return try parseStringWithEscapes(start: start)
            } else if byte < 0x20 {
                throw JSONParseError("unescaped control character 0x\(hex2(byte)) in a string", offset: pos)
            } else if byte < 0x80 {
                pos += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw JSONParseError("unexpected end of input in a string", offset: pos)
    }

    private mutating func parseStringWithEscapes(start: Int) throws(JSONParseError) -> String {
        var scratch: [UInt8] = []
        scratch.reserveCapacity(pos - start + 16)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: pos - start))
        while pos < end {
            let byte = base[pos]
            if byte == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &scratch)
            } else if byte < 0x20 {
                throw JSONParseError("unescaped control character 0x\(hex2(byte)) in a string", offset: pos)
            } else if byte < 0x80 {
                scratch.append(byte)
                pos += 1
            } else {
                let sequenceStart = pos
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + sequenceStart, count: pos - sequenceStart))
            }
        }
        throw JSONParseError("unexpected end of input in a string", offset: pos)
    }

    private mutating func parseEscape(into scratch: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = pos
        pos += 1 // backslash
        guard pos < end else { throw JSONParseError("unexpected end of input in an escape", offset: pos) }
        let byte = base[pos]
        pos += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            var scalar: UInt32
            if (0xD800...0xDBFF).contains(unit) {
                guard pos + 1 < end, base[pos] == UInt8(ascii: "\\"), base[pos + 1] == UInt8(ascii: "u") else {
                    throw JSONParseError("lone surrogate \\u\(hex4(unit)): a high surrogate must be followed by a low surrogate escape", offset: escapeStart)
                }
                pos += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONParseError("lone surrogate \\u\(hex4(unit)): followed by \\u\(hex4(low)), not a low surrogate", offset: escapeStart)
                }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONParseError("lone surrogate \\u\(hex4(unit)): a low surrogate without a high surrogate", offset: escapeStart)
            } else {
                scalar = UInt32(unit)
            }
            appendUTF8(scalar, to: &scratch)
        default:
            throw JSONParseError("invalid escape: backslash followed by \(describe(byte))", offset: escapeStart)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard pos + 4 <= end else { throw JSONParseError("unexpected end of input in a \\u escape", offset: pos) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = base[pos]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError("invalid hex digit \(describe(byte)) in a \\u escape", offset: pos)
            }
            value = value << 4 | UInt16(digit)
            pos += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Checks one multi-byte UTF-8 sequence at `pos` (Unicode Table 3-7) and moves past it.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = base[pos]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondHigh = 0x9F
        case 0xF0: length = 4; secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondHigh = 0x8F
        default: throw JSONParseError("invalid UTF-8 byte 0x\(hex2(lead))", offset: pos)
        }
        guard pos + length <= end else {
            throw JSONParseError("truncated UTF-8 sequence", offset: pos)
        }
        let second = base[pos + 1]
        guard second >= secondLow && second <= secondHigh else {
            throw JSONParseError("invalid UTF-8 sequence starting with 0x\(hex2(lead))", offset: pos)
        }
        for i in 2..<length where base[pos + i] & 0xC0 != 0x80 {
            throw JSONParseError("invalid UTF-8 sequence starting with 0x\(hex2(lead))", offset: pos)
        }
        pos += length
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while pos < end {
            switch base[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    private func describeByte() -> String {
        pos < end ? describe(base[pos]) : "end of input"
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(hex2(byte))"
    }

    private func hex2(_ byte: UInt8) -> String {
        let s = String(byte, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }

    private func hex4(_ unit: UInt16) -> String {
        let s = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - s.count) + s
    }
}

extension JSONValue {
    /// Parses one complete JSON text (strict RFC 8259, nesting limited to `maxDepth`).
    public init(parsing bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) {
        self = try JSONParser.parse(bytes, maxDepth: maxDepth)
    }

    /// Parses one complete JSON text from a string.
    public init(parsing text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) {
        self = try JSONParser.parse(text, maxDepth: maxDepth)
    }
}
