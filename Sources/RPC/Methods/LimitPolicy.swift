import Foundation
import CreatureCore
import FonsterDocument
import FonsterStore

/// The one list of every limit the server keeps — the transport's (`ServerLimits`), the
/// engine's (`EngineLimits`), the store's (`StoreLimits`), the documents' (`DocumentLimits`,
/// `OpenDocumentLimits`) and the methods' own bounds — each read from where it is written, with
/// its unit, what it bounds and where to change it. `fonsters-rpc limits` prints it.
public enum LimitPolicy {
    /// A limit's value with its unit.
    public enum Value: Sendable, Hashable {
        /// A number of bytes.
        case bytes(Int)
        /// A count of `unit` (e.g. "requests").
        case count(Int, unit: String)
        /// A time.
        case duration(Duration)

        /// The value as printed: bytes in KiB or MiB when whole ("64 MiB (67,108,864 bytes)"),
        /// counts grouped ("1,024 requests"), times in seconds or milliseconds.
        public var text: String {
            switch self {
            case .bytes(let n):
                let plain = "\(English.grouped(n)) bytes"
                if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(English.grouped(n >> 20)) MiB (\(plain))" }
                if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(English.grouped(n >> 10)) KiB (\(plain))" }
                return plain
            case .count(let n, let unit):
                return "\(English.grouped(n)) \(unit)"
            case .duration(let duration):
                let ms = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
                return ms % 1000 == 0 ? "\(English.grouped(Int(ms / 1000))) s" : "\(English.grouped(Int(ms))) ms"
            }
        }
    }

    /// One limit: a group, its value, what it bounds, and the Swift name (or option) that sets it.
    public struct Entry: Sendable, Hashable {
        /// The part of the server it belongs to ("requests", "back-pressure", "web", …).
        public let group: String
        /// Its value and unit.
        public let value: Value
        /// What it bounds, in a few words.
        public let meaning: String
        /// Where it is written (`ServerLimits.maxBatchEntries`), and its option when it has one.
        public let source: String
    }

    /// Every limit, in groups, with the server's configurable ones as `limits` has them.
    public static func entries(_ limits: ServerLimits = ServerLimits()) -> [Entry] {
        func bytes(_ group: String, _ n: Int, _ meaning: String, _ source: String) -> Entry {
            Entry(group: group, value: .bytes(n), meaning: meaning, source: source)
        }
        func count(_ group: String, _ n: Int, _ unit: String, _ meaning: String, _ source: String) -> Entry {
            Entry(group: group, value: .count(n, unit: unit), meaning: meaning, source: source)
        }
        func time(_ group: String, _ d: Duration, _ meaning: String, _ source: String) -> Entry {
            Entry(group: group, value: .duration(d), meaning: meaning, source: source)
        }
        let documents = DocumentLimits()
        return [
            count("requests", limits.maxConcurrentRequests, "units", "of requests running at once (a heavy one holds \(MethodDeclaration.heavyWeight))",
                  "ServerLimits.maxConcurrentRequests, --max-concurrent"),
            count("requests", limits.maxWaitingRequests, "requests", "read and waiting for their turn before input is not read",
                  "ServerLimits.maxWaitingRequests"),
            count("requests", limits.maxBatchEntries, "entries", "in one batch", "ServerLimits.maxBatchEntries, --max-batch"),
            bytes("requests", ServerLimits.maxMessageBytes, "in one message (Content-Length body, NDJSON line, WebSocket message)",
                  "ServerLimits.maxMessageBytes"),
            bytes("requests", ServerLimits.maxHeaderLineBytes, "in one header line of a Content-Length frame", "ServerLimits.maxHeaderLineBytes"),
            bytes("responses", limits.maxResponseBytes, "in one answer", "ServerLimits.maxResponseBytes, --max-response-bytes"),
            bytes("responses", limits.maxBatchResponseBytes, "in one batch's answer", "ServerLimits.maxBatchResponseBytes, --max-response-bytes"),
            bytes("memory", limits.memoryBudget, "held for all clients together: queued answers, unfinished messages, running work, kept pictures",
                  "ServerLimits.memoryBudget, --memory-budget"),
            bytes("back-pressure", limits.maxQueuedOutputBytes, "of answers waiting for a client before its input is not read",
                  "ServerLimits.maxQueuedOutputBytes, --max-queued-output"),
            count("back-pressure", ServerLimits.maxReadAheadMessages, "messages", "read ahead of the session before the reader waits",
                  "ServerLimits.maxReadAheadMessages"),
            bytes("back-pressure", ServerLimits.maxReadAheadBytes, "of messages read ahead of the session before the reader waits",
                  "ServerLimits.maxReadAheadBytes"),
            bytes("back-pressure", ServerLimits.readChunkBytes, "read at once, each granted by the memory budget first", "ServerLimits.readChunkBytes"),
            bytes("back-pressure", ServerLimits.joinedWriteBytes, "of answers joined into one write", "ServerLimits.joinedWriteBytes"),
            bytes("back-pressure", ServerLimits.directWriteBytes, "of an answer written without the writer thread where a pipe's room is unknown",
                  "ServerLimits.directWriteBytes"),
            bytes("back-pressure", ServerLimits.maxPongQueueBytes, "queued for a WebSocket before its pongs wait (and a due ping closes it)",
                  "ServerLimits.maxPongQueueBytes"),
            bytes("back-pressure", ServerLimits.maxEarlyOutputBytes, "of notifications held before a stdio client's first message shows its framing",
                  "ServerLimits.maxEarlyOutputBytes"),
            bytes("memory", ServerLimits.connectionBytes, "counted in the memory budget for each WebSocket connection, whatever it does",
                  "ServerLimits.connectionBytes"),
            time("requests", ServerLimits.endQuiet, "without progress after exit or the end of input before a stdio server cancels and exits",
                 "ServerLimits.endQuiet"),
            bytes("work", ServerLimits.defaultRequestBytes, "estimated for a request that says nothing of its size", "ServerLimits.defaultRequestBytes"),
            bytes("work", ServerLimits.inlineWorkBytes, "estimated: smaller work runs where it is, bigger on the compute pool",
                  "ServerLimits.inlineWorkBytes"),
            count("engine", EngineLimits.maxTextUnits, "UTF-16 units", "in a seed or a name (an emoji counts as two or more)",
                  "EngineLimits.maxTextUnits"),
            count("engine", EngineLimits.maxShareSeeds, "seeds", "in one share link", "EngineLimits.maxShareSeeds"),
            count("engine", EngineLimits.maxShareLinkLength, "characters", "of a share link the apps accept (longer ones are warned of)",
                  "EngineLimits.maxShareLinkLength"),
            count("library", StoreLimits.maxSeedImport, "seeds", "added at once", "StoreLimits.maxSeedImport"),
            count("library", StoreLimits.maxBundleImport, "Fonsters", "in one library bundle import", "StoreLimits.maxBundleImport"),
            bytes("documents", documents.maxBytes, "of text in one open document", "DocumentLimits.maxBytes"),
            count("documents", documents.maxLines, "lines", "in one open document", "DocumentLimits.maxLines"),
            count("documents", OpenDocumentLimits.maxPictures, "pictures", "kept for one document before its cache starts afresh",
                  "OpenDocumentLimits.maxPictures"),
            bytes("web", ServerLimits.maxHTTPHeadBytes, "in an HTTP request head", "ServerLimits.maxHTTPHeadBytes"),
            count("web", ServerLimits.maxHTTPHeaders, "fields", "in an HTTP request head", "ServerLimits.maxHTTPHeaders"),
            count("web", ServerLimits.maxWebConnections, "connections", "open at once that showed the token", "ServerLimits.maxWebConnections"),
            count("web", ServerLimits.maxLobbyConnections, "connections", "waiting for their first request", "ServerLimits.maxLobbyConnections"),
            count("web", ServerLimits.openFiles, "files", "open at once, asked of the system", "ServerLimits.openFiles"),
            time("web", ServerLimits.tokenDeadline, "for a new connection to send a first request with the token", "ServerLimits.tokenDeadline"),
            time("web", ServerLimits.lobbyGrace, "a waiting connection is kept before a newcomer may displace it", "ServerLimits.lobbyGrace"),
            time("web", ServerLimits.headDeadline, "to send a whole request head", "ServerLimits.headDeadline"),
            time("web", ServerLimits.pingInterval, "of quiet before a WebSocket is pinged", "ServerLimits.pingInterval, --ping-interval"),
            time("web", ServerLimits.pingTimeout, "a pinged WebSocket has to answer", "ServerLimits.pingTimeout, --ping-timeout"),
        ]
    }

    /// The limits as `fonsters-rpc limits` prints them: a heading per group, then one line each:
    /// the value, what it bounds, and where it is set.
    public static func table(_ limits: ServerLimits = ServerLimits()) -> String {
        let all = entries(limits)
        let width = all.map(\.value.text.count).max() ?? 0
        var lines: [String] = []
        var group = ""
        for entry in all {
            if entry.group != group {
                if !group.isEmpty { lines.append("") }
                group = entry.group
                lines.append("\(group):")
            }
            lines.append("  " + entry.value.text.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(entry.meaning)  [\(entry.source)]")
        }
        return lines.joined(separator: "\n")
    }
}
