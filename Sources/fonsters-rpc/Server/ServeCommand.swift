import Foundation
import RPC

/// `fonsters-rpc [--stdio] [options]`: the JSON-RPC server on standard input and output.
enum ServeCommand {
    static func run(_ options: ServerOptions) async -> Int32 {
        // stdout carries protocol bytes only: keep a private copy of it for the protocol and
        // point fd 1 at stderr, so a stray print can never corrupt the stream.
        let protocolOut = dup(1)
        dup2(2, 1)
        let log = options.logLevel == .off ? TransportLog.silent : TransportLog.standardError
        let context = ServerContext(location: options.location, options: options.storeOptions)
        let server = RPCServer(mode: .concurrent, log: log)
        MethodTable.register(on: server, context: context)
        let connection = Connection.fileDescriptors(input: 0, output: protocolOut, closeOutput: true, log: log)
        let observation = MethodTable.forwardChanges(of: context, to: connection.writer)
        if options.logLevel == .debug || options.logLevel == .info {
            log("version \(ServerContext.version) serving on stdio; store: \(context.storePath ?? "in memory")")
        }
        let exit = await server.run(on: connection)
        observation?.cancel()
        return exit.exitCode
    }
}
