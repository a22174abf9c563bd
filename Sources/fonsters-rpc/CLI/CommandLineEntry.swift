import Foundation
import CreatureCore
import RPC

/// Routes the command line to a tool; returns the process exit code.
enum CommandLineEntry {
    static let usage = """
    usage:
      fonsters-rpc [--stdio] [--store PATH | --memory] [--no-starter] [--random-endpoint URL]
                   [--log-level debug|info|warn|error|off]
                                             serve JSON-RPC 2.0 on stdin/stdout (Content-Length
                                             or newline-delimited framing, detected)
      fonsters-rpc --script FILE|- [store options]
                                             run newline-delimited requests in order, print one
                                             response per line, exit 1 if any was an error
      fonsters-rpc --version | --help
      fonsters-rpc describe SEED…            print golden-format JSON records for seeds
      fonsters-rpc describe --stdin          the same for a JSON array of seeds on stdin
      fonsters-rpc render SEED --format png|gif|jpeg|svg --size N -o FILE [--evolution] [--metadata]
                                             write an image (N pixels: 32…2048, a multiple of 32)
    """

    static func run(_ args: [String]) async -> Int32 {
        let stdout = FileHandle.standardOutput
        do {
            switch args.first {
            case "describe": try DescribeCommand.run(Array(args.dropFirst()), output: stdout)
            case "render": try RenderCommand.run(Array(args.dropFirst()))
            case "--help", "-h", "help": print(usage)
            case "--version": print("fonsters-rpc \(ServerContext.version) (engine \(EngineVersion.current.rawValue))")
            default:
                let options = try ServerOptions(args)
                if let script = options.script { return try await ScriptCommand.run(script, options: options) }
                return await ServeCommand.run(options)
            }
            return 0
        } catch let error as CLIError {
            FileHandle.standardError.write(Data("fonsters-rpc: \(error)\n\(usage)\n".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("fonsters-rpc: \(error)\n".utf8))
            return 1
        }
    }
}
