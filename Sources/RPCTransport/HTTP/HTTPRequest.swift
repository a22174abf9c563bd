/// One parsed HTTP/1.1 request head (requests here carry no body).
public struct HTTPRequest: Sendable, Hashable {
    /// One header field; the name is kept lower-case.
    public struct Header: Sendable, Hashable {
        /// The field name, lower-case.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String
    }

    /// The method, e.g. `GET`.
    public var method: String
    /// The request target as sent (origin form: a path and an optional query).
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header fields in order.
    public var headers: [Header]

    /// The target's path, still percent-encoded.
    public var rawPath: Substring { target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0] }

    /// The target's query (after `?`), if any.
    public var query: Substring? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? parts[1] : nil
    }

    /// The path percent-decoded, or nil when its escapes are broken, decode to a NUL, or are not UTF-8.
    public var path: String? { PercentDecoding.decode(rawPath, plusIsSpace: false) }

    /// The first value of the query parameter `name`, percent-decoded.
    public func queryValue(_ name: String) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if PercentDecoding.decode(parts[0], plusIsSpace: true) == name {
                return parts.count > 1 ? PercentDecoding.decode(parts[1], plusIsSpace: true) : ""
            }
        }
        return nil
    }

    /// The value of the header `name` (lower-case) if it occurs, the first if several do.
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// How many times the header `name` (lower-case) occurs.
    public func headerCount(_ name: String) -> Int { headers.reduce(0) { $0 + ($1.name == name ? 1 : 0) } }

    /// The comma-separated tokens of every `name` header, lower-cased and trimmed.
    public func headerTokens(_ name: String) -> [String] {
        headers.filter { $0.name == name }.flatMap { header in
            header.value.split(separator: ",").map { $0.trimmingSpaces.lowercased() }
        }
    }

    /// Every value the request sends for the cookie `name`, in order (a browser may send
    /// several cookies of one name, set for different paths or hosts).
    public func cookies(_ name: String) -> [String] {
        headers.filter { $0.name == "cookie" }.flatMap { header in
            header.value.split(separator: ";").compactMap { pair -> String? in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return parts.count == 2 && parts[0].trimmingSpaces == name ? parts[1].trimmingSpaces : nil
            }
        }
    }

    /// Whether a body follows the head (any Transfer-Encoding, or a Content-Length other than 0).
    public var hasBody: Bool {
        headerCount("transfer-encoding") > 0 || headers.contains { $0.name == "content-length" && $0.value != "0" }
    }

    /// Whether the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 closes).
    public var keepAlive: Bool {
        version == "HTTP/1.1" && !headerTokens("connection").contains("close")
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}

/// Percent-decoding of URL paths and query parts.
public enum PercentDecoding {
    /// `text` with `%XX` escapes decoded (and `+` as a space when `plusIsSpace`); nil when an
    /// escape is broken or the result holds a NUL or is not valid UTF-8.
    public static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else if byte == UInt8(ascii: "+") && plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(0), UTF8Validator.isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
