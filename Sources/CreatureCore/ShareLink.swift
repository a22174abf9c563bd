import Foundation
import JSON

/// Share links (docs/engine.md §9): a list of seeds as base64url JSON in the `cards` query parameter,
/// and, for our own page and server (the apps ignore it), each card's name and engine in `meta`.
public enum ShareLink {
    /// One card of a link: its seed, and the name and engine `meta` gives it (nil: not said).
    public struct Card: Equatable, Sendable {
        public var seed: String, name: String?, engine: EngineVersion?
        /// A card; a name or engine left out is not said in the link.
        public init(seed: String, name: String? = nil, engine: EngineVersion? = nil) {
            (self.seed, self.name, self.engine) = (seed, name, engine)
        }
    }

    /// The web page share links open.
    public static let base = "https://nathanfennel.com/games/creature-avatar?cards="
    /// Links longer than this many characters are refused by the apps (we warn and still return them).
    public static let maxLength = EngineLimits.maxShareLinkLength
    /// The most seeds one link may bring in.
    public static let maxSeeds = EngineLimits.maxShareSeeds

    /// Why a link could not be read.
    public enum ParseError: Error, Equatable, Sendable {
        case noCards, notBase64, notJSON, notArrayOfStrings, empty, tooMany(count: Int, limit: Int)
        /// The `meta` parameter is there but cannot be read; the reason says why.
        case badMeta(String)

        /// A sentence a person understands.
        public var message: String {
            switch self {
            case .noCards: "This is not a Fonsters share link: it has no 'cards' parameter."
            case .notBase64: "The link's 'cards' parameter is not base64url text, so the link is damaged or not a Fonsters link."
            case .notJSON: "The link's 'cards' parameter does not decode to JSON, so the link is damaged or not a Fonsters link."
            case .notArrayOfStrings: "The link's cards are not a list of seeds (a JSON array of strings)."
            case .empty: "The link holds no seeds."
            case .tooMany(let count, let limit): "The link holds \(English.grouped(count)) seeds; at most \(English.grouped(limit)) can be imported at once."
            case .badMeta(let reason): "The link's 'meta' parameter (the names and engines) \(reason), so the link is damaged."
            }
        }
    }

    /// The link for `seeds`: base64url (no padding) of their JSON array as `JSON.stringify` writes it
    /// (the protocol's serializer writes strings the same way: `/` and non-ASCII as they are).
    public static func build(seeds: [String]) -> String {
        base + base64url(JSONValue.array(seeds.map { .string($0) }).serialized())
    }

    /// The link for `cards`: `cards` as `build(seeds:)` writes it, then, when a card has a name or
    /// an engine, `&meta=` with base64url of a JSON array holding for each card an object with
    /// `n` (its name) and `e` (its engine) when said, else `{}`.
    public static func build(cards: [Card]) -> String {
        let link = build(seeds: cards.map(\.seed))
        guard cards.contains(where: { $0.name != nil || $0.engine != nil }) else { return link }
        let meta = JSONValue.array(cards.map { card in
            var members: [(String, JSONValue)] = []
            if let name = card.name { members.append(("n", .string(name))) }
            if let engine = card.engine { members.append(("e", .string(engine.rawValue))) }
            return .object(JSONObject(members))
        })
        return link + "&meta=" + base64url(meta.serialized())
    }

    /// The cards of a link: its seeds, each with the name and engine of `meta` when the link has it.
    /// A `meta` that cannot be read, or does not hold one entry per seed, throws `badMeta`;
    /// members it does not know are ignored, so later links still open.
    public static func parseCards(_ link: String, limit: Int = maxSeeds) throws(ParseError) -> [Card] {
        var cards = try parse(link, limit: limit).map { Card(seed: $0) }
        guard let value = parameter("meta", of: link) else { return cards }
        guard let data = decodeBase64(value) else { throw .badMeta("is not base64url text") }
        guard let json = try? JSONParser.parse([UInt8](data)) else { throw .badMeta("does not decode to JSON") }
        guard case .array(let items) = json else { throw .badMeta("is not a list") }
        guard items.count == cards.count else {
            throw .badMeta("holds \(English.grouped(items.count)) entries for \(English.grouped(cards.count)) seeds")
        }
        for (index, item) in items.enumerated() {
            guard case .object(let object) = item else { throw .badMeta("entry \(index) is not an object") }
            if let name = object["n"] {
                guard case .string(let text) = name else { throw .badMeta("entry \(index)'s name is not text") }
                cards[index].name = text
            }
            if let engine = object["e"] {
                guard let text = engine.string, let version = EngineVersion(rawValue: text) else {
                    throw .badMeta("entry \(index)'s engine is not one of \(EngineVersion.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                cards[index].engine = version
            }
        }
        return cards
    }

    /// The seeds in a link's `cards` parameter (any scheme or host; base64url or plain base64).
    public static func parse(_ link: String, limit: Int = maxSeeds) throws(ParseError) -> [String] {
        guard let value = parameter("cards", of: link) else { throw .noCards }
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

    static func parameter(_ name: String, of link: String) -> String? {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let q = trimmed.firstIndex(of: "?") else { return nil }
        var query = trimmed[trimmed.index(after: q)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name {
                let raw = parts.count > 1 ? String(parts[1]) : ""
                return raw.removingPercentEncoding ?? raw
            }
        }
        return nil
    }
}
