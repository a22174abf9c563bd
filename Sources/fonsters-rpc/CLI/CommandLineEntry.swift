import Foundation
import CreatureCore
import RPC

/// Routes the command line to a tool; returns the process exit code: 0 done, 1 the work failed
/// (the reason on stderr), 2 the command line was wrong (one line and a hint to `--help`).
enum CommandLineEntry {
    /// `--help`: the commands, then the server options from `ServerOptions.table`.
    static var usage: String { """
    usage:
      fonsters-rpc [SERVER OPTIONS]          serve JSON-RPC 2.0 on stdin/stdout (Content-Length
                                             or newline-delimited framing, detected)
      fonsters-rpc --script FILE|- [--json] [SERVER OPTIONS]
                                             run newline-delimited requests in order and print
                                             the answers (JSON lines, or a readable summary on a
                                             terminal); exit 1 if any was an error
      fonsters-rpc web [--host 127.0.0.1] [--port 8767|0] [--open] [--allow-remote]
                       [--ping-interval 30] [--ping-timeout 30] [SERVER OPTIONS]
                                             serve the browser GUI and JSON-RPC over a WebSocket
                                             (/rpc); prints the address with its access token;
                                             loopback only unless --allow-remote; a WebSocket quiet
                                             for the interval (s) is pinged, and closed if it does
                                             not answer in the timeout (s) (protocol.md)
      fonsters-rpc open [LINK] [--store PATH] [--port N]
                                             open a share link (or the library) in the web GUI
                                             of the library's running web server, starting one
                                             when none runs; a bad link is refused (exit 2)
      fonsters-rpc install-desktop | uninstall-desktop
                                             make fonsters:// links open with `open` (a desktop
                                             entry and xdg-mime; Linux), or undo it
      fonsters-rpc limits [SERVER OPTIONS]   every limit the server keeps, with its value and
                                             unit (the --max-… options below change some)
      fonsters-rpc --version | --help | help [describe|render|sheet|search|import|export|open|install-desktop]
      fonsters-rpc describe SEED…            print golden-format JSON records for seeds
      fonsters-rpc describe --stdin          the same for a JSON array of seeds on stdin
      fonsters-rpc describe --scene SEED…    print each seed's scene (sky, sun, clouds) instead
      fonsters-rpc render SEED -o FILE|- [--format png|gif|jpeg|svg] [--size N] [--evolution] [--metadata]
                                [--background transparent|sky|#rrggbb]
                                             write an image (N pixels: 32…2048, a multiple of 32)
      fonsters-rpc sheet -o FILE.png [v1:|v2:]SEED…
                                             a contact sheet of creatures on their skies
      fonsters-rpc search BASE --want TRAITS [--limit N] [--json]
                                             variants of BASE with the wanted traits, one seed a
                                             line (e.g. --want antlers,beard,tier=5)
      fonsters-rpc import FILE.fonsters|- [--store PATH | --memory]
                                             one Fonster per seed line of a .fonsters document
      fonsters-rpc export --format fonsters [-o FILE|-] [--store PATH | --memory]
                                             the library as a .fonsters document
      fonsters-rpc describe-protocol openrpc.json|protocol.mjs|commands.generated.js|protocol.md FILE
                                             print a file made from the method declarations

    server options (--memory and --store exclude each other; web takes neither --script nor --json):
    \(ServerOptions.helpLines)

    'fonsters-rpc describe --help', 'render --help' and 'search --help' tell more;
    'fonsters-rpc limits' lists every limit the server keeps, with its value and unit.
    """ }

    /// The help of a subcommand.
    static func help(_ command: String) -> String {
        switch command {
        case "render": RenderCommand.help
        case "sheet": SheetCommand.help
        case "search": SearchCommand.help
        case "import": DocumentCommands.importHelp
        case "export": DocumentCommands.exportHelp
        case "open": OpenCommand.help
        case "install-desktop", "uninstall-desktop": DesktopEntryCommand.help
        case "describe-protocol": DescribeProtocolCommand.help
        default: DescribeCommand.help
        }
    }

    static func run(_ args: [String]) async -> Int32 {
        var command = ""
        do {
            switch args.first {
            case "describe", "render", "sheet", "search", "import", "export", "open", "install-desktop", "uninstall-desktop", "describe-protocol":
                command = args[0]
                let rest = Array(args.dropFirst())
                if ArgumentReader.asksForHelp(rest) {
                    print(help(command))
                } else if command == "render" {
                    try RenderCommand.run(rest)
                } else if command == "sheet" {
                    try SheetCommand.run(rest)
                } else if command == "search" {
                    try await SearchCommand.run(rest)
                } else if command == "import" {
                    try DocumentCommands.runImport(rest)
                } else if command == "export" {
                    try DocumentCommands.runExport(rest)
                } else if command == "open" {
                    try OpenCommand.run(rest)
                } else if command == "install-desktop" {
                    try DesktopEntryCommand.install(rest)
                } else if command == "uninstall-desktop" {
                    try DesktopEntryCommand.uninstall(rest)
                } else if command == "describe-protocol" {
                    try DescribeProtocolCommand.run(rest)
                } else {
                    try DescribeCommand.run(rest)
                }
            case "web":
                command = "web"
                let rest = Array(args.dropFirst())
                if ArgumentReader.asksForHelp(rest) { print(usage); return 0 }
                return try await WebCommand.run(try WebOptions(rest))
            case "limits":
                command = "limits"
                let rest = Array(args.dropFirst())
                if ArgumentReader.asksForHelp(rest) { print(usage); return 0 }
                print(LimitPolicy.table(try ServerOptions(rest).limits))
            case "help" where args.count == 1: print(usage)
            case "help" where args.count == 2 && ["describe", "render", "sheet", "search", "import", "export", "open", "install-desktop", "uninstall-desktop", "describe-protocol"].contains(args[1]):
                print(help(args[1]))
            case _ where ArgumentReader.asksForHelp(args): print(usage)
            case "--version":
                guard args.count == 1 else {
                    throw CLIError("The option --version takes no arguments; this got '\(args[1])'.")
                }
                print("fonsters-rpc \(ServerContext.version) (engine \(EngineVersion.current.rawValue))")
            default:
                let options = try ServerOptions(args)
                if let script = options.script { return try await ScriptCommand.run(script, options: options) }
                return await ServeCommand.run(options)
            }
            return 0
        } catch is ClosedOutput {
            return 0
        } catch let error as CLIError {
            let hint = command.isEmpty ? "fonsters-rpc --help" : "fonsters-rpc \(command) --help"
            FileHandle.standardError.write(Data("fonsters-rpc: \(error) (try '\(hint)')\n".utf8))
            return 2
        } catch let error as CLIFailure {
            FileHandle.standardError.write(Data("fonsters-rpc: \(error)\n".utf8))
            return 1
        } catch {
            FileHandle.standardError.write(Data("fonsters-rpc: \((error as? LocalizedError)?.errorDescription ?? "\(error)")\n".utf8))
            return 1
        }
    }
}
