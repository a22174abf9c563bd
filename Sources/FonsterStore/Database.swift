import CSQLite
import Foundation

/// SQLite's destructor constant telling it to copy bound text at bind time.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A thin wrapper over one `sqlite3` connection: statements are prepared once and cached,
/// and every SQLite failure becomes a `StoreError` naming the file.
/// Not thread-safe: `FonsterStore` serialises all use behind its lock.
final class Database {
    /// The connection handle.
    let handle: OpaquePointer
    /// The file path shown in errors (`:memory:` for an in-memory library).
    let path: String
    private var cache: [String: OpaquePointer] = [:]
    /// The virtual-machine steps SQLite ran for this connection's cached statements: how many
    /// rows a piece of work read, counted the same way whatever the machine's speed.
    private(set) var stepsRun = 0

    /// Opens `path` with the given `sqlite3_open_v2` flags.
    init(path: String, displayPath: String, flags: Int32) throws(StoreError) {
        _ = Database.configured
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let detail = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            if let db { sqlite3_close_v2(db) }
            throw Database.map(rc, detail: detail, path: displayPath)
        }
        sqlite3_extended_result_codes(db, 1)
        handle = db
        self.path = displayPath
    }

    deinit {
        for statement in cache.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// SQLite set up for this process once, before its first connection: without memory
    /// statistics (nothing reads them, and they serialise every allocation on one mutex).
    private static let configured: Void = { _ = fonsters_sqlite3_memstatus_off() }()

    /// How a busy or locked file is described in `StoreError.unavailable`.
    static let busyDetail = "another process kept it locked too long"

    /// Whether SQLite opened the main database read-only.
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs SQL that returns no rows (may hold several statements).
    func exec(_ sql: String) throws(StoreError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        if rc != SQLITE_OK { throw failure(rc) }
    }

    /// Runs a cached statement with `bindings`, calling `row` for each result row.
    func query(_ sql: String, _ bindings: [SQLValue] = [], row: (Row) throws(StoreError) -> Void = { _ in }) throws(StoreError) {
        try scan(sql, bindings) { (each: Row) throws(StoreError) -> Bool in try row(each); return true }
    }

    /// `query`, stopping (without reading further rows) once `row` returns false.
    func scan(_ sql: String, _ bindings: [SQLValue] = [], while row: (Row) throws(StoreError) -> Bool) throws(StoreError) {
        let statement = try prepared(sql)
        defer {
            stepsRun += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 1))
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in bindings.enumerated() {
            let position = Int32(index + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(statement, position)
            case .int(let v): rc = sqlite3_bind_int64(statement, position, v)
            case .text(let v): rc = sqlite3_bind_text(statement, position, v, Int32(v.utf8.count), SQLITE_TRANSIENT) // interior NULs kept
            case .blob(let v): rc = v.withUnsafeBytes { sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
            }
            if rc != SQLITE_OK { throw failure(rc) }
        }
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return }
            if rc != SQLITE_ROW { throw failure(rc) }
            if try !row(Row(statement: statement)) { return }
        }
    }

    /// The first column of the first row as an integer (nil when there is no row or it is NULL).
    func scalarInt(_ sql: String, _ bindings: [SQLValue] = []) throws(StoreError) -> Int64? {
        var result: Int64?
        try query(sql, bindings) { row in if result == nil { result = row.isNull(0) ? nil : row.int(0) } }
        return result
    }

    /// The first column of the first row as text (nil when there is no row or it is NULL).
    func scalarText(_ sql: String, _ bindings: [SQLValue] = []) throws(StoreError) -> String? {
        var result: String?
        try query(sql, bindings) { row in if result == nil { result = row.text(0) } }
        return result
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock is taken up front, so the
    /// rows read inside are current), committing on success and rolling back on any error.
    /// `readOnly`: a plain `BEGIN`, so that several reads see one snapshot.
    func transaction<T>(readOnly: Bool = false, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try exec(readOnly ? "BEGIN" : "BEGIN IMMEDIATE")
        do {
            let result = try body()
            try exec("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    private func prepared(_ sql: String) throws(StoreError) -> OpaquePointer {
        if let statement = cache[sql] { return statement }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc) }
        cache[sql] = statement
        return statement
    }

    /// The `StoreError` for a failed SQLite call on this connection.
    func failure(_ rc: Int32) -> StoreError {
        Database.map(rc, detail: String(cString: sqlite3_errmsg(handle)), path: path)
    }

    /// Maps an SQLite result code to the store's error for `path`.
    static func map(_ rc: Int32, detail: String, path: String) -> StoreError {
        switch rc & 0xFF {
        case SQLITE_FULL: .diskFull(path: path)
        case SQLITE_READONLY: .readOnly(path: path)
        case SQLITE_NOTADB: .corrupt(path: path, detail: "not an SQLite database")
        case SQLITE_CORRUPT: .corrupt(path: path, detail: detail)
        case SQLITE_CANTOPEN: .unavailable(path: path, detail: "cannot open the file (\(detail))")
        case SQLITE_BUSY, SQLITE_LOCKED: .unavailable(path: path, detail: "\(busyDetail) (\(detail))")
        case SQLITE_IOERR: .unavailable(path: path, detail: "input/output error (\(detail))")
        case SQLITE_PERM, SQLITE_AUTH: .unavailable(path: path, detail: "permission denied (\(detail))")
        default: .unavailable(path: path, detail: "SQLite error \(rc): \(detail)")
        }
    }
}

/// A value bound to a statement parameter.
enum SQLValue {
    /// SQL NULL.
    case null
    /// A 64-bit integer.
    case int(Int64)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob([UInt8])

    /// Text, or NULL for nil.
    static func optional(_ s: String?) -> SQLValue { s.map(SQLValue.text) ?? .null }
}

/// The current row of a running statement; valid only inside the `query` callback.
struct Row {
    fileprivate let statement: OpaquePointer

    /// Column `i` as an integer.
    func int(_ i: Int32) -> Int64 { sqlite3_column_int64(statement, i) }
    /// Whether column `i` is NULL.
    func isNull(_ i: Int32) -> Bool { sqlite3_column_type(statement, i) == SQLITE_NULL }
    /// Column `i` as text, nil for NULL.
    func text(_ i: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, i) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, i))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
    /// Column `i` parsed as a canonical UUID string (`8-4-4-4-12` hex digits), nil otherwise.
    /// Hand-parsed: Foundation's parser (sscanf) dominated list-all.
    func uuid(_ i: Int32) -> UUID? {
        withUTF8(i) { bytes -> UUID? in
            guard bytes.count == 36,
                  bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
                  bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-") else { return nil }
            // Each half is 16 hex digits; every digit's value is or'd into `invalid`, so one
            // check at the end catches any byte that is not a hex digit.
            var high: UInt64 = 0, low: UInt64 = 0, invalid: UInt8 = 0
            Row.hexValues.withUnsafeBufferPointer { hex in
                func append(_ digits: Range<Int>, to value: inout UInt64) {
                    for offset in digits {
                        let v = hex[Int(bytes[offset])]
                        invalid |= v
                        value = value << 4 | UInt64(v)
                    }
                }
                append(0..<8, to: &high); append(9..<13, to: &high); append(14..<18, to: &high)
                append(19..<23, to: &low); append(24..<36, to: &low)
            }
            guard invalid < 16 else { return nil }
            let h = high.bigEndian, l = low.bigEndian
            return withUnsafeBytes(of: (h, l)) { raw in
                UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                            raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
            }
        }
    }

    /// Each byte's hex digit value (either case), 0xFF for a byte that is not a hex digit.
    static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0xFF
        }
    }

    /// Column `i` as bytes (empty for NULL), valid during `body` only.
    func withBlob<T>(_ i: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let bytes = sqlite3_column_blob(statement, i)
        let count = Int(sqlite3_column_bytes(statement, i))
        return body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    /// Column `i` as raw UTF-8 bytes (empty for NULL), for parsers that avoid a String copy.
    func withUTF8<T>(_ i: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let bytes = sqlite3_column_text(statement, i)
        let count = Int(sqlite3_column_bytes(statement, i))
        return body(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }
}
