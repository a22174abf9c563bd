import CSQLite
import CreatureCore
import Foundation

/// The durable library of Fonsters in one SQLite file (or in memory).
///
/// Safe to call from any thread or task: calls are serialised on the store's one connection.
/// Every write is one `BEGIN IMMEDIATE` transaction that reads the current row inside it, so
/// several stores (processes, windows) on one file never lose each other's updates. A call
/// that throws has changed nothing.
public final class FonsterStore: @unchecked Sendable {
    /// The file path (`:memory:` for an in-memory store).
    public let path: String
    /// Whether writes are refused (the file or the options are read-only).
    public let isReadOnly: Bool
    /// Whether this open created the library (and ran first launch).
    public let wasCreated: Bool
    /// The options the store was opened with.
    public let options: StoreOptions
    /// Where `fonsters/random` and `fonsters/refresh` get their text (applied by `applyRandomText`).
    public let randomText: RandomTextProvider

    let db: Database  // guarded by lock
    /// The store file's device and inode when it was opened (nil in memory).
    private let fileIdentity: FileIdentity?
    /// The write-ahead log's identity after our last commit: SQLite keeps it while any
    /// connection is open, so a different one means it was removed under us.
    private var logIdentity: FileIdentity?  // guarded by lock
    private let lock = NSLock()
    /// Tags this connection's change-log rows, so polling skips our own writes.
    private let writerTag = UUID().uuidString
    private var lastDataVersion: Int64 = 0  // guarded by lock
    private var lastLogSeq: Int64 = 0  // guarded by lock
    /// How many times the look-alike keys were kept (`meta` `pictures_written`) as last seen:
    /// such a write is no change to the library. Guarded by lock.
    var lastPicturesWritten: String?
    /// The rows other programs wrote with ids that are not canonical UUID text, by the UUID each
    /// reads as, as of `PRAGMA data_version` `version`. Guarded by lock.
    var foreignIDs: (version: Int64, keys: [UUID: String])?
    /// Whether the file has the trash, the settings and the position blocks (schema version 2 on;
    /// false only for an older library opened read-only, which cannot be migrated).
    let hasTrash: Bool
    /// Whether the rows hold their look-alike keys (schema version 7 on; false only for an older
    /// library opened read-only, whose keys are then drawn).
    let hasKeyColumn: Bool
    /// Room kept beside the file for a full disk (nil in memory and read-only).
    let reserve: DiskReserve?
    /// Whether the library was opened read-only because its disk was full: writes then say so.
    public let openedOnFullDisk: Bool

    private let observerLock = NSLock()
    private var observers: [UUID: @Sendable (StoreChange) -> Void] = [:]  // guarded by observerLock
    private var watcher: ChangeWatcher?  // guarded by observerLock

    /// Opens (creating if needed) the library at `location`.
    /// Throws `corrupt` for a file that is not a Fonsters library, `newerSchema` for one from a
    /// newer program, `unavailable` when it cannot be opened; none of these touch the file.
    /// On a full disk it gives back its reserve to open, else opens the file read-only
    /// (`openedOnFullDisk`: reads work, writes throw `diskFull`).
    public init(location: StoreLocation = .default, options: StoreOptions = StoreOptions()) throws(StoreError) {
        self.options = options
        randomText = RandomTextProvider(endpoint: options.randomEndpoint, seed: options.randomSeed, timeout: options.randomTimeout)
        try location.check()
        let opened: Opened
        if let path = location.resolvedPath() {
            opened = try Self.openFile(path, options: options, randomText: randomText)
        } else {
            let db = try Database(path: ":memory:", displayPath: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            opened = Opened(db: db, readOnly: false, fullDisk: false,
                            prepared: try Self.prepare(db, readOnly: false, options: options, randomText: randomText))
        }
        db = opened.db
        path = db.path
        fileIdentity = path == ":memory:" ? nil : FileIdentity(path: path)
        isReadOnly = opened.readOnly
        openedOnFullDisk = opened.fullDisk
        wasCreated = opened.prepared.created
        hasTrash = opened.prepared.version >= Schema.trashVersion
        hasKeyColumn = opened.prepared.version >= Schema.keysInRowsVersion
        reserve = isReadOnly || path == ":memory:" ? nil : DiskReserve(store: path)
        lastDataVersion = try db.scalarInt("PRAGMA data_version") ?? 0
        lastLogSeq = try db.scalarInt("SELECT coalesce(max(seq), 0) FROM change_log") ?? 0
        if !isReadOnly { try? purgeExpired() }
        reserve?.topUp()
    }

    /// An open connection and what opening it found.
    private struct Opened {
        let db: Database
        let readOnly: Bool
        let fullDisk: Bool
        let prepared: (created: Bool, version: Int)
    }

    /// Opens the library file at `path`: read-write when it can, read-only when the file, its
    /// file system or the options say so, and on a full disk as `init` says.
    private static func openFile(_ path: String, options: StoreOptions, randomText: RandomTextProvider) throws(StoreError) -> Opened {
        var readOnly = options.readOnly
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            if readOnly { throw .unavailable(path: path, detail: "the file does not exist") }
            let directory = StoreLocation.parentFolder(of: path)
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .unavailable(path: path, detail: "cannot create the directory \(directory)")
            }
        } else if !isWritable(path) {
            readOnly = true
        }
        if exists && ReadOnlyFileSystem.contains(path) {
            // SQLite cannot make the WAL index beside the file: read it as it is.
            return try openReadOnly(path, options: options, randomText: randomText, fullDisk: false)
        }
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (exists ? 0 : SQLITE_OPEN_CREATE)
        func attempt() throws(StoreError) -> Opened {
            let db = try Database(path: path, displayPath: path, flags: flags)
            sqlite3_busy_timeout(db.handle, Int32(max(0, options.busyTimeout) * 1000))
            let readOnly = readOnly || db.isReadOnly
            return Opened(db: db, readOnly: readOnly, fullDisk: false,
                          prepared: try prepareRetryingBusy(db, readOnly: readOnly, options: options, randomText: randomText))
        }
        do {
            return try attempt()
        } catch {
            // A full disk: SQLite cannot make the log's index (`-shm`), or a migration cannot be
            // written. The reserve makes room for them; without one, read the file as it is.
            guard exists, !readOnly, error.mayBeFullDisk, DiskReserve.freeBytes(near: path) < DiskReserve.bytes / 2 else { throw error }
            if DiskReserve(store: path).release(), let opened = try? attempt() { return opened }
            guard let opened = try? openReadOnly(path, options: options, randomText: randomText, fullDisk: true) else {
                throw .unavailable(path: path, detail: "its disk is full, and its write-ahead log needs room to be read; free some space on that disk")
            }
            return opened
        }
    }

    /// Opens `path` read-only: as an immutable file when it has no write-ahead log to read (no
    /// locks, no log index: what a read-only file system or a full disk allows).
    private static func openReadOnly(_ path: String, options: StoreOptions, randomText: RandomTextProvider,
                                     fullDisk: Bool) throws(StoreError) -> Opened {
        let immutable = ReadOnlyFileSystem.hasNoLog(path)
        let db = try Database(path: immutable ? ReadOnlyFileSystem.immutableURI(path) : path, displayPath: path,
                              flags: SQLITE_OPEN_READONLY | (immutable ? SQLITE_OPEN_URI : 0))
        sqlite3_busy_timeout(db.handle, Int32(max(0, options.busyTimeout) * 1000))
        return Opened(db: db, readOnly: true, fullDisk: fullDisk,
                      prepared: try prepareRetryingBusy(db, readOnly: true, options: options, randomText: randomText))
    }

    deinit { watcher?.stop() }

    /// A file the user has write-protected stays read-only, even for root (who could write anyway).
    private static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return info.st_mode & 0o222 != 0 && access(path, W_OK) == 0
    }

    /// `prepare`, tried again for up to two seconds while another process holds a lock SQLite
    /// will not wait for (two windows opening a new store at once: switching it to WAL needs a
    /// moment alone with the file, and SQLite answers "busy" at once rather than deadlock).
    private static func prepareRetryingBusy(_ db: Database, readOnly: Bool, options: StoreOptions,
                                            randomText: RandomTextProvider) throws(StoreError) -> (created: Bool, version: Int) {
        var attempt = 0
        while true {
            do {
                return try prepare(db, readOnly: readOnly, options: options, randomText: randomText)
            } catch .unavailable(_, let detail) where detail.hasPrefix(Database.busyDetail) && attempt < 100 {
                attempt += 1
                usleep(20_000)
            }
        }
    }

    /// Checks the file, sets the connection up and migrates. Nothing is written before the file is
    /// known to be a Fonsters library of a version we understand. Returns whether it was created
    /// and its schema version now (an older one read-only, which cannot be migrated).
    private static func prepare(_ db: Database, readOnly: Bool, options: StoreOptions,
                                randomText: RandomTextProvider) throws(StoreError) -> (created: Bool, version: Int) {
        // One statement, so both come from the same snapshot: another process may be creating
        // the library at this very moment.
        var found = 0, objects: Int64 = 0
        try db.query("SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)") { row in
            found = Int(row.int(0))
            objects = row.int(1)
        }
        if found > Schema.currentVersion {
            throw .newerSchema(path: db.path, found: found, supported: Schema.currentVersion)
        }
        if found < 0 || (found == 0 && objects > 0) {
            throw .corrupt(path: db.path, detail: "an SQLite database of another program, not a Fonsters library")
        }
        if found > 0, try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name IN ('fonsters', 'meta', 'change_log')") != 3 {
            throw .corrupt(path: db.path, detail: "tables are missing")
        }
        try db.exec("PRAGMA foreign_keys = ON")
        if readOnly {
            // An empty file cannot be read; an older library is read as it is (not migrated).
            if found == 0 { throw .readOnly(path: db.path) }
            return (false, found)
        }
        try db.exec("PRAGMA journal_mode = WAL")
        try db.exec(options.durability == .powerLoss ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        guard found < Schema.currentVersion else { return (false, found) }
        let created = try db.transaction { () throws(StoreError) -> Bool in
            // Another process may have migrated between our check and this lock.
            let version = Int(try db.scalarInt("PRAGMA user_version") ?? 0)
            if version > Schema.currentVersion {
                throw .newerSchema(path: db.path, found: version, supported: Schema.currentVersion)
            }
            if version < 0 {
                throw .corrupt(path: db.path, detail: "an SQLite database of another program, not a Fonsters library")
            }
            for migration in Schema.migrations[version...] { try db.exec(migration) }
            try db.exec("PRAGMA user_version = \(Schema.currentVersion)")
            guard version == 0 else { return false }
            let now = options.now()
            try db.query("INSERT INTO meta (key, value) VALUES ('created', ?)", [.text(ISOTime.format(now, in: options.timeZone, milliseconds: true))])
            try db.query("INSERT OR REPLACE INTO meta (key, value) VALUES ('default_engine', ?)", [.text(options.defaultEngine.rawValue)])
            if options.starterFonsters {
                let directory = db.path == ":memory:" ? NSHomeDirectory() : StoreLocation.parentFolder(of: db.path)
                let facts = options.machineFacts ?? MachineFacts.current(directory: directory, timeZone: options.timeZone)
                for (index, seed) in StarterFonsters.seeds(facts: facts, now: now, timeZone: options.timeZone).enumerated() {
                    let fonster = newFonster(name: randomText.friendlyName(), seed: seed, engine: options.defaultEngine,
                                             position: index, options: options)
                    try insert(fonster, sortKey: Int64(index), into: db)
                }
            }
            try db.query("INSERT INTO meta (key, value) VALUES ('first_launch', ?)", [.text(options.starterFonsters ? "starters" : "empty")])
            return true
        }
        return (created, Schema.currentVersion)
    }

    // MARK: - Reading

    /// The Fonster with this id.
    public func get(_ id: UUID) throws(StoreError) -> Fonster {
        try locked { () throws(StoreError) in try fetch(id) }
    }

    /// The name and seed of each of `ids` the library holds (looked up by id, one row each).
    public func namesAndSeeds(of ids: [UUID]) throws(StoreError) -> [UUID: (name: String, seed: String)] {
        try locked { () throws(StoreError) in
            var found: [UUID: (name: String, seed: String)] = [:]
            for id in ids {
                try db.query("SELECT name, seed FROM fonsters WHERE id = ?", [.text(id.text)]) { row in
                    found[id] = (row.text(0) ?? "", row.text(1) ?? "")
                }
            }
            return found
        }
    }

    /// Every Fonster in list order.
    public func list() throws(StoreError) -> [Fonster] { try list(start: 0, count: nil).fonsters }

    /// The Fonsters from place `start` on (at most `count` of them, all when nil), in list order,
    /// and how many the library holds: one page, read in one transaction, whatever the library's
    /// size, and a page deep in the list costs what the first does (see `ListOrder`).
    public func list(start: Int, count: Int?) throws(StoreError) -> (fonsters: [Fonster], total: Int) {
        try locked { () throws(StoreError) in
            // Sized up front and sharing repeated zone strings: list-all of a large library
            // is the store's peak of memory.
            var result: [Fonster] = []
            var zone = ""
            let total = try page(start: start, count: count) { row, position, size in
                if result.isEmpty { result.reserveCapacity(size) }
                var fonster = self.fonster(row, zone: &zone)
                fonster.position = position
                result.append(fonster)
                return true
            }
            return (result, total)
        }
    }

    /// Every Fonster's id, seed and engine in list order: what drawing the library takes (its
    /// look-alikes), read without the names and histories `list()` decodes.
    public func seeds() throws(StoreError) -> [StoredSeed] {
        try locked { () throws(StoreError) in
            var result: [StoredSeed] = []
            result.reserveCapacity(Int(try db.scalarInt("SELECT count(*) FROM fonsters") ?? 0))
            try db.query("SELECT id, seed, engine FROM fonsters ORDER BY position, rowid") { row in
                result.append(StoredSeed(id: row.uuid(0) ?? StoredID.derived(from: row.text(0) ?? ""),
                                         seed: row.text(1) ?? "", engine: options.engine(named: row.text(2))))
            }
            return result
        }
    }

    /// Where the library stands now (one cheap read): two versions are equal only when no one
    /// changed it in between.
    public func version() throws(StoreError) -> StoreVersion {
        try locked { () throws(StoreError) in
            StoreVersion(logged: try db.scalarInt("SELECT coalesce(max(seq), 0) FROM change_log") ?? 0,
                         others: try db.scalarInt("PRAGMA data_version") ?? 0)
        }
    }

    /// How many Fonsters the library holds.
    public func count() throws(StoreError) -> Int {
        try locked { () throws(StoreError) in try fonsterCount() }
    }

    /// Runs `PRAGMA integrity_check` and returns its first line (`ok` for a sound file).
    public func integrityCheck() throws(StoreError) -> String {
        try locked { () throws(StoreError) in try db.scalarText("PRAGMA integrity_check") ?? "" }
    }

    // MARK: - Editing

    /// Creates a Fonster at the end of the list, with empty history, drawn by `engine` (nil: the
    /// library's default engine). A client may choose the `id` (so a script can refer to it); an
    /// id already in use is refused.
    public func create(name: String = "", seed: String = "", id: UUID? = nil, engine: EngineVersion? = nil) throws(StoreError) -> Fonster {
        try Self.validate(name: name)
        try Self.validate(seed: seed)
        return try write { () throws(StoreError) in
            if let id, try storedKey(id) != nil {
                throw StoreError.invalidArgument("A Fonster with the id \(id.uuidString) already exists; leave the id out to get a new one.")
            }
            let engine = try resolved(engine)
            let fonster = Self.newFonster(id: id ?? TimeOrderedID.next(), name: name, seed: seed, engine: engine,
                                          position: try Self.count(db), options: options)
            try Self.insert(fonster, sortKey: try nextPosition(), into: db)
            return (fonster, [StoreChange([fonster], reason: .create)])
        }
    }

    /// Renames a Fonster. Not undoable: only seeds have history.
    public func rename(_ id: UUID, to name: String) throws(StoreError) -> Fonster {
        try edit(id, name: name)
    }

    /// Sets the seed as a committed, undoable edit (the old seed goes onto the history and the
    /// future is cleared). Setting the seed it already has is a no-op: no history entry.
    public func setSeed(_ id: UUID, to seed: String) throws(StoreError) -> Fonster {
        try edit(id, seed: seed)
    }

    /// Renames, sets the seed and/or switches the engine in one transaction (all or nothing),
    /// with the rules of `rename` and `setSeed`. Switching the engine keeps the seed and its
    /// history and is not undoable (undo and redo walk seeds only).
    public func edit(_ id: UUID, name: String? = nil, seed: String? = nil, engine: EngineVersion? = nil) throws(StoreError) -> Fonster {
        if let name { try Self.validate(name: name) }
        if let seed { try Self.validate(seed: seed) }
        return try update(id) { (fonster: inout Fonster) throws(StoreError) in
            var changed = false
            if let name, fonster.name != name {
                fonster.name = name
                changed = true
            }
            if let seed, Self.commit(seed, to: &fonster) { changed = true }
            if let engine, fonster.engine != engine {
                fonster.engine = engine
                changed = true
            }
            return changed
        }
    }

    /// Undoes the last seed edit: the current seed moves to the front of the future and the last
    /// history entry comes back. Throws `nothingToUndo` when the history is empty.
    public func undo(_ id: UUID) throws(StoreError) -> Fonster {
        try update(id) { (fonster: inout Fonster) throws(StoreError) in
            guard let previous = fonster.history.undo(from: fonster.seed) else { throw .nothingToUndo(id) }
            fonster.seed = previous
            return true
        }
    }

    /// Redoes the last undone edit: the current seed goes onto the history and the first
    /// future entry comes back. Throws `nothingToRedo` when the future is empty.
    public func redo(_ id: UUID) throws(StoreError) -> Fonster {
        try update(id) { (fonster: inout Fonster) throws(StoreError) in
            guard let next = fonster.history.redo(from: fonster.seed) else { throw .nothingToRedo(id) }
            fonster.seed = next
            return true
        }
    }

    /// Makes evolution frame `frame` (1-based; the first `frame` characters of the trimmed seed)
    /// the seed, as an undoable edit. Throws `frameOutOfRange` outside `1...frameCount`.
    public func useFrame(_ id: UUID, frame: Int) throws(StoreError) -> Fonster {
        try update(id) { (fonster: inout Fonster) throws(StoreError) in
            let prefixes = Evolution.Frames(fonster.seed)
            guard (1...max(1, prefixes.count)).contains(frame), prefixes.count > 0 else {
                throw .frameOutOfRange(frame: frame, count: prefixes.count)
            }
            return Self.commit(prefixes[frame - 1], to: &fonster)
        }
    }

    /// Applies random `text` from `source`: replaces the seed (`prepend` false) or puts
    /// `trim(text) + " "` before it (`prepend` true), as an undoable edit, and remembers the source.
    public func applyRandomText(_ id: UUID, text: String, source: RandomSource, prepend: Bool) throws(StoreError) -> Fonster {
        try update(id) { (fonster: inout Fonster) throws(StoreError) in
            let seed = prepend ? Seeds.trim(text) + " " + fonster.seed : text
            try Self.validate(seed: seed)
            let sourceChanged = fonster.randomSource != source
            fonster.randomSource = source
            return Self.commit(seed, to: &fonster) || sourceChanged
        }
    }

    /// A copy with a new id, the same name, seed and random source, fresh history, created now,
    /// at the end of the list.
    public func duplicate(_ id: UUID) throws(StoreError) -> Fonster {
        try write { () throws(StoreError) in
            let original = try fetch(id)
            var copy = Self.newFonster(name: original.name, seed: original.seed, engine: original.engine,
                                       position: try Self.count(db), options: options)
            copy.randomSource = original.randomSource
            try Self.insert(copy, sortKey: try nextPosition(), into: db)
            return (copy, [StoreChange([copy], reason: .create)])
        }
    }

    /// Moves a Fonster to list index `index` (0-based, counted in the list as it is now);
    /// the others keep their relative order. Throws `indexOutOfRange` outside `0..<count`.
    public func move(_ id: UUID, to index: Int) throws(StoreError) -> Fonster {
        try write { () throws(StoreError) in
            var (fonster, key) = try fetchRow(id)
            let count = try Self.count(db)
            guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
            let rowid = try db.scalarInt("SELECT rowid FROM fonsters WHERE id = ?", [.text(key)]) ?? 0
            let old = try db.scalarInt("SELECT position FROM fonsters WHERE rowid = ?", [.int(rowid)]) ?? 0
            let position = try freeKey(at: index, moving: (SortKey(position: old, rowid: rowid), fonster.position))
            try db.query("UPDATE fonsters SET position = ? WHERE rowid = ?", [.int(position), .int(rowid)])
            fonster.position = index
            return (fonster, [StoreChange([fonster], reason: .move)])
        }
    }

    /// Creates one Fonster per seed (named from `names` when given, which must be as long, drawn
    /// by `engine`, nil: the library's default engine) in one transaction, at the end of the list in order. A seed already in the
    /// library, or earlier in `seeds`, is skipped (checked inside the transaction, so two imports
    /// at once add it once) and its index reported. Seeds are compared as the engine reads them,
    /// byte for byte ("é" and "e" + U+0301 are two seeds), each by one look-up in the seed index,
    /// so a step costs the same in a library of any size. More than 1,000 throws `tooMany`; any
    /// bad seed or name throws `tooLong` naming its index before anything is created.
    /// `engines`, when given (one per seed), draws each seed with its own engine, all in the one transaction.
    /// `keys`, when given (one per seed), are the seeds' look-alike keys, kept in the new rows (`StoredKeys`).
    public func importSeeds(_ seeds: [String], names: [String]? = nil, engine: EngineVersion? = nil,
                            engines: [EngineVersion]? = nil, keys: [PictureKey]? = nil) throws(StoreError) -> ImportResult {
        guard seeds.count <= StoreLimits.maxSeedImport else { throw .tooMany(count: seeds.count, limit: StoreLimits.maxSeedImport) }
        if let names, names.count != seeds.count {
            throw .invalidArgument("There are \(names.count) names for \(seeds.count) seeds; give one name per seed, or none.")
        }
        if let engines, engines.count != seeds.count {
            throw .invalidArgument("There are \(engines.count) engines for \(seeds.count) seeds; give one engine per seed, or none.")
        }
        if let keys, keys.count != seeds.count {
            throw .invalidArgument("There are \(keys.count) look-alike keys for \(seeds.count) seeds; give one key per seed, or none.")
        }
        for (index, seed) in seeds.enumerated() {
            try Self.validate(seed: seed, field: "seed at index \(index)")
            try Self.validate(name: names?[index] ?? "", field: "name at index \(index)")
        }
        return try write { () throws(StoreError) in
            let engine = try resolved(engine)
            var sortKey = try nextPosition()
            var position = try fonsterCount()
            var result = ImportResult(created: [], skipped: [])
            result.created.reserveCapacity(seeds.count)
            let now = CreationTime(options)  // one commit: one creation time
            // The new rows go in `Self.rowsPerInsert` at a time; a seed is looked for in the rows
            // inserted so far (the index has them) and in those waiting, by a hash of its bytes.
            var waiting = 0
            var waitingHashes: Set<Int> = []
            var createdKeys: [PictureKey?] = []
            func flush() throws(StoreError) {
                try Self.insert(result.created[(result.created.count - waiting)...], keys: keys == nil ? nil : createdKeys[(createdKeys.count - waiting)...],
                                firstSortKey: sortKey, into: db)
                sortKey += Int64(waiting)
                waiting = 0
                waitingHashes.removeAll(keepingCapacity: true)
            }
            for (index, seed) in seeds.enumerated() {
                let hash = Self.bytesHash(seed)
                let isWaiting = waitingHashes.contains(hash) && result.created.suffix(waiting).contains { Self.sameBytes($0.seed, seed) }
                if try isWaiting ? true : holds(seed: seed) {
                    result.skipped.append(index)
                    continue
                }
                result.created.append(Self.newFonster(name: names?[index] ?? "", seed: seed, engine: engines?[index] ?? engine,
                                                      position: position, options: options, at: now))
                if let keys { createdKeys.append(keys[index]) }
                position += 1
                waiting += 1
                waitingHashes.insert(hash)
                if waiting == Self.rowsPerInsert { try flush() }
            }
            try flush()
            return (result, result.created.isEmpty ? [] : [StoreChange(result.created, reason: .imported)])
        }
    }

    /// Whether a Fonster's seed is `seed`, byte for byte (one look-up in `fonsters_by_seed`).
    func holds(seed: String) throws(StoreError) -> Bool {
        try db.scalarInt("SELECT 1 FROM fonsters WHERE seed = ? LIMIT 1", [.text(seed)]) != nil
    }

    /// Whether `a` and `b` are the same UTF-8 bytes (Swift's `==` also equates canonically
    /// equivalent text, which the engine draws differently).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    /// A hash of `text`'s UTF-8 bytes (equal bytes, equal hashes; canonically equivalent text
    /// in other bytes hashes apart).
    static func bytesHash(_ text: String) -> Int {
        var hasher = Hasher()
        for byte in text.utf8 { hasher.combine(byte) }
        return hasher.finalize()
    }

    /// The virtual-machine steps SQLite has run for this store so far: what a piece of work read,
    /// counted alike on a fast or a slow machine (tests compare it before and after).
    var stepsRun: Int {
        lock.lock()
        defer { lock.unlock() }
        return db.stepsRun
    }

    // MARK: - Change detection

    /// Calls `handler` after every change: this store's own writes (synchronously, after the
    /// commit, with ids and reason) and other connections' commits (polled every
    /// `changePollInterval`, on a background queue). Keep the observation; `cancel()` it to stop.
    public func onChange(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ChangeObservation {
        let key = UUID()
        observerLock.lock()
        observers[key] = handler
        if watcher == nil && path != ":memory:" {
            watcher = ChangeWatcher(interval: options.changePollInterval) { [weak self] in
                guard let self else { return }
                self.notify(self.checkForExternalChanges())
            }
        }
        observerLock.unlock()
        return ChangeObservation { [weak self] in
            guard let self else { return }
            self.observerLock.lock()
            self.observers[key] = nil
            let idle = self.observers.isEmpty ? self.watcher : nil
            if idle != nil { self.watcher = nil }
            self.observerLock.unlock()
            idle?.stop()
        }
    }

    /// Changes other connections committed since the last check (empty when none), grouped in
    /// commit order by reason. Cheap when nothing changed (`PRAGMA data_version`). Errors (a
    /// busy file) count as "nothing yet"; the next check sees the change.
    public func checkForExternalChanges() -> [StoreChange] {
        lock.lock()
        defer { lock.unlock() }
        guard let version = try? db.scalarInt("PRAGMA data_version"), version != lastDataVersion else { return [] }
        var rows: [(seq: Int64, id: UUID?, reason: ChangeReason?, mine: Bool)] = []
        var oldest: Int64?
        do {
            oldest = try db.scalarInt("SELECT min(seq) FROM change_log")
            try db.query("SELECT seq, fonster_id, reason, writer FROM change_log WHERE seq > ? ORDER BY seq", [.int(lastLogSeq)]) { row in
                // A purge (nil) changed the trash only: nothing to tell.
                let reason = row.text(2).map { $0 == Self.purgeReason ? nil : ChangeReason(rawValue: $0) ?? .update } ?? .update
                rows.append((row.int(0), row.text(1).flatMap(UUID.init(uuidString:)), reason, row.text(3) == writerTag))
            }
        } catch {
            return []
        }
        defer { lastDataVersion = version; lastLogSeq = rows.last?.seq ?? lastLogSeq }
        if let oldest, oldest > lastLogSeq + 1 {  // the rows in between were pruned
            return [StoreChange(ids: [], reason: .reload, external: true)]
        }
        let theirs = rows.filter { !$0.mine }
        if theirs.isEmpty {
            // Another process that kept look-alike keys (`storeKeys`) changed nothing.
            let written = try? db.scalarText("SELECT value FROM meta WHERE key = 'pictures_written'")
            if let written, written != lastPicturesWritten {
                lastPicturesWritten = written
                return []
            }
            return [StoreChange(ids: [], reason: .external, external: true)]
        }
        var changes: [StoreChange] = []
        for row in theirs {
            guard let reason = row.reason else { continue }
            let ids = row.id.map { [$0] } ?? []
            if let last = changes.last, last.reason == reason {
                changes[changes.count - 1].ids += ids.filter { !last.ids.contains($0) }
            } else {
                changes.append(StoreChange(ids: ids, reason: reason, external: true))
            }
        }
        // The engines of the changed Fonsters that still exist, and the settings as they are now.
        for index in changes.indices {
            for id in changes[index].ids {
                if let name = try? db.scalarText("SELECT engine FROM fonsters WHERE id = ?", [.text(id.text)]) {
                    changes[index].engines[id] = options.engine(named: name)
                }
            }
            if changes[index].reason == .settings { changes[index].defaultEngine = try? storedDefaultEngine() }
        }
        return changes
    }

    private func notify(_ changes: [StoreChange]) {
        guard !changes.isEmpty else { return }
        observerLock.lock()
        let handlers = Array(observers.values)
        observerLock.unlock()
        for change in changes { for handler in handlers { handler(change) } }
    }

    // MARK: - Plumbing

    /// Runs `body` with the connection under the lock.
    func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs `body` as one write transaction, logs its changes for other processes and, after the
    /// commit, tells this store's observers.
    /// `topUp` false leaves the reserve as it is (`writeOnFullDisk` tops it up after its checkpoint).
    func write<T>(topUp: Bool = true, _ body: () throws(StoreError) -> (T, [StoreChange])) throws(StoreError) -> T {
        if openedOnFullDisk { throw .diskFull(path: path) }
        guard !isReadOnly else { throw .readOnly(path: path) }
        // A cancelled request's write does not begin, and rolls back if the cancel comes before
        // the commit (`WriteGate`): so a request answered "cancelled" changed nothing.
        let gate = Self.writeGate
        if let gate, !gate.writeMayBegin() { throw .cancelled }
        var decided = false
        defer { if !decided { gate?.writeRolledBack() } }
        let (result, changes) = try locked { () throws(StoreError) -> (T, [StoreChange]) in
            let outcome = try db.transaction { () throws(StoreError) -> (T, [StoreChange]) in
                try checkIdentity()
                let (result, changes) = try body()
                for change in changes {
                    // A change of no Fonster in particular (the settings) is one row without an id.
                    if change.ids.isEmpty { try log(change.reason.rawValue, id: nil) } else { try log(change.reason.rawValue, ids: change.ids) }
                }
                try pruneLog()
                try checkIdentity()  // again, as late as possible before the commit
                decided = true
                if let gate, !gate.writeMayCommit() { throw .cancelled }
                return (result, changes)
            }
            if fileIdentity != nil { logIdentity = FileIdentity(path: path + "-wal") }
            return outcome
        }
        notify(changes)
        if topUp { reserve?.topUp() }
        return result
    }

    /// Logs one row of a change for other processes' change detection (`id` nil: of no Fonster
    /// in particular). Inside a write transaction, which `pruneLog` ends.
    func log(_ reason: String, id: UUID?) throws(StoreError) {
        try db.query(Self.logOne, [.optional(id?.text), .text(reason), .text(writerTag)])
    }

    /// `log`, a row per id in order, `rowsPerInsert` rows per statement.
    private func log(_ reason: String, ids: [UUID]) throws(StoreError) {
        var start = 0
        var bindings: [SQLValue] = []
        while start < ids.count {
            let count = ids.count - start >= Self.rowsPerInsert ? Self.rowsPerInsert : 1
            bindings.removeAll(keepingCapacity: true)
            for id in ids[start..<start + count] { bindings += [.text(id.text), .text(reason), .text(writerTag)] }
            try db.query(count == 1 ? Self.logOne : Self.logMany, bindings)
            start += count
        }
    }

    private static let logOne = "INSERT INTO change_log (fonster_id, reason, writer) VALUES (?, ?, ?)"
    private static let logMany = "INSERT INTO change_log (fonster_id, reason, writer) VALUES "
        + Array(repeating: "(?, ?, ?)", count: rowsPerInsert).joined(separator: ", ")

    /// Keeps the newest `Schema.changeLogKeep` rows of the change log: once per write (an import
    /// of 1,000 logs 1,000 rows, and pruned after each of them before).
    private func pruneLog() throws(StoreError) {
        try db.query("DELETE FROM change_log WHERE seq <= (SELECT max(seq) FROM change_log) - ?", [.int(Schema.changeLogKeep)])
    }

    /// `write`, tried once more when the disk is full, after giving back the reserve: for the
    /// writes that must work on a full disk (delete, purge). After such a write the log is
    /// checkpointed into the file and emptied (its pages would otherwise hold the room), and only
    /// then does the reserve take back what is left, so the next delete finds room again and other
    /// writes still find none. The checkpoint may grow the file by what the log held, which the
    /// reserve covers while it has just been given back.
    func writeOnFullDisk<T>(_ body: () throws(StoreError) -> (T, [StoreChange])) throws(StoreError) -> T {
        do {
            return try write(body)
        } catch {
            guard case .diskFull = error, let reserve, reserve.release() else { throw error }
            defer { reserve.topUp() }
            let result = try write(topUp: false, body)
            checkpointAndEmptyLog()
            return result
        }
    }

    /// Copies the log's pages into the file and empties the log, giving its room back to the disk
    /// (`wal_checkpoint(TRUNCATE)`; it cannot finish while another connection reads, which is
    /// harmless: the next one will).
    func checkpointAndEmptyLog() {
        try? locked { () throws(StoreError) in try db.exec("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Reads the row inside a write transaction, lets `change` edit it, and saves it when
    /// `change` returns true (false: nothing to do, nothing written or reported). The engine is
    /// written only when `change` switched it: a name this build does not know stays in the file.
    private func update(_ id: UUID, _ change: (inout Fonster) throws(StoreError) -> Bool) throws(StoreError) -> Fonster {
        try write { () throws(StoreError) in
            var (fonster, key) = try fetchRow(id)
            let engine = fonster.engine
            guard try change(&fonster) else { return (fonster, []) }
            try db.query("UPDATE fonsters SET name = ?, seed = ?, random_source = ?, history = ?, future = ?, engine = coalesce(?, engine) WHERE id = ?", [
                .text(fonster.name), .text(fonster.seed), .optional(fonster.randomSource?.rawValue),
                .text(SeedListCoding.encode(fonster.history.past)), .text(SeedListCoding.encode(fonster.history.future)),
                .optional(fonster.engine == engine ? nil : fonster.engine.rawValue), .text(key),
            ])
            return (fonster, [StoreChange([fonster], reason: .update)])
        }
    }

    /// Commits `seed` as the new seed (history per docs/engine.md §9); false when it is unchanged.
    private static func commit(_ seed: String, to fonster: inout Fonster) -> Bool {
        guard seed != fonster.seed else { return false }
        fonster.history.commit(replacing: fonster.seed)
        fonster.seed = seed
        return true
    }

    /// `engine`, or the library's default engine when nil (under the lock).
    private func resolved(_ engine: EngineVersion?) throws(StoreError) -> EngineVersion {
        if let engine { return engine }
        return try storedDefaultEngine()
    }

    /// The sort key after the last Fonster's (0 for an empty library).
    func nextPosition() throws(StoreError) -> Int64 {
        try db.scalarInt("SELECT coalesce(max(position), -1) + 1 FROM fonsters") ?? 0
    }

    /// How many Fonsters `db` holds.
    static func count(_ db: Database) throws(StoreError) -> Int {
        Int(try db.scalarInt("SELECT count(*) FROM fonsters") ?? 0)
    }

    /// Milliseconds since 1970 of `date`, as stored.
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// Refuses a write when the store file (or its write-ahead log, which holds the newest
    /// commits until a checkpoint) was removed or replaced since it was opened: the write would
    /// go to a file nobody will ever open again.
    private func checkIdentity() throws(StoreError) {
        guard let identity = fileIdentity else { return }
        guard FileIdentity(path: path) == identity else { throw .storeReplaced(path: path) }
        if let logIdentity, FileIdentity(path: path + "-wal") != logIdentity { throw .storeReplaced(path: path) }
    }

    /// Throws `tooLong` for a seed over 10,000 UTF-16 units; `field` names it in the error.
    static func validate(seed: String, field: String = "seed") throws(StoreError) {
        do { try TextLimit.check(seed, field: field) } catch { throw .tooLong(error) }
    }

    /// Throws `tooLong` for a name over 10,000 UTF-16 units; `field` names it in the error.
    static func validate(name: String, field: String = "name") throws(StoreError) {
        try validate(seed: name, field: field)
    }

    /// A new Fonster created now in the options' zone (or at `time`, for many made at once),
    /// drawn by `engine`.
    static func newFonster(id: UUID = TimeOrderedID.next(), name: String, seed: String, engine: EngineVersion, position: Int, options: StoreOptions,
                           at time: CreationTime? = nil) -> Fonster {
        let time = time ?? CreationTime(options)
        return Fonster(
            id: id, name: name, seed: seed, randomSource: nil, history: History(),
            createdAt: time.date, createdAtISO8601: time.iso, createdTimeZone: time.zone, engine: engine, position: position)
    }

    /// When Fonsters made now are created: the options' clock to the millisecond, written in their zone.
    struct CreationTime {
        /// The moment, to the millisecond.
        let date: Date
        /// `date` in ISO 8601 with milliseconds, in the zone.
        let iso: String
        /// The zone's identifier.
        let zone: String

        /// Now, by `options`' clock and zone.
        init(_ options: StoreOptions) {
            date = Date(timeIntervalSince1970: (options.now().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
            iso = ISOTime.format(date, in: options.timeZone, milliseconds: true)
            zone = options.timeZone.identifier
        }
    }

    /// Inserts `f` with list sort key `sortKey` (its `position` is the list index, not stored).
    static func insert(_ f: Fonster, sortKey: Int64, into db: Database) throws(StoreError) {
        try insert([f][...], firstSortKey: sortKey, into: db)
    }

    /// Inserts `fonsters` in order with list sort keys from `firstSortKey` on, `rowsPerInsert`
    /// rows per statement (a statement's own cost — its savepoint, cursors and the table its
    /// CHECK builds — is then paid per 50 rows, not per row), the rest one by one.
    /// `keys`, when given, holds each one's look-alike key (nil where none; see `StoredKeys`).
    static func insert(_ fonsters: ArraySlice<Fonster>, keys: ArraySlice<PictureKey?>? = nil, firstSortKey: Int64,
                       into db: Database) throws(StoreError) {
        var start = fonsters.startIndex, sortKey = firstSortKey
        var bindings: [SQLValue] = []
        while start < fonsters.endIndex {
            let count = fonsters.endIndex - start >= rowsPerInsert ? rowsPerInsert : 1
            bindings.removeAll(keepingCapacity: true)
            for (i, f) in zip(start..<start + count, fonsters[start..<start + count]) {
                let key = keys.flatMap { $0[i - fonsters.startIndex + $0.startIndex] }
                bindings += [
                    .text(f.id.text), .int(sortKey), .text(f.name), .text(f.seed), .optional(f.randomSource?.rawValue),
                    .text(SeedListCoding.encode(f.history.past)), .text(SeedListCoding.encode(f.history.future)),
                    .int(milliseconds(f.createdAt)), .text(f.createdAtISO8601),
                    .text(f.createdTimeZone), .text(f.engine.rawValue), key.map { .blob($0.bytes) } ?? .null,
                ]
                sortKey += 1
            }
            try db.query(count == 1 ? insertOne : insertMany, bindings)
            start += count
        }
    }

    /// Rows per statement of a many-row insert (12 parameters each).
    static let rowsPerInsert = 50
    private static let insertOne = "INSERT INTO fonsters (\(columns), picture_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    private static let insertMany = "INSERT INTO fonsters (\(columns), picture_key) VALUES "
        + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rowsPerInsert).joined(separator: ", ")

    static let columns = "id, position, name, seed, random_source, history, future, created_ms, created_iso, created_zone, engine"

    /// The Fonster with `id`, its `position` its list index.
    func fetch(_ id: UUID) throws(StoreError) -> Fonster {
        try fetchRow(id).fonster
    }

    /// The Fonster with `id` and the id text its row is stored under.
    func fetchRow(_ id: UUID) throws(StoreError) -> (fonster: Fonster, key: String) {
        guard let key = try storedKey(id) else { throw .notFound(id) }
        var found: Fonster?
        var rowid: Int64 = 0
        var zone = ""
        try db.query("SELECT \(Self.columns), rowid FROM fonsters WHERE id = ?", [.text(key)]) { row in
            found = self.fonster(row, zone: &zone)
            rowid = row.int(11)
        }
        guard var found else { throw .notFound(id) }
        found.position = try listIndex(of: SortKey(position: Int64(found.position), rowid: rowid))
        return (found, key)
    }

    /// The id text the row of `id` is stored under: the canonical UUID text for rows this
    /// program wrote, else the text of a row another program wrote (`foreignIDs`), nil when none.
    func storedKey(_ id: UUID) throws(StoreError) -> String? {
        if try db.scalarInt("SELECT count(*) FROM fonsters WHERE id = ?", [.text(id.text)]) ?? 0 > 0 { return id.text }
        // Only another connection's commit can add a row this program did not write.
        let version = try db.scalarInt("PRAGMA data_version") ?? 0
        if let known = foreignIDs, known.version == version { return known.keys[id] }
        var keys: [UUID: String] = [:]
        try db.query("SELECT id FROM fonsters") { row in
            let parsed = row.uuid(0)
            // Canonical text (a UUID in upper case) is found by the lookup above.
            if parsed != nil && !row.withUTF8(0, { $0.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } }) { return }
            guard let text = row.text(0) else { return }
            let key = parsed ?? StoredID.derived(from: text)
            if keys[key] == nil { keys[key] = text }
        }
        foreignIDs = (version, keys)
        return keys[id]
    }

    /// A Fonster from a row of `columns`. `zone` carries the previous row's time-zone string,
    /// shared when equal (and replaced when not). Damaged history text reads as empty history.
    func fonster(_ row: Row, zone: inout String) -> Fonster {
        let rowZone = row.text(9) ?? ""
        if rowZone != zone { zone = rowZone }
        return Fonster(
            id: row.uuid(0) ?? StoredID.derived(from: row.text(0) ?? ""),
            name: row.text(2) ?? "",
            seed: row.text(3) ?? "",
            randomSource: row.text(4).flatMap(RandomSource.init(rawValue:)),
            history: History(past: row.withUTF8(5) { SeedListCoding.decode($0) } ?? [],
                             future: row.withUTF8(6) { SeedListCoding.decode($0) } ?? []),
            createdAt: Date(timeIntervalSince1970: Double(row.int(7)) / 1000),
            createdAtISO8601: row.text(8) ?? "",
            createdTimeZone: zone,
            engine: options.engine(named: row.text(10)),
            position: Int(row.int(1)))
    }
}
