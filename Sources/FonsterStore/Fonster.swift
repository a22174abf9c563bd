import CreatureCore
import Foundation

/// Where a Fonster's random text came from, remembered so Refresh can ask again.
public enum RandomSource: String, CaseIterable, Codable, Sendable {
    /// A short public-domain quote with its author.
    case quote
    /// Four words from a word list.
    case words
    /// An upper-case UUID.
    case uuid
    /// A lorem-ipsum sentence.
    case lorem
}

/// One saved creature of the library.
public struct Fonster: Equatable, Sendable, Identifiable {
    /// Stable identity; never reused. New ones are time-ordered (`TimeOrderedID`), which orders
    /// nothing the user sees. A row another program wrote with an id that is not a UUID
    /// gets a UUID derived from that text (see `StoredID`), the same on every read.
    public let id: UUID
    /// The user's name for it (may be empty: see `displayName`).
    public var name: String
    /// The text the creature is drawn from.
    public var seed: String
    /// The source of the last random text loaded, if any.
    public var randomSource: RandomSource?
    /// The seeds it had before (undo) and the seeds undone (redo), 20 of each at most.
    public var history: History
    /// When it was created, to the millisecond.
    public let createdAt: Date
    /// `createdAt` in the local offset of its creation, e.g. `2026-11-21T09:30:00.123-08:00`.
    public let createdAtISO8601: String
    /// The time-zone identifier it was created in; birthdays are evaluated there.
    public let createdTimeZone: String
    /// The engine that draws it, so a future engine never changes it silently. A row naming an
    /// engine this build does not know reads as `StoreOptions.defaultEngine`, and keeps its name
    /// in the file until the engine is switched.
    public var engine: EngineVersion
    /// Its 0-based place in list order (contiguous: the first Fonster is 0, the next 1…).
    public var position: Int

    /// Whether undo has a seed to restore.
    public var canUndo: Bool { history.canUndo }
    /// Whether redo has a seed to restore.
    public var canRedo: Bool { history.canRedo }
    /// The name shown in lists (docs/engine.md §9): the name, else the trimmed seed (cut), else "Untitled".
    public var displayName: String { Naming.displayName(name: name, seed: seed) }

    /// Whether `now` is its birthday (docs/engine.md §9): the month and day of creation, in the zone
    /// it was created in, are today's month and day there, at least a year after creation.
    /// Many at once: `Birthdays`.
    public func isBirthday(now: Date) -> Bool {
        Self.isBirthday(createdAt: createdAt, iso: createdAtISO8601, zone: createdTimeZone, now: now)
    }

    /// `isBirthday(now:)` of a Fonster created at `createdAt` (written `iso`) in `zone`: the zone
    /// is `zone`, else the offset written in `iso`, else this machine's.
    static func isBirthday(createdAt: Date, iso: String, zone: String, now: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)
            ?? ISOTime.offset(of: iso).flatMap(TimeZone.init(secondsFromGMT:)) ?? .current
        let born = calendar.dateComponents([.year, .month, .day], from: createdAt)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        guard let bornYear = born.year, let year = today.year, year > bornYear else { return false }
        return born.month == today.month && born.day == today.day
    }
}

/// ISO 8601 internet date-times in a given zone (see `ISO8601Timestamp`).
enum ISOTime {
    /// `2026-11-21T09:30:00.123-08:00` (with milliseconds) or `2026-11-21T09:30:00-08:00`;
    /// `Z` for a zero offset, as Apple's ISO 8601 formatter writes it.
    static func format(_ date: Date, in zone: TimeZone, milliseconds: Bool) -> String {
        ISO8601Timestamp.format(date, offsetSeconds: zone.secondsFromGMT(for: date), fractionDigits: milliseconds ? 3 : 0)
    }

    /// The UTC offset in seconds written at the end of an ISO 8601 date-time, if any.
    static func offset(of iso: String) -> Int? {
        if iso.hasSuffix("Z") { return 0 }
        let tail = iso.suffix(6)
        guard tail.count == 6, let sign = tail.first, sign == "+" || sign == "-",
              let h = Int(tail.dropFirst().prefix(2)), let m = Int(tail.suffix(2)) else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }
}

/// A Fonster's id, seed and engine: all that draws it (`FonsterStore.seeds()`).
public struct StoredSeed: Equatable, Sendable {
    /// The Fonster's id.
    public let id: UUID
    /// The text it is drawn from.
    public let seed: String
    /// The engine that draws it (as `Fonster.engine`).
    public let engine: EngineVersion

    /// The id, seed and engine of a Fonster.
    public init(id: UUID, seed: String, engine: EngineVersion) {
        self.id = id
        self.seed = seed
        self.engine = engine
    }

    /// The id, seed and engine of `fonster`.
    public init(_ fonster: Fonster) { self.init(id: fonster.id, seed: fonster.seed, engine: fonster.engine) }
}

/// Where a library stands (`FonsterStore.version()`): every edit of this program logs a row per
/// Fonster it changes, and any commit of another connection moves SQLite's data version.
public struct StoreVersion: Equatable, Sendable {
    /// The newest change-log row.
    let logged: Int64
    /// `PRAGMA data_version`: moves when another connection commits anything.
    let others: Int64

    /// Whether this version is `earlier` plus exactly one logged change of this connection (one
    /// Fonster created or updated) and nothing else.
    public func follows(_ earlier: StoreVersion) -> Bool { others == earlier.others && logged == earlier.logged + 1 }

    /// This version with `count` more logged changes of this connection (an import logs one a
    /// Fonster it makes): what `follows` chains through.
    public func advanced(by count: Int) -> StoreVersion { StoreVersion(logged: logged + Int64(count), others: others) }

    /// Whether this version may be later than `other` (for keeping the newest of two).
    public func isAtLeast(_ other: StoreVersion) -> Bool { logged >= other.logged }
}
