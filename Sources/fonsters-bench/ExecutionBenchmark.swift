import Foundation
import RPC
#if canImport(Glibc)
import Glibc
#endif

/// protocol.md, "Execution model": with two `creature/search` requests running, a cheap
/// `creature/describe` answers at p99 within 50 ms, `$/cancelRequest` stops the searches' work
/// within 100 ms, and `exit` ends the process (on a WebSocket: the session and its work) within
/// 1 s; over stdio and over WebSocket (describes from another connection). When the work stopped
/// is read from the server's own request log (`--log-level debug`: a line as each handler returns).
/// Part `search` of `fonsters-bench rpc` (`RPC_BENCH=searchNeighbours`).
enum ExecutionBenchmark {
    /// A search that runs for its whole minute: wants few variants have, no result limit reached.
    static func search(_ id: String) -> String {
        #"{"jsonrpc":"2.0","id":"\#(id)","method":"creature/search","params":{"base":"\#(id)","want":"colors=6,tier=5,eyebrows,beard","#
            + #""engine":"fonsters-v2","limit":200,"maxCandidates":100000000,"timeoutMs":60000,"workDoneToken":"\#(id)"}}"#
    }

    static func describe(_ i: Int) -> String {
        #"{"jsonrpc":"2.0","id":"d\#(i)","method":"creature/describe","params":{"seed":"light \#(i)"}}"#
    }

    static func cancel(_ id: String) -> String { #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"\#(id)"}}"# }
    static let exit = #"{"jsonrpc":"2.0","method":"exit"}"#

    /// The server's stderr, read on a thread of its own: each line with when it arrived.
    final class RequestLog: @unchecked Sendable {
        private let condition = NSCondition()
        private var lines: [(at: UInt64, text: String)] = []

        init(_ pipe: Pipe) {
            let handle = pipe.fileHandleForReading
            Thread { [self] in
                var partial = Data()
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    partial += data
                    while let newline = partial.firstIndex(of: 10) {
                        let line = String(decoding: partial[partial.startIndex..<newline], as: UTF8.self)
                        partial = Data(partial[(newline + 1)...])
                        condition.lock()
                        lines.append((RPCBenchmark.now(), line))
                        condition.broadcast()
                        condition.unlock()
                    }
                }
            }.start()
        }

        /// When the `count`-th line containing every one of `parts` arrived (waits up to 30 s).
        func arrival(of parts: [String], count: Int = 1) -> UInt64? {
            let deadline = Date(timeIntervalSinceNow: 30)
            condition.lock()
            defer { condition.unlock() }
            while true {
                let found = lines.filter { line in parts.allSatisfy(line.text.contains) }
                if found.count >= count { return found[count - 1].at }
                if !condition.wait(until: deadline) { return nil }
            }
        }
    }

    static func run(_ bin: URL) throws {
        try overStdio(bin)
        try overWebSocket(bin)
    }

    static func report(_ transport: String, _ describes: [Double], cancelMs: Double, exitMs: Double, exitWhat: String) {
        print(String(format: "rpc %@, two creature/search running: describe p50 %.2f ms, p99 %.2f ms (200 requests; target p99 ≤ 50 ms); "
                     + "$/cancelRequest stopped both searches' work in %.1f ms (target ≤ 100 ms); exit %@ in %.1f ms (target ≤ 1,000 ms)",
                     transport, RPCBenchmark.percentile(describes, 0.5), RPCBenchmark.percentile(describes, 0.99), cancelMs, exitWhat, exitMs))
    }

    static func overStdio(_ bin: URL) throws {
        let errors = Pipe()
        let child = try RPCBenchmark.Child(bin, arguments: ["--stdio", "--memory", "--no-starter", "--log-level", "debug"], stderr: errors)
        let log = RequestLog(errors)
        func startSearches(_ ids: [String]) {
            for id in ids { child.send(search(id)) }
            var begun = 0
            while begun < ids.count { if String(decoding: child.receive(), as: UTF8.self).contains(#""kind":"begin""#) { begun += 1 } }
        }
        startSearches(["s0", "s1"])
        let describes = (0..<200).map { RPCBenchmark.timed(child, id: "d\($0)", describe($0)) }
        let cancelled = RPCBenchmark.now()
        child.send(cancel("s0"))
        child.send(cancel("s1"))
        let stopped = [log.arrival(of: ["creature/search", "\"s0\""]), log.arrival(of: ["creature/search", "\"s1\""])]
        let cancelMs = stopped.contains(nil) ? .infinity : RPCBenchmark.ms(stopped.map { $0! }.max()! - cancelled)
        startSearches(["s2", "s3"])
        let exiting = RPCBenchmark.now()
        child.send(exit)
        child.process.waitUntilExit()
        report("stdio", describes, cancelMs: cancelMs, exitMs: RPCBenchmark.ms(RPCBenchmark.now() - exiting), exitWhat: "ended the process")
    }

    static func overWebSocket(_ bin: URL) throws {
        let process = Process(), stdout = Pipe(), errors = Pipe()
        process.executableURL = bin
        process.arguments = ["web", "--port", "0", "--memory", "--no-starter", "--log-level", "debug"]
        process.standardOutput = stdout
        process.standardError = errors
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        let log = RequestLog(errors)
        var line: [UInt8] = [], byte: UInt8 = 0
        while read(stdout.fileHandleForReading.fileDescriptor, &byte, 1) == 1 && byte != 10 { line.append(byte) }
        let url = String(decoding: line, as: UTF8.self)
        guard let match = url.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/), let port = Int(match.1) else {
            print("rpc websocket: unexpected first line '\(url)'")
            return
        }
        let token = String(match.2)
        let searching = try WebBenchmark.Client(port: port, token: token), light = try WebBenchmark.Client(port: port, token: token)
        func startSearches(_ ids: [String]) {
            for id in ids { searching.sendText(search(id)) }
            var begun = 0
            while begun < ids.count { if String(decoding: searching.receive(), as: UTF8.self).contains(#""kind":"begin""#) { begun += 1 } }
        }
        startSearches(["s0", "s1"])
        let describes = (0..<200).map { i -> Double in
            let start = RPCBenchmark.now()
            light.sendText(describe(i))
            let prefix = Array(#"{"jsonrpc":"2.0","id":"d\#(i)","#.utf8)
            while !light.receive().starts(with: prefix) {}
            return RPCBenchmark.ms(RPCBenchmark.now() - start)
        }
        let cancelled = RPCBenchmark.now()
        searching.sendText(cancel("s0"))
        searching.sendText(cancel("s1"))
        let stopped = [log.arrival(of: ["creature/search", "\"s0\""]), log.arrival(of: ["creature/search", "\"s1\""])]
        let cancelMs = stopped.contains(nil) ? .infinity : RPCBenchmark.ms(stopped.map { $0! }.max()! - cancelled)
        startSearches(["s2", "s3"])
        let exiting = RPCBenchmark.now()
        searching.sendText(exit)
        let ended = [log.arrival(of: ["creature/search", "\"s2\""]), log.arrival(of: ["creature/search", "\"s3\""]),
                     log.arrival(of: ["WebSocket session closed"])]
        let exitMs = ended.contains(nil) ? .infinity : RPCBenchmark.ms(ended.map { $0! }.max()! - exiting)
        report("WebSocket", describes, cancelMs: cancelMs, exitMs: exitMs, exitWhat: "ended the session and its work")
        light.close()
    }
}
