import Foundation
import RPC

/// `fonsters-rpc web`: serves the browser GUI and a JSON-RPC WebSocket at `/rpc` on one origin.
///
/// One `RPCServer` and one `ServerContext` (so one store thread) serve every WebSocket: requests
/// from two tabs are ordered like requests from one, and `fonsters/didChange` goes to every
/// open session. Prints one line on stdout, the address with the access token; logs go to stderr.
enum WebCommand {
    static func run(_ options: WebOptions) async throws -> Int32 {
        let log: TransportLog = options.server.logLevel == .off ? .silent : .standardError
        let debug = options.server.logLevel == .debug
        raiseOpenFileLimit(to: ServerLimits.openFiles)
        let listener: TCPListener
        do {
            listener = try TCPListener(host: options.bindHost, port: options.port)
        } catch {
            let hint = options.port == 0 ? "" : " (is another server on it? --port 0 picks a free port)"
            throw CLIFailure("\(error.description.hasSuffix(".") ? String(error.description.dropLast()) : error.description)\(hint).")
        }
        if !options.isLoopback {
            TransportLog.standardError("warning: listening on \(options.host), reachable from other machines; anyone with the token can change the library")
        }
        let sessions = WebSessions(holdAbove: options.server.limits.maxQueuedOutputBytes)
        let server = options.server
        let budget = MemoryBudget(limit: server.limits.memoryBudget)  // one for every session
        let context = ServerContext(location: server.location, options: server.storeOptions, defaultEngine: server.engine,
                                    onChange: { sessions.broadcast($0) }, warn: { log($0) }, budget: budget)
        context.openEarly()
        let rpc = RPCServer(mode: .concurrent, limits: server.limits, log: log, requestLog: debug ? .standardError : nil, budget: budget)
        MethodTable.register(on: rpc, context: context)

        let token = makeToken()
        let frameLimits = FrameLimits()
        let heartbeat = WebSocketHeartbeat(interval: options.pingInterval, deadline: options.pingTimeout)
        let router = WebRouter(
            token: token, policy: OriginPolicy(boundHost: options.bindHost, port: listener.port),
            assets: WebAsset.table(),
            upgrade: { stream, leftover, response in
                WebSocketConnection.serve(stream, leftover: leftover, handshake: response, limits: frameLimits, log: log,
                                          heartbeat: heartbeat, budget: rpc.budget) { connection in
                    sessions.add(connection.writer)
                    if debug { log("WebSocket session opened (\(sessions.count) open)") }
                    Task {
                        _ = await rpc.run(on: connection)
                        sessions.remove(connection.writer)
                        if debug { log("WebSocket session closed (\(sessions.count) open)") }
                    }
                }
            })
        let busy = HTTPResponse.text(503, "Too many connections are open; close a tab and reload.",
                                     headers: [("Connection", "close"), ("Retry-After", "1")]).serialized()
        let lobby = LobbyLimits(capacity: ServerLimits.maxLobbyConnections, deadline: ServerLimits.tokenDeadline, grace: ServerLimits.lobbyGrace)
        listener.start(maxConnections: ServerLimits.maxWebConnections, lobby: lobby, httpLimits: HTTPLimits(), busy: busy, log: log,
                       account: rpc.budget.account("web lobby"), screen: router.refusal) { stream, received in
            HTTPConnection.serve(stream, received: received, limits: HTTPLimits(), headDeadline: ServerLimits.headDeadline, route: router.route)
        }

        if let store = context.storePath {  // where `fonsters-rpc open` finds this server
            WebRuntimeFile.publish(store: store, host: options.urlHost, port: listener.port, token: token, log: log)
        }
        let url = "http://\(options.urlHost):\(listener.port)/?token=\(token)"
        FileHandle.standardOutput.write(Data((url + "\n").utf8))
        if options.server.logLevel != .off {
            TransportLog.standardError("serving the web GUI on http://\(options.urlHost):\(listener.port)/; store: \(context.storePath ?? "in memory"); stop with Ctrl-C")
        }
        if options.open { openBrowser(url, log: log) }
        // Serve until the process is stopped.
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }

    /// 256 bits from the system's CSPRNG (`SystemRandomNumberGenerator`: getrandom/arc4random), in hex.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    /// Raises the soft limit on open files to `wanted` (or the hard limit, if lower); never lowers it.
    private static func raiseOpenFileLimit(to wanted: Int) {
        var limit = rlimit()
        guard getrlimit(resourceOpenFiles, &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
        limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        _ = setrlimit(resourceOpenFiles, &limit)
    }

    #if canImport(Glibc)
    private static let resourceOpenFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceOpenFiles = RLIMIT_NOFILE
    #endif

    /// Opens `url` with the desktop's opener (xdg-open, or open on macOS); a failure is only logged.
    private static func openBrowser(_ url: String, log: TransportLog) {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        process.arguments = [url]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        #endif
        process.standardOutput = FileHandle.standardError
        do { try process.run() } catch { log("could not open a browser (\(error)); open the address above yourself") }
    }
}
