import Foundation
import RPC

/// `fonsters-rpc [--stdio] [options]`: the JSON-RPC server on standard input and output.
///
/// Nothing goes to stderr in normal operation: what the client cannot be told in a response
/// (framing errors, ignored messages) goes to it as `window/logMessage` warnings. At
/// `--log-level debug` those also go to stderr, with one line per request (method, id,
/// duration, outcome).
enum ServeCommand {
    static func run(_ options: ServerOptions) async -> Int32 {
        // stdout carries protocol bytes only: keep a private copy of it for the protocol and
        // point fd 1 at stderr, so a stray print can never corrupt the stream.
        let protocolOut = dup(1)
        dup2(2, 1)
        let debug = options.logLevel == .debug
        let client = ClientLog()
        let log = options.logLevel == .off ? TransportLog.silent : TransportLog { message in
            client.warn(message)
            if debug { TransportLog.standardError(message) }
        }
        let budget = MemoryBudget(limit: options.limits.memoryBudget)
        let connection = Connection.fileDescriptors(input: 0, output: protocolOut, closeOutput: true, log: log, budget: budget)
        client.attach(connection.writer)
        let context = ServerContext(location: options.location, options: options.storeOptions, defaultEngine: options.engine,
                                    onChange: ChangeNotifier(connection.writer, holdAbove: options.limits.maxQueuedOutputBytes).send, warn: { log($0) },
                                    budget: budget)
        context.openEarly()
        // `exit` and the end of input end the process promptly, whatever is unread or running.
        var limits = options.limits
        limits.quietEnd = ServerLimits.endQuiet
        let server = RPCServer(mode: .concurrent, limits: limits, log: log,
                               requestLog: debug ? .standardError : nil, budget: budget)
        MethodTable.register(on: server, context: context)
        if debug {
            TransportLog.standardError("version \(ServerContext.version) serving on stdio; store: \(context.storePath ?? "in memory")")
        }
        return await server.run(on: connection).exitCode
    }
}

/// Sends warnings to the client as LSP `window/logMessage` (type 2) once the writer exists.
private final class ClientLog: @unchecked Sendable {
    private let lock = NSLock()
    private var writer: MessageWriter?

    func attach(_ writer: MessageWriter) { lock.withLock { self.writer = writer } }

    func warn(_ message: String) {
        lock.withLock { writer }?.sendNotification("window/logMessage", params: ["type": 2, "message": .string(message)])
    }
}
