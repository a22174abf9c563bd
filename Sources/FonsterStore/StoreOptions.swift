import Foundation
import CreatureCore
import Limits

/// How a store is opened and what it does on its own.
public struct StoreOptions: Sendable {
    /// Give a newly created store its starter Fonsters (docs/engine.md §9 first launch). Off for tests and scripts.
    public var starterFonsters: Bool
    /// Remote random-text endpoint (`GET <endpoint>?source=<name>` → `{"text": "…"}`); nil is local only.
    public var randomEndpoint: URL?
    /// How long a remote random text may take before the local one is used
    /// (`RandomTextProvider.remoteTimeout` unless a test says).
    public var randomTimeout: TimeInterval
    /// The clock used for creation times and exports.
    public var now: @Sendable () -> Date
    /// The zone new Fonsters are created in (their `createdAtISO8601` offset and birthday zone).
    public var timeZone: TimeZone
    /// Seeds the random text and name generators, for repeatable tests; nil is truly random.
    public var randomSeed: UInt64?
    /// Open read-only even when the file is writable (reads work, writes throw `readOnly`).
    public var readOnly: Bool
    /// How long a write waits for another process's transaction before failing `unavailable`.
    public var busyTimeout: TimeInterval
    /// How often change observers poll for other processes' commits.
    public var changePollInterval: TimeInterval
    /// What a committed edit survives; see `Durability`. Default `.powerLoss`: the fsync per
    /// commit measured free on our test disk, and "nothing a user saved is ever lost" wins.
    public var durability: Durability
    /// The facts starter Fonsters are made from; nil reads this machine's.
    public var machineFacts: MachineFacts?
    /// The default engine of a library this store creates (and of its starter Fonsters); the
    /// library keeps it as its setting (`FonsterStore.setDefaultEngine`).
    public var defaultEngine: EngineVersion

    /// Options with the documented defaults: starters on, local random text, system clock and zone.
    public init(
        starterFonsters: Bool = true,
        randomEndpoint: URL? = nil,
        randomTimeout: TimeInterval = RandomTextProvider.remoteTimeout,
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current,
        randomSeed: UInt64? = nil,
        readOnly: Bool = false,
        busyTimeout: TimeInterval = 5,
        changePollInterval: TimeInterval = 0.25,
        durability: Durability = .powerLoss,
        machineFacts: MachineFacts? = nil,
        defaultEngine: EngineVersion = .current
    ) {
        self.starterFonsters = starterFonsters
        self.randomEndpoint = randomEndpoint
        self.randomTimeout = randomTimeout
        self.now = now
        self.timeZone = timeZone
        self.randomSeed = randomSeed
        self.readOnly = readOnly
        self.busyTimeout = busyTimeout
        self.changePollInterval = changePollInterval
        self.durability = durability
        self.machineFacts = machineFacts
        self.defaultEngine = defaultEngine
    }

    /// The defaults for tests and scripts: no starter Fonsters.
    public static var scripting: StoreOptions { StoreOptions(starterFonsters: false) }
}

/// What a committed edit survives. Both modes use a write-ahead log and never corrupt the store.
public enum Durability: String, Sendable {
    /// `synchronous=NORMAL`: a commit is in the OS before the call returns, so it survives the
    /// process crashing or being killed (kill -9); an OS crash or power cut may undo the last
    /// few commits (never corrupting). No fsync per edit: for bulk scripts on slow disks.
    case processCrash
    /// `synchronous=FULL`: every commit is fsynced, so it also survives an OS crash or power loss.
    case powerLoss
}

/// Limits that keep one request from swamping the library.
public enum StoreLimits {
    /// The most seeds `importSeeds` takes at once: as many as a share link holds.
    public static let maxSeedImport = ShareLink.maxSeeds
    /// The most Fonsters one bundle import takes at once (a whole exported library).
    public static let maxBundleImport = 10_000
}

extension StoreLimits {
    /// Every limit of the store: imports, and the remote text of the random sources.
    public static var all: [Limit] {
        [
            Limit("StoreLimits.maxSeedImport", .count(maxSeedImport, unit: "seeds"), "added at once", group: "library"),
            Limit("StoreLimits.maxBundleImport", .count(maxBundleImport, unit: "Fonsters"), "in one library bundle import", group: "library"),
            Limit("RandomTextProvider.remoteTimeout", .duration(.milliseconds(Int(RandomTextProvider.remoteTimeout * 1000))),
                  "for the whole remote request of random text before local text is used", group: "random text"),
            Limit("RandomTextProvider.maxRemoteBytes", .bytes(RandomTextProvider.maxRemoteBytes), "of a remote reply read; a longer one gives local text",
                  group: "random text"),
            Limit("RandomTextProvider.maxRedirects", .count(RandomTextProvider.maxRedirects, unit: "redirects"), "followed (to http or https only)",
                  group: "random text"),
            Limit("RandomTextProvider.maxRemoteLength", .count(RandomTextProvider.maxRemoteLength, unit: "UTF-16 units"),
                  "of remote text; longer text gives local text", group: "random text"),
            Limit("PlainHTTPGet.maxHeaderBytes", .bytes(PlainHTTPGet.maxHeaderBytes), "of a plain-HTTP reply's headers read", group: "random text"),
        ]
    }
}
