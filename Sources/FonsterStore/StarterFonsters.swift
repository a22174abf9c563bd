import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about this machine that starter Fonsters are drawn from (docs/engine.md §9 first launch).
public struct MachineFacts: Equatable, Sendable {
    /// The host name.
    public var hostName: String
    /// The time-zone identifier, e.g. `Europe/Paris`.
    public var timeZoneIdentifier: String
    /// Physical memory in bytes.
    public var physicalMemory: UInt64
    /// Free bytes on the store's volume.
    public var storageAvailable: UInt64
    /// Total bytes of the store's volume.
    public var storageTotal: UInt64

    /// Facts given explicitly (tests).
    public init(hostName: String, timeZoneIdentifier: String, physicalMemory: UInt64, storageAvailable: UInt64, storageTotal: UInt64) {
        self.hostName = hostName
        self.timeZoneIdentifier = timeZoneIdentifier
        self.physicalMemory = physicalMemory
        self.storageAvailable = storageAvailable
        self.storageTotal = storageTotal
    }

    /// This machine's facts; storage is measured on the volume holding `directory`.
    public static func current(directory: String, timeZone: TimeZone = .current) -> MachineFacts {
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count - 1) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
        var fs = statvfs()
        let measured = statvfs(directory, &fs) == 0
        let block = UInt64(fs.f_frsize)
        return MachineFacts(
            hostName: host.isEmpty ? "localhost" : host,
            timeZoneIdentifier: timeZone.identifier,
            physicalMemory: ProcessInfo.processInfo.physicalMemory,
            storageAvailable: measured ? UInt64(fs.f_bavail) * block : 0,
            storageTotal: measured ? UInt64(fs.f_blocks) * block : 0)
    }
}

/// The seeds a new store starts with.
public enum StarterFonsters {
    /// Host name, ISO 8601 time (seconds, local offset), time-zone id,
    /// `ram:…_storage_avail:…_storage_total:…`, and `<host> • device`, in that order.
    public static func seeds(facts: MachineFacts, now: Date, timeZone: TimeZone) -> [String] {
        [
            facts.hostName,
            ISOTime.format(now, in: timeZone, milliseconds: false),
            facts.timeZoneIdentifier,
            "ram:\(facts.physicalMemory)_storage_avail:\(facts.storageAvailable)_storage_total:\(facts.storageTotal)",
            "\(facts.hostName) • device",
        ]
    }
}
