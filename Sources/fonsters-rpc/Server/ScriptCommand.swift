import Foundation
import RPC

/// `fonsters-rpc --script FILE|-`: runs newline-delimited requests in order against the chosen
/// store, prints one response per line, and exits 1 if any response was an error.
enum ScriptCommand {
    static func run(_ path: String, options: ServerOptions) async throws -> Int32 {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw CLIError("cannot read the script \(path)")
            }
            data = contents
        }
        let log = options.logLevel == .off || options.logLevel == .error ? TransportLog.silent : TransportLog.standardError
        let context = ServerContext(location: options.location, options: options.storeOptions, defaultEngine: options.engine)
        let server = RPCServer(mode: .sequential, limits: options.limits, log: log,
                               requestLog: options.logLevel == .debug ? .standardError : nil)
        MethodTable.register(on: server, context: context)
        let (serverEnd, clientEnd) = Connection.inMemoryPair(clientFraming: .newlineDelimited, serverFraming: .newlineDelimited, log: log)
        let serving = Task { await server.run(on: serverEnd) }
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.allSatisfy({ $0 == 32 || $0 == 13 || $0 == 9 }) {
            clientEnd.writer.writeRaw(Array(line) + [UInt8(ascii: "\n")])
        }
        await clientEnd.writer.close()
        var failed = false
        let out = FileHandle.standardOutput
        for await event in clientEnd.incoming {
            guard case .message(let bytes) = event, let json = try? JSONParser.parse(bytes) else { continue }
            let responses = json.array ?? [json]
            guard responses.contains(where: { $0["method"] == nil }) else { continue }  // a notification
            if responses.contains(where: { $0["error"] != nil }) { failed = true }
            out.write(Data(bytes + [UInt8(ascii: "\n")]))
        }
        _ = await serving.value
        return failed ? 1 : 0
    }
}
