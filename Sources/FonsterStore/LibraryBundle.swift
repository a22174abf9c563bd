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

    /// Parses and checks bundle JSON; throws `invalidBundle` naming the first problem, `tooMany`
    /// for more than 10,000 entries (counted before anything is decoded).
    public static func decode(_ data: Data) throws(StoreError) -> LibraryBundle {
        try decode(data, select: nil).bundle
    }

    /// `decode`, plus the entry indices to import: `select` checked (in range, none repeated)
    /// against a cheap count of the entries before any entry is decoded, or every index.
    static func decode(_ data: Data, select: [Int]?) throws(StoreError) -> (bundle: LibraryBundle, indices: [Int]) {
        let counted = BundleScan.entryCount(data)
        if let counted, counted > StoreLimits.maxBundleImport {
            throw .tooMany(count: counted, limit: StoreLimits.maxBundleImport)
        }
        if let select, let counted { try check(select, count: counted) }
        struct Header: Decodable { var format: String?; var version: Int? }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: data) } catch {
            throw .invalidBundle(describe(error))
        }
        guard let format = header.format else { throw .invalidBundle("the format field is missing") }
        guard format == formatName else {
            throw .invalidBundle("format is \(quoted(format)), but a library bundle says \"\(formatName)\"")
        }
        guard let version = header.version else { throw .invalidBundle("the version field is missing") }
        guard version <= currentVersion else {
            throw .invalidBundle("it is version \(version), newer than version \(currentVersion) that this program reads; update fonsters-rpc to import it")
        }
        guard version >= 1 else { throw .invalidBundle("version \(version) is not a bundle version; versions start at 1") }
        let bundle: LibraryBundle
        do { bundle = try JSONDecoder().decode(LibraryBundle.self, from: data) } catch {
            throw .invalidBundle(describe(error))
        }
        do { _ = try ISO8601Timestamp.parse(bundle.exportedAt) } catch {
            throw .invalidBundle("exportedAt \(quoted(bundle.exportedAt)) is not a valid date-time: \(error.reason)")
        }
        guard bundle.fonsters.count <= StoreLimits.maxBundleImport else {
            throw .tooMany(count: bundle.fonsters.count, limit: StoreLimits.maxBundleImport)
        }
        guard let select else { return (bundle, Array(bundle.fonsters.indices)) }
        try check(select, count: bundle.fonsters.count)
        return (bundle, select)
    }

    /// Throws `indexOutOfRange` or `repeatedIndex` for the first bad index of `select`.
    private static func check(_ select: [Int], count: Int) throws(StoreError) {
        var seen = Set<Int>()
        for index in select {
            guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
            guard seen.insert(index).inserted else { throw .repeatedIndex(index: index) }
        }
    }

    /// The JSON of this bundle (keys sorted, slashes unescaped).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The Fonster entry `index` imports as (new id, engine `engine` when given, else its own or
    /// the bundle's), or `invalidBundle` naming the entry and field.
    func fonster(at index: Int, engine override: EngineVersion?, now: Date, timeZone: TimeZone) throws(StoreError) -> Fonster {
        let entry = fonsters[index]
        func bad(_ field: String, _ problem: String) -> StoreError { .invalidBundle("fonsters[\(index)].\(field) \(problem)") }
        let engineName: String
        if let override {
            engineName = override.rawValue
        } else {
            engineName = entry.engine ?? engine
            guard EngineVersion(rawValue: engineName) != nil else {
                throw bad(entry.engine == nil ? "engine (from the bundle's engine)" : "engine", "is \(Self.quoted(engineName)), an engine this program does not know")
            }
        }
        let limit = StoreError.grouped(TextLimit.maxLength)
        for (field, text) in [("seed", entry.seed), ("name", entry.name)] where text.utf16.count > TextLimit.maxLength {
            throw bad(field, "is \(StoreError.grouped(text.utf16.count)) characters long, where an emoji counts as two or more; the limit is \(limit)")
        }
        for (field, stack) in [("history", entry.history), ("future", entry.future)] {
            if stack.count > History.limit { throw bad(field, "has \(stack.count) seeds; it can hold at most \(History.limit)") }
            if let long = stack.firstIndex(where: { $0.utf16.count > TextLimit.maxLength }) {
                throw .invalidBundle("fonsters[\(index)].\(field)[\(long)] is \(StoreError.grouped(stack[long].utf16.count)) characters long; the limit is \(limit)")
            }
        }
        var source: RandomSource?
        if let raw = entry.randomSource {
            guard let known = RandomSource(rawValue: raw) else {
                throw bad("randomSource", "is \(Self.quoted(raw)), but it can only be quote, words, uuid or lorem")
            }
            source = known
        }
        var createdAt = now
        var zone = timeZone
        if let iso = entry.createdAt {
            let parsed: (date: Date, offsetSeconds: Int)
            do { parsed = try ISO8601Timestamp.parse(iso) } catch {
                throw bad("createdAt", "\(Self.quoted(iso)) is not a valid date-time: \(error.reason)")
            }
            // Truncated to milliseconds, as the store keeps times.
            let (seconds, ms) = ISO8601Timestamp.secondsAndTicks(parsed.date, scale: 1000)
            createdAt = Date(timeIntervalSince1970: Double(seconds * 1000 + ms) / 1000)
            zone = entry.createdTimeZone.flatMap(TimeZone.init(identifier:))
                ?? TimeZone(secondsFromGMT: parsed.offsetSeconds) ?? timeZone
        }
        return Fonster(
            id: UUID(), name: entry.name, seed: entry.seed, randomSource: source,
            history: entry.history, future: entry.future, createdAt: createdAt,
            createdAtISO8601: ISOTime.format(createdAt, in: zone, milliseconds: true),
            createdTimeZone: zone.identifier, engine: engineName, position: 0)
    }

    /// `"text"` for a message, cut to 40 characters with an ellipsis.
    static func quoted(_ text: String) -> String {
        text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "it is not valid JSON" }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: "a string"
            case is Int.Type: "a whole number"
            case is Bool.Type: "true or false"
            default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
            }
        }
        func path(_ keys: [CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the top level" : text)
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)) should be \(kind(type))"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)) is null, but it should be \(kind(type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON" : "\(path(context.codingPath)) is malformed"
        @unknown default: return "it cannot be read"
        }
    }
}

extension FonsterStore {
    /// The whole library as bundle JSON, in list order.
    public func exportLibrary() throws(StoreError) -> Data {
        exportBundle(of: try list())
    }

    /// `fonsters` (a page of the library) as bundle JSON, in the order given.
    public func exportBundle(of fonsters: [Fonster]) -> Data {
        LibraryBundle(fonsters: fonsters, now: options.now(), timeZone: options.timeZone).encoded()
    }

    /// Imports bundle JSON as new Fonsters (new ids, at the end of the list, never overwriting),
    /// all or only the entries at `select` (0-based, in that order, each at most once). Entries
    /// already in the library (the same id, or the same seed, name and creation time) are skipped
    /// and reported, as are later copies of one entry within the bundle. `engine` given: every
    /// Fonster uses it; nil: each keeps its own (else the bundle's). Everything is checked
    /// first: a bad bundle, entry or index throws and imports nothing. Over 10,000 entries
    /// throws `tooMany` before any entry is decoded.
    public func importLibrary(_ data: Data, select: [Int]? = nil, engine: EngineVersion? = nil) throws(StoreError) -> ImportResult {
        let (bundle, indices) = try LibraryBundle.decode(data, select: select)
        let now = options.now()
        var prepared: [(index: Int, entryID: String?, fonster: Fonster)] = []
        prepared.reserveCapacity(indices.count)
        for index in indices {
            let fonster = try bundle.fonster(at: index, engine: engine, now: now, timeZone: options.timeZone)
            prepared.append((index, bundle.fonsters[index].id, fonster))
        }
        return try write { () throws(StoreError) in
            // Read inside the write transaction: two imports at once cannot both add an entry.
            struct Key: Hashable { let seed: String, name: String, createdMs: Int64 }
            var ids = Set<String>(), keys = Set<Key>()
            try db.query("SELECT id, seed, name, created_ms FROM fonsters") { row in
                let text = row.text(0) ?? ""
                ids.insert(text)
                if let uuid = row.uuid(0) { ids.insert(uuid.uuidString) }
                keys.insert(Key(seed: row.text(1) ?? "", name: row.text(2) ?? "", createdMs: row.int(3)))
            }
            var result = ImportResult(created: [], skipped: [])
            var index = try Self.count(db)
            var sortKey = try nextPosition()
            for item in prepared {
                let key = Key(seed: item.fonster.seed, name: item.fonster.name, createdMs: Self.milliseconds(item.fonster.createdAt))
                let entryID = item.entryID.map { UUID(uuidString: $0)?.uuidString ?? $0 }
                if keys.contains(key) || entryID.map(ids.contains) == true {
                    result.skipped.append(item.index)
                    continue
                }
                var fonster = item.fonster
                fonster.position = index
                try Self.insert(fonster, sortKey: sortKey, into: db)
                keys.insert(key)
                if let entryID { ids.insert(entryID) }
                result.created.append(fonster)
                index += 1
                sortKey += 1
            }
            return (result, result.created.isEmpty ? [] : [StoreChange(result.created, reason: .imported)])
        }
    }
}

/// What an import did: the Fonsters it created, in order, and the input indices it skipped
/// because they were already in the library.
public struct ImportResult: Equatable, Sendable {
    /// The new Fonsters, in list order.
    public var created: [Fonster]
    /// Indices into the input (seeds, or bundle entries) that were skipped as already present.
    public var skipped: [Int]

    /// A result.
    public init(created: [Fonster], skipped: [Int]) {
        self.created = created
        self.skipped = skipped
    }
}
