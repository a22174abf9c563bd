import CreatureCore
import Foundation

/// A whole library as versioned JSON: `{"format":"fonsters-library","version":1,"engine":…,
/// "exportedAt":…,"fonsters":[…]}`. Importing adds copies with new ids; it never overwrites.
public struct LibraryBundle: Codable, Equatable, Sendable {
    /// The `format` value of every bundle.
    public static let formatName = "fonsters-library"
    /// The bundle version this program writes and the newest it reads.
    public static let currentVersion = 1

    /// Always `fonsters-library`.
    public var format: String
    /// The bundle version.
    public var version: Int
    /// The engine of the exporting program (each entry names its own too).
    public var engine: String
    /// When it was exported, ISO 8601 with local offset and milliseconds.
    public var exportedAt: String
    /// The Fonsters in list order.
    public var fonsters: [Entry]

    /// One Fonster in a bundle. Only `seed` is required when importing.
    public struct Entry: Codable, Equatable, Sendable {
        /// Its id in the exporting library (informative; imports get new ids).
        public var id: String?
        /// The name.
        public var name: String
        /// The seed.
        public var seed: String
        /// `quote`, `words`, `uuid`, `lorem`, or absent.
        public var randomSource: String?
        /// Undo history, oldest first (at most 20).
        public var history: [String]
        /// Redo future, next first (at most 20).
        public var future: [String]
        /// Creation time, ISO 8601 (absent: the import time).
        public var createdAt: String?
        /// The creation time-zone identifier.
        public var createdTimeZone: String?
        /// The engine that draws it (absent: the bundle's engine).
        public var engine: String?

        /// Decodes leniently: missing optional fields take their defaults.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decodeIfPresent(String.self, forKey: .id)
            name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
            seed = try c.decode(String.self, forKey: .seed)
            randomSource = try c.decodeIfPresent(String.self, forKey: .randomSource)
            history = try c.decodeIfPresent([String].self, forKey: .history) ?? []
            future = try c.decodeIfPresent([String].self, forKey: .future) ?? []
            createdAt = try c.decodeIfPresent(String.self, forKey: .createdAt)
            createdTimeZone = try c.decodeIfPresent(String.self, forKey: .createdTimeZone)
            engine = try c.decodeIfPresent(String.self, forKey: .engine)
        }

        /// The entry for a saved Fonster.
        public init(_ f: Fonster) {
            id = f.id.uuidString
            name = f.name
            seed = f.seed
            randomSource = f.randomSource?.rawValue
            history = f.history
            future = f.future
            createdAt = f.createdAtISO8601
            createdTimeZone = f.createdTimeZone
            engine = f.engine
        }
    }

    /// The bundle of `fonsters`, exported at `now` in `timeZone`.
    public init(fonsters: [Fonster], now: Date, timeZone: TimeZone) {
        format = Self.formatName
        version = Self.currentVersion
        engine = EngineVersion.current.rawValue
        exportedAt = ISOTime.format(now, in: timeZone, milliseconds: true)
        self.fonsters = fonsters.map(Entry.init)
    }

    /// Parses and checks bundle JSON; throws `invalidBundle` naming the first problem.
    public static func decode(_ data: Data) throws(StoreError) -> LibraryBundle {
        let bundle: LibraryBundle
        do {
            bundle = try JSONDecoder().decode(LibraryBundle.self, from: data)
        } catch let error as DecodingError {
            throw .invalidBundle(describe(error))
        } catch {
            throw .invalidBundle("not valid JSON")
        }
        guard bundle.format == formatName else {
            throw .invalidBundle("format is \"\(bundle.format)\", expected \"\(formatName)\"")
        }
        guard bundle.version <= currentVersion else {
            throw .invalidBundle("version \(bundle.version) is newer than version \(currentVersion) that this program reads")
        }
        guard bundle.version >= 1 else { throw .invalidBundle("version \(bundle.version) is not a valid version") }
        return bundle
    }

    /// The JSON of this bundle (keys sorted, slashes unescaped).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The Fonster an entry imports as (new id, at `position`), or `invalidBundle` naming the entry.
    func fonster(at index: Int, position: Int, now: Date, timeZone: TimeZone) throws(StoreError) -> Fonster {
        let entry = fonsters[index]
        func bad(_ problem: String) -> StoreError { .invalidBundle("fonsters[\(index)]: \(problem)") }
        let engineName = entry.engine ?? engine
        guard EngineVersion(rawValue: engineName) != nil else { throw bad("engine \"\(engineName)\" is unknown to this program") }
        for (field, text) in [("seed", entry.seed), ("name", entry.name)] where text.utf16.count > StoreLimits.maxTextLength {
            throw bad("the \(field) is \(text.utf16.count) UTF-16 units long; the limit is \(StoreLimits.maxTextLength)")
        }
        for (field, stack) in [("history", entry.history), ("future", entry.future)] {
            if stack.count > History.limit { throw bad("\(field) has \(stack.count) entries; the limit is \(History.limit)") }
            if stack.contains(where: { $0.utf16.count > StoreLimits.maxTextLength }) {
                throw bad("a \(field) seed is longer than \(StoreLimits.maxTextLength) UTF-16 units")
            }
        }
        var source: RandomSource?
        if let raw = entry.randomSource {
            guard let known = RandomSource(rawValue: raw) else { throw bad("randomSource \"\(raw)\" is not quote, words, uuid or lorem") }
            source = known
        }
        var createdAt = now
        var zone = timeZone
        if let iso = entry.createdAt {
            guard let date = ISOTime.parse(iso) else { throw bad("createdAt \"\(iso)\" is not an ISO 8601 date-time") }
            createdAt = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
            zone = entry.createdTimeZone.flatMap(TimeZone.init(identifier:))
                ?? ISOTime.offset(of: iso).flatMap(TimeZone.init(secondsFromGMT:)) ?? timeZone
        }
        return Fonster(
            id: UUID(), name: entry.name, seed: entry.seed, randomSource: source,
            history: entry.history, future: entry.future, createdAt: createdAt,
            createdAtISO8601: ISOTime.format(createdAt, in: zone, milliseconds: true),
            createdTimeZone: zone.identifier, engine: engineName, position: position)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the top level" : text)
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)) should be \(type == String.self ? "a string" : "\(type)")"
        case .valueNotFound(_, let context): return "\(path(context.codingPath)) is null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context.codingPath)) is malformed"
        @unknown default: return "unreadable"
        }
    }
}

extension FonsterStore {
    /// The whole library as bundle JSON, in list order.
    public func exportLibrary() throws(StoreError) -> Data {
        LibraryBundle(fonsters: try list(), now: options.now(), timeZone: options.timeZone).encoded()
    }

    /// Imports bundle JSON as new Fonsters (new ids, at the end of the list, never overwriting),
    /// all or only the entries at `select` (0-based, in that order). Everything is checked first:
    /// a bad bundle, entry or index throws and imports nothing. More than 10,000 throws `tooMany`.
    public func importLibrary(_ data: Data, select: [Int]? = nil) throws(StoreError) -> [Fonster] {
        let bundle = try LibraryBundle.decode(data)
        let indices = select ?? Array(bundle.fonsters.indices)
        if let bad = indices.first(where: { !bundle.fonsters.indices.contains($0) }) {
            throw .indexOutOfRange(index: bad, count: bundle.fonsters.count)
        }
        guard indices.count <= StoreLimits.maxBundleImport else {
            throw .tooMany(count: indices.count, limit: StoreLimits.maxBundleImport)
        }
        let now = options.now()
        var prepared: [Fonster] = []
        for index in indices {
            prepared.append(try bundle.fonster(at: index, position: 0, now: now, timeZone: options.timeZone))
        }
        return try write { () throws(StoreError) in
            let start = try nextPosition()
            for index in prepared.indices {
                prepared[index].position = start + index
                try Self.insert(prepared[index], into: db)
            }
            return (prepared, prepared.isEmpty ? [] : [StoreChange(ids: prepared.map(\.id), reason: "import", external: false)])
        }
    }
}
