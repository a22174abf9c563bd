import Foundation
import RPC

/// `fonsters-rpc describe-protocol openrpc.json|protocol.mjs|commands.generated.js|protocol.md FILE`:
/// prints a file made from the method declarations. `scripts/regen.sh` writes them into the repository (and with
/// `--check` says which are stale).
enum DescribeProtocolCommand {
    static let help = """
    usage: fonsters-rpc describe-protocol openrpc.json
           fonsters-rpc describe-protocol protocol.mjs
           fonsters-rpc describe-protocol commands.generated.js
           fonsters-rpc describe-protocol protocol.md FILE

    Prints a file made from the server's method declarations: the OpenRPC document, the fronts'
    API module (clients/web/ui/protocol.mjs), the extension's command ids
    (clients/vscode-extension/src/language/commands.generated.js), or FILE (protocol.md) with its
    generated sections (<!-- generated:params METHOD --> … <!-- /generated -->, errors,
    capabilities, server-options) filled.
    scripts/regen.sh writes them all.
    """

    static func run(_ args: [String]) throws {
        let text: String
        switch args.first {
        case "openrpc.json" where args.count == 1: text = ProtocolFiles.openRPC
        case "protocol.mjs" where args.count == 1: text = ProtocolFiles.module
        case "commands.generated.js" where args.count == 1: text = ProtocolFiles.extensionCommands
        case "protocol.md" where args.count == 2:
            let document: String
            do { document = try String(contentsOfFile: args[1], encoding: .utf8) } catch {
                throw CLIFailure("describe-protocol: cannot read \(args[1]): \(error.localizedDescription)")
            }
            do { text = try ProtocolFiles.document(document, serverOptions: ServerOptions.helpLines) } catch {
                throw CLIFailure("describe-protocol: \(error)")
            }
        default:
            throw CLIError("describe-protocol takes openrpc.json, protocol.mjs, commands.generated.js, or protocol.md and its FILE; this got '\(args.joined(separator: " "))'.")
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
