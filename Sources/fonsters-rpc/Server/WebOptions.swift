import Foundation
import RPC

/// The options of `fonsters-rpc web`: its own (`--host`, `--port`, `--open`, `--allow-remote`,
/// `--ping-interval`, `--ping-timeout`) and the server's (store, engine, bounds), which `ServerOptions` parses.
struct WebOptions {
    /// The numeric address to listen on.
    var host = "127.0.0.1"
    /// The port (0: any free one).
    var port = 8767
    /// `--open`: open the page in the default browser.
    var open = false
    /// `--allow-remote`: permit a non-loopback `--host`.
    var allowRemote = false
    /// `--ping-interval`: the quiet time after which a WebSocket is pinged.
    var pingInterval = ServerLimits.pingInterval
    /// `--ping-timeout`: the time a pinged WebSocket has to answer before it is closed.
    var pingTimeout = ServerLimits.pingTimeout
    /// The store, engine and bounds.
    var server: ServerOptions

    /// Parses `args` (what follows `web`).
    init(_ args: [String]) throws {
        var rest: [String] = []
        var seen: Set<String> = []
        var index = 0
        func note(_ name: String) throws {
            guard seen.insert(name).inserted else { throw CLIError("The option \(name) is given twice; give it once.") }
        }
        while index < args.count {
            let arg = args[index]
            index += 1
            let name = arg.hasPrefix("--") ? String(arg.prefix { $0 != "=" }) : arg
            switch name {
            case "--host", "--port", "--ping-interval", "--ping-timeout":
                try note(name)
                var value: String
                if arg.count > name.count {
                    value = String(arg.dropFirst(name.count + 1))
                } else {
                    guard index < args.count, !args[index].hasPrefix("--") else { throw CLIError("The option \(name) needs a value.") }
                    value = args[index]
                    index += 1
                }
                if name == "--port" {
                    guard let port = Int(value), (0...65535).contains(port) else {
                        throw CLIError("The port '\(value)' is not a whole number from 0 to 65535 (0 picks a free one).")
                    }
                    self.port = port
                } else if name == "--ping-interval" || name == "--ping-timeout" {
                    guard let seconds = Double(value), seconds.isFinite, seconds >= 0.01, seconds <= 86_400 else {
                        throw CLIError("The option \(name) takes seconds from 0.01 to 86400; this got '\(value)'.")
                    }
                    let duration = Duration.milliseconds(Int64((seconds * 1000).rounded()))
                    if name == "--ping-interval" { pingInterval = duration } else { pingTimeout = duration }
                } else {
                    if value.lowercased() == "localhost" { value = "127.0.0.1" }
                    guard !value.isEmpty else { throw CLIError("The option --host needs an address, such as 127.0.0.1.") }
                    host = value
                }
            case "--open", "--allow-remote":
                try note(name)
                guard arg == name else { throw CLIError("The option \(name) takes no value; this got '\(arg)'.") }
                if name == "--open" { open = true } else { allowRemote = true }
            case "--stdio", "--script", "--json":
                throw CLIError("The option \(name) does not apply to 'web', which serves a browser over HTTP.")
            default:
                rest.append(arg)
            }
        }
        server = try ServerOptions(rest)
        if !isLoopback && !allowRemote {
            throw CLIError("Listening on \(host) lets other machines reach the server; add --allow-remote to do that on purpose.")
        }
    }

    /// Whether `host` is a loopback address (127.0.0.0/8 or ::1).
    var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" || host == "[::1]" }

    /// `host` as it goes in a URL: IPv6 in brackets, a wildcard address as 127.0.0.1.
    var urlHost: String {
        switch host {
        case "0.0.0.0": return "127.0.0.1"
        case "::", "[::]": return "[::1]"
        default: return host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
    }

    /// The address to bind (IPv6 without brackets).
    var bindHost: String { host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host }
}
