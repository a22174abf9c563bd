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
        let connection = Connection.fileDescriptors(input: 0, output: protocolOut, closeOutput: true, log: log)
        let context = ServerContext(location: options.location, options: options.storeOptions,
                                    onChange: MethodTable.didChangeNotifier(connection.writer))
        context.openEarly()
        let server = RPCServer(mode: .concurrent, log: log)
        MethodTable.register(on: server, context: context)
        if options.logLevel == .debug || options.logLevel == .info {
            log("version \(ServerContext.version) serving on stdio; store: \(context.storePath ?? "in memory")")
        }
        return await server.run(on: connection).exitCode
    }
}
