import Foundation

/// `fonsters/lookalikes` over real pipes against the release `fonsters-rpc`, on a file store of
/// 10,000 and 50,000 Fonsters (first names with numbers, fonsters-v1, as a team would make them):
/// cold (the first call after a start, three starts) and warm (asked again, the library unchanged);
/// then `fonsters/lookalikesOf` as a page asks it while a seed is typed. Sizes from
/// `LOOKALIKES_SIZES` (e.g. `LOOKALIKES_SIZES=10000`).
enum LookalikesBenchmark {
    static func run() throws {
        let bin = RPCBenchmark.binary()
        let sizes = ProcessInfo.processInfo.environment["LOOKALIKES_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
        for size in sizes ?? [10_000, 50_000] { try library(bin, size: size) }
    }

    /// A server on `path`, asked one request at a time.
    final class Server {
        let child: RPCBenchmark.Child
        private var serial = 0

        init(_ bin: URL, path: String) throws {
            child = try RPCBenchmark.Child(bin, arguments: ["--stdio", "--store", path, "--no-starter", "--log-level", "off"])
        }

        /// Sends one request and waits for its answer (notifications are skipped); nil when it
        /// answers an error.
        @discardableResult
        func call(_ method: String, _ params: String) -> [UInt8]? {
            serial += 1
            child.send(#"{"jsonrpc":"2.0","id":\#(serial),"method":"\#(method)","params":\#(params)}"#)
            let answer = Array(#"{"jsonrpc":"2.0","id":\#(serial),"#.utf8)
            while true {
                let body = child.receive()
                if body.starts(with: answer) { return body.starts(with: answer + Array(#""result""#.utf8)) ? body : nil }
            }
        }

        /// Milliseconds `call` takes.
        func timed(_ method: String, _ params: String) -> Double {
            let start = RPCBenchmark.now()
            guard call(method, params) != nil else { fatalError("\(method) answered an error") }
            return RPCBenchmark.ms(RPCBenchmark.now() - start)
        }

        /// Milliseconds `call` takes, and of the server's CPU (every thread's, from schedstat).
        func timedWithCPU(_ method: String, _ params: String) -> (wall: Double, cpu: Double) {
            let before = cpu()
            let wall = timed(method, params)
            return (wall, RPCBenchmark.ms(cpu() - before))
        }

        /// Nanoseconds the server's threads have run.
        func cpu() -> UInt64 {
            let tasks = "/proc/\(child.process.processIdentifier)/task"
            return ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).reduce(0) { sum, task in
                let text = (try? String(contentsOfFile: "\(tasks)/\(task)/schedstat", encoding: .utf8)) ?? ""
                return sum + (text.split(separator: " ").first.flatMap { UInt64($0) } ?? 0)
            }
        }
    }

    static func library(_ bin: URL, size: Int) throws {
        let (folder, path) = try RPCBenchmark.temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]
        let filling = try Server(bin, path: path)
        for batch in 0..<(size / 1000) {
            let fonsters = (0..<1000).map { #"{"name":"","seed":"\#(names[$0 % 10]) \#(batch * 1000 + $0)"}"# }.joined(separator: ",")
            filling.call("library/import", #"{"bundle":{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00.000Z","fonsters":[\#(fonsters)]}}"#)
        }
        filling.child.stop()
        // The first call after a start, and the first after the store was opened (a one-row list).
        var cold: [Double] = [], opened: [Double] = [], openedCPU: [Double] = [], open: [Double] = [], peak = 0.0
        for _ in 0..<3 {
            let server = try Server(bin, path: path)
            cold.append(server.timed("fonsters/lookalikes", "{}"))
            peak = max(peak, RPCBenchmark.peakRSS(server.child.process.processIdentifier))
            server.child.stop()
            let again = try Server(bin, path: path)
            open.append(again.timed("fonsters/list", #"{"count":1}"#))
            let (wall, cpu) = again.timedWithCPU("fonsters/lookalikes", "{}")
            opened.append(wall)
            openedCPU.append(cpu)
            again.child.stop()
        }
        let server = try Server(bin, path: path)
        server.call("fonsters/lookalikes", "{}")
        let warm = (0..<10).map { _ in server.timed("fonsters/lookalikes", "{}") }
        let exact = (0..<10).map { _ in server.timed("fonsters/lookalikes", #"{"near":false}"#) }
        func list(_ values: [Double]) -> String { values.map { String(format: "%.1f", $0) }.joined(separator: " / ") }
        print("lookalikes \(size) Fonsters (file store): cold (first call after a start) \(list(cold)) ms (target ≤ 50 ms at 10,000), "
            + String(format: "peak RSS %.0f MB; ", peak) + "cold once the store is open \(list(opened)) ms, server CPU \(list(openedCPU)) ms (opening it: a one-row list \(list(open)) ms); "
            + String(format: "warm median %.2f ms, max %.2f ms; warm exact only median %.2f ms",
                     RPCBenchmark.percentile(warm, 0.5), warm.max()!, RPCBenchmark.percentile(exact, 0.5)))
        // A seed typed a character at a time, as the page asks (each keystroke one request).
        let typed = "grace hopper was here"
        if server.call("fonsters/lookalikesOf", #"{"seed":"g","engine":"fonsters-v1"}"#) != nil {
            var times: [Double] = []
            for round in 0..<5 {
                for n in 1...typed.count {
                    let seed = String(typed.prefix(n)) + (round == 0 ? "" : " \(round)")
                    times.append(server.timed("fonsters/lookalikesOf", #"{"seed":"\#(seed)","engine":"fonsters-v1"}"#))
                }
            }
            print(String(format: "lookalikesOf %d Fonsters, a seed typed (%d keystrokes): median %.2f ms, p90 %.2f ms, max %.2f ms",
                         size, times.count, RPCBenchmark.percentile(times, 0.5), RPCBenchmark.percentile(times, 0.9), times.max()!))
        }
        server.child.stop()
    }
}
