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
    /// `--json`: a script prints JSON lines even on a terminal.
    var json = false
    /// `--engine`: the engine for requests that name none.
    var engine = EngineVersion.current
    /// The execution model's bounds (`--max-…`).
    var limits = ServerLimits()

    /// How much the server writes to stderr.
    enum LogLevel: String { case debug, info, warn, error, off }

    /// Parses `--stdio`, `--store PATH`, `--memory`, `--no-starter`, `--random-endpoint URL`,
    /// `--log-level LEVEL`, `--script FILE|-` and `--json` (see `ArgumentReader` for the rules:
    /// `--opt=VALUE` works, an option given twice or an unknown one is an error).
    init(_ args: [String]) throws {
        var reader = ArgumentReader(args)
        func value(_ flag: String) throws -> String { try reader.value() }
        while let arg = try reader.nextOption() {
            switch arg {
            case "--stdio": break
            case "--store":
                let path = try value(arg)
                var isDirectory: ObjCBool = false
                guard !path.isEmpty else { throw CLIError("The store path is empty; give --store a file path, or use --memory.") }
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    let example = URL(fileURLWithPath: path).appendingPathComponent("fonsters.sqlite").path
                    throw CLIError("The store path \(path) is a folder; give --store a file path, such as \(example).")
                }
                location = .file(path)
            case "--memory": location = .memory
            case "--no-starter": starter = false
            case "--random-endpoint":
                let text = try value(arg)
                guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                    throw CLIError("The random endpoint '\(text)' is not an http or https URL.")
                }
                randomEndpoint = url
            case "--log-level":
                let text = try value(arg)
                guard let level = LogLevel(rawValue: text) else {
                    throw CLIError("The log level '\(text)' is not one of debug, info, warn, error or off.")
                }
                logLevel = level
            case "--script": script = try value(arg)
            case "--json": json = true
            case "--engine": engine = try EngineOption.parse(try value(arg))
            case "--max-concurrent", "--max-batch", "--max-response-bytes", "--max-queued-output":
                let text = try value(arg)
                guard let n = Int(text), n > 0 else { throw CLIError("The option \(arg) needs a whole number above 0; '\(text)' is not one.") }
                switch arg {
                case "--max-concurrent": limits.maxConcurrentRequests = n
                case "--max-batch": limits.maxBatchEntries = n
                case "--max-response-bytes": limits.maxResponseBytes = n; limits.maxBatchResponseBytes = n
                default: limits.maxQueuedOutputBytes = n
                }
            default: throw reader.unknown(arg, command: "the server")
            }
        }
        if let operand = reader.operands.first {
            throw CLIError("The server takes no arguments besides its options; this got '\(operand)'.")
        }
        if reader.has("--memory") && reader.has("--store") {
            throw CLIError("The options --memory and --store contradict each other; give one of them.")
        }
        if json && script == nil {
            throw CLIError("The option --json applies to --script only.")
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
