import Foundation
import FonsterStore
import CreatureCore
import RPC

/// The server's command-line options.
struct ServerOptions {
    var location: StoreLocation = .default
    var starter = true
    var randomEndpoint: URL?
    var logLevel = LogLevel.info
    var script: String?
    // Execution model (issue 9): the default engine and the server's bounds.
    var engine = EngineVersion.current
    var limits = ServerLimits()

    /// How much the server writes to stderr.
    enum LogLevel: String { case debug, info, warn, error, off }

    /// Parses `--stdio`, `--store PATH`, `--memory`, `--no-starter`, `--random-endpoint URL`,
    /// `--log-level LEVEL` and `--script FILE|-`.
    init(_ args: [String]) throws {
        var rest = args[...]
        func value(_ flag: String) throws -> String {
            guard let v = rest.popFirst(), !v.hasPrefix("--") || v == "-" else { throw CLIError("\(flag) needs a value") }
            return v
        }
        while let arg = rest.popFirst() {
            switch arg {
            case "--stdio": break
            case "--store": location = .file(try value(arg))
            case "--memory": location = .memory
            case "--no-starter": starter = false
            case "--random-endpoint":
                let text = try value(arg)
                guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
                    throw CLIError("--random-endpoint needs an http(s) URL (got \(text))")
                }
                randomEndpoint = url
            case "--log-level":
                let text = try value(arg)
                guard let level = LogLevel(rawValue: text) else {
                    throw CLIError("--log-level must be debug, info, warn, error or off (got \(text))")
                }
                logLevel = level
            case "--script": script = try value(arg)
            case "--engine":
                let name = try value(arg)
                guard let known = EngineVersion(rawValue: name) else {
                    throw CLIError("--engine must be one of \(EngineVersion.allCases.map(\.rawValue).joined(separator: ", ")) (got \(name))")
                }
                engine = known
            case "--max-concurrent", "--max-batch", "--max-response-bytes", "--max-queued-output":
                let text = try value(arg)
                guard let n = Int(text), n > 0 else { throw CLIError("\(arg) needs a whole number above 0 (got \(text))") }
                switch arg {
                case "--max-concurrent": limits.maxConcurrentRequests = n
                case "--max-batch": limits.maxBatchEntries = n
                case "--max-response-bytes": limits.maxResponseBytes = n; limits.maxBatchResponseBytes = n
                default: limits.maxQueuedOutputBytes = n
                }
            default: throw CLIError("unknown option \(arg)")
            }
        }
    }

    /// Store options from these settings.
    var storeOptions: StoreOptions {
        var options = StoreOptions()
        options.starterFonsters = starter
        options.randomEndpoint = randomEndpoint
        return options
    }
}
