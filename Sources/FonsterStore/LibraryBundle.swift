import CreatureCore
import Foundation
import JSON

/// A whole library as versioned JSON: `{"format":"fonsters-library","version":1,"engine":…,
/// "exportedAt":…,"fonsters":[…]}`. Importing adds copies with new ids; it never overwrites.
public struct LibraryBundle: Equatable, Sendable {
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
    public struct Entry: Equatable, Sendable {
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

        /// The entry for a saved Fonster.
        public init(_ f: Fonster) {
            id = f.id.uuidString
            name = f.name
            seed = f.seed
            randomSource = f.randomSource?.rawValue
            history = f.history.past
            future = f.history.future
            createdAt = f.createdAtISO8601
            createdTimeZone = f.createdTimeZone
            engine = f.engine.rawValue
        }

        /// Reads an entry leniently: missing (or null) optional fields take their defaults.
        init(_ value: JSONValue, path: String) throws(StoreError) {
            let m = try Members(value, path: path)
            id = try m.string("id")
            name = try m.string("name") ?? ""
            seed = try m.required("seed")
            randomSource = try m.string("randomSource")
            history = try m.strings("history") ?? []
            future = try m.strings("future") ?? []
            createdAt = try m.string("createdAt")
            createdTimeZone = try m.string("createdTimeZone")
            engine = try m.string("engine")
        }

        /// The entry as JSON, keys in the order exports have always had (sorted), absent
        /// optional fields left out.
        public var json: JSONValue {
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(9)
            if let createdAt { members.append(("createdAt", .string(createdAt))) }
            if let createdTimeZone { members.append(("createdTimeZone", .string(createdTimeZone))) }
            if let engine { members.append(("engine", .string(engine))) }
            members.append(("future", .array(future.map(JSONValue.string))))
            members.append(("history", .array(history.map(JSONValue.string))))
            if let id { members.append(("id", .string(id))) }
            members.append(("name", .string(name)))
            if let randomSource { members.append(("randomSource", .string(randomSource))) }
            members.append(("seed", .string(seed)))
            return .object(JSONObject(members))
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

    /// The bundle as JSON (keys sorted, as exports have always been written).
    public var json: JSONValue {
        ["engine": .string(engine), "exportedAt": .string(exportedAt), "fonsters": .array(fonsters.map(\.json)),
         "format": .string(format), "version": .number(version)]
    }

    /// Parses and checks bundle JSON; throws `invalidBundle` naming the first problem, `tooMany`
    /// for more than 10,000 entries (counted before any entry is read).
    public static func decode(_ data: Data) throws(StoreError) -> LibraryBundle {
        try read(parse(data), select: nil).bundle
    }

    /// Checks a parsed bundle (see `decode`).
    public init(json: JSONValue) throws(StoreError) {
        self = try Self.read(json, select: nil).bundle
    }

    /// Bundle text as a `JSONValue` (parsed once, by the protocol's parser, which limits its
    /// nesting), or `invalidBundle` when it is not JSON.
    static func parse(_ data: Data) throws(StoreError) -> JSONValue {
        do { return try JSONParser.parse([UInt8](data)) } catch {
            throw .invalidBundle("it is not valid JSON")
        }
    }

    /// The checked bundle and the entry indices to import: `select` checked (in range, none
    /// repeated) against the entry count before any entry is read, or every index.
    static func read(_ json: JSONValue, select: [Int]?) throws(StoreError) -> (bundle: LibraryBundle, indices: [Int]) {
        let entries = json["fonsters"]?.array
        if let entries {
            if entries.count > StoreLimits.maxBundleImport {
                throw .tooMany(count: entries.count, limit: StoreLimits.maxBundleImport)
            }
            if let select { try check(select, count: entries.count) }
        }
        let top = try Members(json, path: "")
        let (format, version) = (try top.string("format"), try top.int("version"))
        guard let format else { throw .invalidBundle("the format field is missing") }
        guard format == formatName else {
            throw .invalidBundle("format is \(quoted(format)), but a library bundle says \"\(formatName)\"")
        }
        guard let version else { throw .invalidBundle("the version field is missing") }
        guard version <= currentVersion else {
            throw .invalidBundle("it is version \(version), newer than version \(currentVersion) that this program reads; update fonsters-rpc to import it")
        }
        guard version >= 1 else { throw .invalidBundle("version \(version) is not a bundle version; versions start at 1") }
        let engine: String = try top.required("engine")
        let exportedAt: String = try top.required("exportedAt")
        guard let entries else { throw top.problem("fonsters", json["fonsters"], "an array") }
        var fonsters: [Entry] = []
        fonsters.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { fonsters.append(try Entry(entry, path: "fonsters[\(index)]")) }
        do { _ = try ISO8601Timestamp.parse(exportedAt) } catch {
            throw .invalidBundle("exportedAt \(quoted(exportedAt)) is not a valid date-time: \(error.reason)")
        }
        let bundle = LibraryBundle(format: format, version: version, engine: engine, exportedAt: exportedAt, fonsters: fonsters)
        return (bundle, select ?? Array(fonsters.indices))
    }

    private init(format: String, version: Int, engine: String, exportedAt: String, fonsters: [Entry]) {
        (self.format, self.version, self.engine, self.exportedAt, self.fonsters) = (format, version, engine, exportedAt, fonsters)
    }

    /// Throws `indexOutOfRange` or `repeatedIndex` for the first bad index of `select`.
    private static func check(_ select: [Int], count: Int) throws(StoreError) {
        var seen = Set<Int>()
        for index in select {
            guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
            guard seen.insert(index).inserted else { throw .repeatedIndex(index: index) }
        }
    }

    /// The Fonster entry `index` imports as (new id, engine `engine` when given, else its own or
    /// the bundle's), or `invalidBundle` naming the entry and field.
    func fonster(at index: Int, engine override: EngineVersion?, now: Date, timeZone: TimeZone) throws(StoreError) -> Fonster {
        let entry = fonsters[index]
        func bad(_ field: String, _ problem: String) -> StoreError { .invalidBundle("fonsters[\(index)].\(field) \(problem)") }
        let drawnBy: EngineVersion
        if let override {
            drawnBy = override
        } else {
            let engineName = entry.engine ?? engine
            guard let named = EngineVersion(rawValue: engineName) else {
                throw bad(entry.engine == nil ? "engine (from the bundle's engine)" : "engine", "is \(Self.quoted(engineName)), an engine this program does not know")
            }
            drawnBy = named
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
            id: TimeOrderedID.next(), name: entry.name, seed: entry.seed, randomSource: source,
            history: History(past: entry.history, future: entry.future), createdAt: createdAt,
            createdAtISO8601: ISOTime.format(createdAt, in: zone, milliseconds: true),
            createdTimeZone: zone.identifier, engine: drawnBy, position: 0)
    }

    /// `"text"` for a message, cut to 40 characters with an ellipsis.
    static func quoted(_ text: String) -> String {
        text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }
}

extension FonsterStore {
    /// The whole library as bundle JSON, in list order.
    public func exportLibrary() throws(StoreError) -> JSONValue {
        exportBundle(of: try list())
    }

    /// `fonsters` (a page of the library) as bundle JSON, in the order given.
    public func exportBundle(of fonsters: [Fonster]) -> JSONValue {
        LibraryBundle(fonsters: fonsters, now: options.now(), timeZone: options.timeZone).json
    }

    /// `importLibrary` of bundle text; text that is not JSON is `invalidBundle`.
    public func importLibrary(_ data: Data, select: [Int]? = nil, engine: EngineVersion? = nil) throws(StoreError) -> ImportResult {
        try importLibrary(LibraryBundle.parse(data), select: select, engine: engine)
    }

    /// Imports a bundle as new Fonsters (new ids, at the end of the list, never overwriting),
    /// all or only the entries at `select` (0-based, in that order, each at most once). Entries
    /// already in the library (the same id, or the same seed, name and creation time, compared
    /// byte for byte) are skipped and reported, as are later copies of one entry within the
    /// bundle. `engine` given: every Fonster uses it; nil: each keeps its own (else the bundle's).
    /// Everything is checked first: a bad bundle, entry or index throws and imports nothing. Over
    /// 10,000 entries throws `tooMany` before any entry is read.
    ///
    /// The entries go in steps of `StoreLimits.maxSeedImport`, each its own transaction, each
    /// entry found or not by index look-ups (a step costs the same in a library of any size).
    /// After each step `progress` hears how many entries are done; `stop` is asked before each
    /// step but the first, and true ends the import there: the steps done stay, and the result's
    /// `unfinished` counts the entries not looked at.
    public func importLibrary(_ json: JSONValue, select: [Int]? = nil, engine: EngineVersion? = nil,
                              stop: () -> Bool = { false }, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(StoreError) -> ImportResult {
        let (bundle, indices) = try LibraryBundle.read(json, select: select)
        let now = options.now()
        var prepared: [(index: Int, entryID: String?, fonster: Fonster)] = []
        prepared.reserveCapacity(indices.count)
        for index in indices {
            let fonster = try bundle.fonster(at: index, engine: engine, now: now, timeZone: options.timeZone)
            prepared.append((index, bundle.fonsters[index].id.map { UUID(uuidString: $0)?.uuidString ?? $0 }, fonster))
        }
        var result = ImportResult(created: [], skipped: [])
        var seenIDs = Set<[UInt8]>()  // the bundle's own ids, as bytes
        var start = 0
        while start < prepared.count {
            if start > 0 && stop() {
                result.unfinished = prepared.count - start
                break
            }
            let end = min(start + StoreLimits.maxSeedImport, prepared.count)
            let step = try write { () throws(StoreError) in
                // Looked up inside the write transaction: two imports at once cannot both add an entry.
                var step = ImportResult(created: [], skipped: [])
                var index = try fonsterCount()
                var sortKey = try nextPosition()
                for item in prepared[start..<end] {
                    var present = try holds(item.fonster)
                    if !present, let entryID = item.entryID {
                        present = !seenIDs.insert(Array(entryID.utf8)).inserted
                        if !present { present = try holds(id: entryID) }
                    }
                    if present {
                        step.skipped.append(item.index)
                        continue
                    }
                    var fonster = item.fonster
                    fonster.position = index
                    try Self.insert(fonster, sortKey: sortKey, into: db)
                    step.created.append(fonster)
                    index += 1
                    sortKey += 1
                }
                return (step, step.created.isEmpty ? [] : [StoreChange(step.created, reason: .imported)])
            }
            result.created += step.created
            result.skipped += step.skipped
            start = end
            progress(start, prepared.count)
        }
        return result
    }

    /// Whether a Fonster has `fonster`'s seed, name and creation time (by the seed index).
    private func holds(_ fonster: Fonster) throws(StoreError) -> Bool {
        try db.scalarInt("SELECT 1 FROM fonsters WHERE seed = ? AND name = ? AND created_ms = ? LIMIT 1",
                         [.text(fonster.seed), .text(fonster.name), .int(Self.milliseconds(fonster.createdAt))]) != nil
    }

    /// Whether a Fonster is stored under `id` (canonical UUID text, found also in lower case, as
    /// another program may write it; other text as it is): index look-ups, never a scan.
    private func holds(id: String) throws(StoreError) -> Bool {
        let lower = UUID(uuidString: id) != nil ? id.lowercased() : id
        return try db.scalarInt("SELECT 1 FROM fonsters WHERE id IN (?, ?)", [.text(id), .text(lower)]) != nil
    }
}

/// What an import did: the Fonsters it created, in order, and the input indices it skipped
/// because they were already in the library.
public struct ImportResult: Equatable, Sendable {
    /// The new Fonsters, in list order.
    public var created: [Fonster]
    /// Indices into the input (seeds, or bundle entries) that were skipped as already present.
    public var skipped: [Int]
    /// How many entries an import stopped before looking at (0: it went to the end).
    public var unfinished: Int

    /// A result.
    public init(created: [Fonster], skipped: [Int], unfinished: Int = 0) {
        self.created = created
        self.skipped = skipped
        self.unfinished = unfinished
    }
}

/// The members of one object of a bundle, read by type; a problem names the member's path
/// (`fonsters[1].seed`) as bundle errors always have.
private struct Members {
    let object: JSONObject
    let path: String

    /// The members of `value`, or `invalidBundle` when it is not an object.
    init(_ value: JSONValue, path: String) throws(StoreError) {
        guard let object = value.object else {
            throw Self.problem(path.isEmpty ? "the top level" : path, value, "an object")
        }
        (self.object, self.path) = (object, path)
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The string `key`; nil when it is absent or null.
    func string(_ key: String) throws(StoreError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.string else { throw problem(key, value, "a string") }
        return text
    }

    /// The string `key`, which must be there.
    func required(_ key: String) throws(StoreError) -> String {
        guard let value = object[key] else { throw .invalidBundle("\(name(key)) is missing") }
        guard let text = value.string else { throw problem(key, value, "a string") }
        return text
    }

    /// The whole number `key`; nil when it is absent or null.
    func int(_ key: String) throws(StoreError) -> Int? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.int else { throw problem(key, value, "a whole number") }
        return number
    }

    /// The array of strings `key`; nil when it is absent or null.
    func strings(_ key: String) throws(StoreError) -> [String]? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let elements = value.array else { throw problem(key, value, "an array") }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let text = element.string else { throw Self.problem("\(name(key))[\(index)]", element, "a string") }
            strings.append(text)
        }
        return strings
    }

    /// `key` is not `kind` (missing, null or another type).
    func problem(_ key: String, _ value: JSONValue?, _ kind: String) -> StoreError {
        guard let value else { return .invalidBundle("\(name(key)) is missing") }
        return Self.problem(name(key), value, kind)
    }

    private static func problem(_ name: String, _ value: JSONValue, _ kind: String) -> StoreError {
        .invalidBundle(value.isNull ? "\(name) is null, but it should be \(kind)" : "\(name) should be \(kind)")
    }
}
