import Foundation

/// Routes the command line to a tool; returns the process exit code.
enum CommandLineEntry {
    static let usage = """
    usage:
      fonsters-rpc describe SEED…            print golden-format JSON records for seeds
      fonsters-rpc describe --stdin          the same for a JSON array of seeds on stdin
      fonsters-rpc render SEED --format png|gif|jpeg|svg --size N -o FILE [--evolution] [--metadata]
                                             write an image (N pixels: 32…2048, a multiple of 32)
    """

    static func run(_ args: [String]) -> Int32 {
        let stdout = FileHandle.standardOutput
        do {
            switch args.first {
            case "describe": try DescribeCommand.run(Array(args.dropFirst()), output: stdout)
            case "render": try RenderCommand.run(Array(args.dropFirst()))
            case "--help", "-h", "help":
                print(usage)
            default:
                FileHandle.standardError.write(Data((usage + "\n").utf8))
                return args.isEmpty ? 0 : 2
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
