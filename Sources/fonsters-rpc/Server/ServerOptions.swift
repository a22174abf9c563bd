import Foundation
import FonsterStore
import CreatureCore
import RPC

/// The server's command-line options (for serving on stdio, `--script` and `web`). Each option
/// exists once, in `ServerOptions.table`: the parser, `--help` and protocol.md's option list
/// (checked by a test) all come from it.
struct ServerOptions {
    var location: StoreLocation = .default
    var starter = true
    var randomEndpoint: URL?
    var logLevel = LogLevel.info
    var script: String?
    /// `--json`: a script prints JSON lines even on a terminal.
    var json = false
    /// `--engine`: the engine for seeds given without one, and the default engine of a library
    /// this server creates.
    var engine = EngineVersion.current
    /// The execution model's bounds (`--max-…`).
    var limits = ServerLimits()

    /// How much the server writes to stderr.
    enum LogLevel: String, CaseIterable { case debug, info, warn, error, off }

    /// Parses the options of `table` (see `ArgumentReader` for the rules: `--opt=VALUE` works, an
    /// option given twice or an unknown one is an error), then refuses contradictions.
    init(_ args: [String]) throws {
        var reader = ArgumentReader(args)
        while let name = try reader.nextOption() {
            guard let option = Self.table.first(where: { $0.name == name }) else {
                throw reader.unknown(name, command: "the server")
            }
            try option.apply(&self, option.value == nil ? "" : try reader.value())
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
        options.defaultEngine = engine
        return options
    }
}

/// One server option: its name, the placeholder of its value (nil for a flag), one line of help,
/// and how it sets `ServerOptions` from its value.
struct ServerOption: Sendable {
    /// E.g. `--store`.
    let name: String
    /// E.g. `PATH`; nil when the option takes no value.
    let value: String?
    /// What it does, in one line.
    let help: String
    /// Sets the option from its value ("" for a flag); throws a `CLIError` for a bad value.
    let apply: @Sendable (inout ServerOptions, String) throws -> Void

    /// `--name VALUE`, or `--name` for a flag.
    var spelled: String { value.map { "\(name) \($0)" } ?? name }
}

extension ServerOptions {
    /// Every server option, in the order `--help` and protocol.md list them.
    static let table: [ServerOption] = [
        ServerOption(name: "--stdio", value: nil, help: "serve on stdin/stdout (the default; accepted for editors that pass it)") { _, _ in },
        ServerOption(name: "--store", value: "PATH", help: "the library file (default: the platform's application-support folder)") { options, path in
            guard !path.isEmpty else { throw CLIError("The store path is empty; give --store a file path, or use --memory.") }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let example = URL(fileURLWithPath: path).appendingPathComponent("fonsters.sqlite").path
                throw CLIError("The store path \(path) is a folder; give --store a file path, such as \(example).")
            }
            options.location = .file(path)
        },
        ServerOption(name: "--memory", value: nil, help: "a library that lives only as long as the process") { options, _ in options.location = .memory },
        ServerOption(name: "--no-starter", value: nil, help: "a new library starts empty instead of with the starter Fonsters") { options, _ in options.starter = false },
        ServerOption(name: "--random-endpoint", value: "URL", help: "fetch random text from GET URL?source=NAME → {\"text\": \"…\"} (else the local generators)") { options, text in
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw CLIError("The random endpoint '\(text)' is not an http or https URL.")
            }
            options.randomEndpoint = url
        },
        ServerOption(name: "--log-level", value: LogLevel.allCases.map(\.rawValue).joined(separator: "|"),
                     help: "what goes to stderr (default info; debug adds a line per request)") { options, text in
            guard let level = LogLevel(rawValue: text) else {
                throw CLIError("The log level '\(text)' is not one of debug, info, warn, error or off.")
            }
            options.logLevel = level
        },
        ServerOption(name: "--engine", value: EngineVersion.allCases.map(\.rawValue).joined(separator: "|"),
                     help: "the engine of seeds given without one, and of a new library (default \(EngineVersion.current.rawValue))") { options, text in
            options.engine = try EngineOption.parse(text)
        },
        bound("--max-concurrent", "units of requests running at once (a heavy one holds \(MethodDeclaration.heavyWeight))",
              ServerLimits().maxConcurrentRequests) { $0.maxConcurrentRequests = $1 },
        bound("--max-batch", "entries in one batch", ServerLimits().maxBatchEntries) { $0.maxBatchEntries = $1 },
        bound("--max-response-bytes", "bytes of one answer, and of one batch's answer", ServerLimits().maxResponseBytes) {
            $0.maxResponseBytes = $1; $0.maxBatchResponseBytes = $1
        },
        bound("--max-queued-output", "bytes of answers held for a client that does not read", ServerLimits().maxQueuedOutputBytes) {
            $0.maxQueuedOutputBytes = $1
        },
        bound("--memory-budget", "bytes held for all clients together: queued answers, unfinished messages, kept pictures",
              ServerLimits().memoryBudget) { $0.memoryBudget = $1 },
        ServerOption(name: "--script", value: "FILE|-", help: "run newline-delimited requests in order, print the answers, exit 1 on any error") { options, path in
            options.script = path
        },
        ServerOption(name: "--json", value: nil, help: "with --script: print JSON lines even on a terminal") { options, _ in options.json = true },
    ]

    /// A bound of the execution model: the most `what`, a whole number above 0, `standard` by default.
    private static func bound(_ name: String, _ what: String, _ standard: Int,
                              _ set: @escaping @Sendable (inout ServerLimits, Int) -> Void) -> ServerOption {
        ServerOption(name: name, value: "N", help: "the most \(what) (default \(standard))") { options, text in
            guard let n = Int(text), n > 0 else { throw CLIError("The option \(name) needs a whole number above 0; '\(text)' is not one.") }
            set(&options.limits, n)
        }
    }

    /// The options as `--help` lists them: one per line, the spelling padded to a column, then its help.
    static var helpLines: String {
        let width = table.map(\.spelled.count).max()! + 2
        return table.map { "  " + $0.spelled.padding(toLength: width, withPad: " ", startingAt: 0) + $0.help }.joined(separator: "\n")
    }
}
