import Foundation
import RPC

/// `fonsters-rpc --script FILE|-`: runs newline-delimited requests in order against the chosen
/// store, prints one response per line (or, on a terminal, a readable report: `ScriptReport`), and
/// exits 1 if any response was an error.
enum ScriptCommand {
    static func run(_ path: String, options: ServerOptions) async throws -> Int32 {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = try InputFile.read(path, what: "the script")
        }
        let log = options.logLevel == .off || options.logLevel == .error ? TransportLog.silent : TransportLog.standardError
        let context = ServerContext(location: options.location, options: options.storeOptions, defaultEngine: options.engine)
        let server = RPCServer(mode: .sequential, limits: options.limits, log: log,
                               requestLog: options.logLevel == .debug ? .standardError : nil)
        MethodTable.register(on: server, context: context)
        let (serverEnd, clientEnd) = Connection.inMemoryPair(clientFraming: .newlineDelimited, serverFraming: .newlineDelimited, log: log)
        let serving = Task { await server.run(on: serverEnd) }
        let script = ScriptFile(data)
        for step in script.steps { clientEnd.writer.writeRaw(step.line + [UInt8(ascii: "\n")]) }
        let report = ScriptReport(script: script, readable: !options.json && isatty(STDOUT_FILENO) == 1)
        await clientEnd.writer.close()
        var failed = false
        for await event in clientEnd.incoming {
            guard case .message(let bytes) = event, let json = try? JSONParser.parse(bytes) else { continue }
            let responses = json.array ?? [json]
            guard responses.contains(where: { $0["method"] == nil }) else { continue }  // a notification
            if responses.contains(where: { $0["error"] != nil }) { failed = true }
            report.answer(bytes, json)
        }
        _ = await serving.value
        report.finish()
        return failed ? 1 : 0
    }
}
