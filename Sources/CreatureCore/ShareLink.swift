import Foundation
import JSON

/// Share links (docs/engine.md §9): a list of seeds as base64url JSON in the `cards` query parameter.
public enum ShareLink {
    /// The web page share links open.
    public static let base = "https://nathanfennel.com/games/creature-avatar?cards="
    /// Links longer than this many characters are refused by the apps (we warn and still return them).
    public static let maxLength = EngineLimits.maxShareLinkLength
    /// The most seeds one link may bring in.
    public static let maxSeeds = EngineLimits.maxShareSeeds

    /// Why a link could not be read.
    public enum ParseError: Error, Equatable, Sendable {
        case noCards, notBase64, notJSON, notArrayOfStrings, empty, tooMany(count: Int, limit: Int)

        /// A sentence a person understands.
        public var message: String {
            switch self {
            case .noCards: "This is not a Fonsters share link: it has no 'cards' parameter."
            case .notBase64: "The link's 'cards' parameter is not base64url text, so the link is damaged or not a Fonsters link."
            case .notJSON: "The link's 'cards' parameter does not decode to JSON, so the link is damaged or not a Fonsters link."
            case .notArrayOfStrings: "The link's cards are not a list of seeds (a JSON array of strings)."
            case .empty: "The link holds no seeds."
            case .tooMany(let count, let limit): "The link holds \(English.grouped(count)) seeds; at most \(English.grouped(limit)) can be imported at once."
            }
        }
    }

    /// The link for `seeds`: base64url (no padding) of their JSON array as `JSON.stringify` writes it
    /// (the protocol's serializer writes strings the same way: `/` and non-ASCII as they are).
    public static func build(seeds: [String]) -> String {
        base + base64url(JSONValue.array(seeds.map { .string($0) }).serialized())
    }

    /// The seeds in a link's `cards` parameter (any scheme or host; base64url or plain base64).
    public static func parse(_ link: String, limit: Int = maxSeeds) throws(ParseError) -> [String] {
        guard let value = cardsParameter(link) else { throw .noCards }
        guard let data = decodeBase64(value) else { throw .notBase64 }
        guard let json = try? JSONParser.parse([UInt8](data)) else { throw .notJSON }
        guard case .array(let items) = json else { throw .notArrayOfStrings }
        if items.isEmpty { throw .empty }
        if items.count > limit { throw .tooMany(count: items.count, limit: limit) }
        var seeds: [String] = []
        seeds.reserveCapacity(items.count)
        for item in items {
            guard case .string(let s) = item else { throw .notArrayOfStrings }
            seeds.append(s)
        }
        return seeds
    }

    static func base64url(_ bytes: [UInt8]) -> String {
        var s = Data(bytes).base64EncodedString()
        s = s.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while s.hasSuffix("=") { s.removeLast() }
        return s
    }

    static func decodeBase64(_ value: String) -> Data? {
        var s = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !s.isEmpty, s.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "/" || $0 == "=") }) else { return nil }
        while s.hasSuffix("=") { s.removeLast() }
        if s.count % 4 == 1 { return nil }
        s += String(repeating: "=", count: (4 - s.count % 4) % 4)
        return Data(base64Encoded: s)
    }

    static func cardsParameter(_ link: String) -> String? {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let q = trimmed.firstIndex(of: "?") else { return nil }
        var query = trimmed[trimmed.index(after: q)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == "cards" {
                let raw = parts.count > 1 ? String(parts[1]) : ""
                return raw.removingPercentEncoding ?? raw
            }
        }
        return nil
    }
}
