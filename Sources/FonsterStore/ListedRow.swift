import CreatureCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One Fonster of a list as the store reads it, for writing it out without building a `Fonster`
/// (no strings made for its text, no history decoded): `FonsterStore.visitList`. Its text is
/// lent as UTF-8 bytes, valid only inside the visit's callback.
public struct ListedRow {
    fileprivate let row: Row
    /// Its 0-based place in the list order.
    public let position: Int
    /// How many rows the visit gives at most (this one and those after it included, from the
    /// first): what a writer may size its buffer for.
    public let pageSize: Int
    /// The engine that draws it (as `Fonster.engine`).
    public let engine: EngineVersion

    /// Its id (as `Fonster.id`).
    public var id: UUID { row.uuid(0) ?? StoredID.derived(from: row.text(0) ?? "") }
    /// Its name's UTF-8 bytes.
    public func withName<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T { row.withUTF8(2, body) }
    /// Its seed's UTF-8 bytes.
    public func withSeed<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T { row.withUTF8(3, body) }
    /// Its random source (as `Fonster.randomSource`).
    public var randomSource: RandomSource? {
        row.withUTF8(4) { bytes in
            guard bytes.count > 0 else { return nil }  // NULL: never loaded random text
            return RandomSource(rawValue: String(decoding: bytes, as: UTF8.self))
        }
    }
    /// Whether undo has a seed to restore (as `Fonster.canUndo`: damaged history text is none).
    public var canUndo: Bool { row.withUTF8(5, Self.holdsSeeds) }
    /// Whether redo has a seed to restore (as `Fonster.canRedo`).
    public var canRedo: Bool { row.withUTF8(6, Self.holdsSeeds) }
    /// When it was created (as `Fonster.createdAt`).
    public var createdAt: Date { Date(timeIntervalSince1970: Double(row.int(7)) / 1000) }
    /// Its `createdAtISO8601`'s UTF-8 bytes.
    public func withCreatedAtISO8601<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T { row.withUTF8(8, body) }
    /// Its creation zone (as `Fonster.createdTimeZone`), sharing `last`'s storage when equal
    /// (rows of a library nearly all have one zone): `last` becomes it.
    public func createdTimeZone(sharing last: inout String) -> String {
        let same = row.withUTF8(9) { zone in
            last.withUTF8 { $0.count == zone.count && ($0.count == 0 || memcmp($0.baseAddress!, zone.baseAddress!, $0.count) == 0) }
        }
        if !same { last = row.text(9) ?? "" }
        return last
    }
    /// Whether stored history text holds at least one seed (`[]`, the usual empty text, is read
    /// without decoding).
    private static func holdsSeeds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.count == 2 && bytes[0] == UInt8(ascii: "[") && bytes[1] == UInt8(ascii: "]") { return false }
        return SeedListCoding.decode(bytes).map { !$0.isEmpty } ?? false
    }
}

extension FonsterStore {
    /// Calls `body` with each Fonster from place `start` on (at most `count`, all when nil) in
    /// list order, read as `list(start:count:)` reads them (one snapshot, a page deep in the list
    /// costing what the first does), until `body` returns false. Returns how many the library
    /// holds. `body` runs under the store's lock: keep it to writing the row out.
    public func visitList(start: Int, count: Int?, _ body: (ListedRow) -> Bool) throws(StoreError) -> Int {
        try locked { () throws(StoreError) in
            try page(start: start, count: count) { row, position, size in body(ListedRow(row: row, position: position, pageSize: size, engine: options.engine(named: row.text(10)))) }
        }
    }

    /// The rows of a page (see `list(start:count:)`), each with its place and the page's size, in
    /// one read transaction, until `body` returns false; returns the library's count. Under the lock.
    func page(start: Int, count: Int?, _ body: (Row, Int, Int) -> Bool) throws(StoreError) -> Int {
        try db.transaction(readOnly: true) { () throws(StoreError) in
            let total = try fonsterCount()
            let start = max(0, start), limit = max(0, min(count ?? total, total - start))
            guard limit > 0, let first = start == 0 ? SortKey.first : try sortKey(at: start) else { return total }
            var position = start
            try db.scan("SELECT \(Self.columns) FROM fonsters WHERE (position, rowid) >= (?2, ?3) ORDER BY position, rowid LIMIT ?1",
                        [.int(Int64(limit)), .int(first.position), .int(first.rowid)]) { row in
                defer { position += 1 }
                return body(row, position, limit)
            }
            return total
        }
    }
}
