import Foundation
import CreatureCore

/// `fonsters-bench growth`: one library file grown to 1,000, 10,000, 100,000 and 1,000,000
/// Fonsters (each step imported from a `.fonsters` document by `fonsters-rpc import`), and at each
/// size what the release server costs, as one table: the import (CPU and wall per 1,000 seeds, and
/// in all), start-up (to the answer of `initialize`), a first and a deep page of `fonsters/list`,
/// `fonsters/lookalikes` first, first after a restart (the groups kept in the file) and warm,
/// `fonsters/lookalikesOf` per keystroke, `creature/search` per candidate (unlike 50 Fonsters of
/// the library), and the server's peak RSS (the first server's). Server figures are
/// its own CPU (every thread's, from schedstat). `GROWTH_SIZES` sets the sizes;
/// `GROWTH_LOOKALIKES_MAX` (default 100,000) the largest library asked for look-alikes.
enum GrowthBenchmark {
    static func run() throws {
        let bin = RPCBenchmark.binary()
        guard FileManager.default.isExecutableFile(atPath: bin.path) else {
            print("growth: \(bin.path) not found; build it first: swift build -c release --product fonsters-rpc")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let sizes = environment["GROWTH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000, 10_000, 100_000, 1_000_000]
        let lookalikesMax = environment["GROWTH_LOOKALIKES_MAX"].flatMap { Int($0) } ?? 100_000
        let (folder, path) = try RPCBenchmark.temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        print("| Fonsters | import CPU / wall (per 1,000) | start-up CPU | list page first / deep | look-alikes first / after a restart / warm | lookalikesOf | search per candidate | peak RSS |")
        print("|---|---|---|---|---|---|---|---|")
        var made = 0
        for size in sizes.sorted() where size > made {
            let imported = try importSeeds(bin, store: path, from: made, to: size, folder: folder)
            made = size
            let row = try measure(bin, store: path, size: size, lookalikes: size <= lookalikesMax)
            print("| \(English.grouped(size)) | " + String(format: "%.2f s / %.2f s (%.0f / %.0f ms)", imported.cpu, imported.wall,
                                                            imported.cpu * 1000 / Double(imported.seeds) * 1000, imported.wall * 1000 / Double(imported.seeds) * 1000)
                  + " | " + row + " |")
        }
    }

    /// Seed `n` of the benchmark's library: first names with numbers, as a team would make them.
    static func seed(_ n: Int) -> String {
        let names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]
        return "\(names[n % names.count]) \(n)"
    }

    /// Imports seeds `from..<to` with the CLI; its CPU (user and system, from the children's
    /// rusage) and wall time in seconds.
    static func importSeeds(_ bin: URL, store: String, from: Int, to: Int, folder: URL) throws -> (cpu: Double, wall: Double, seeds: Int) {
        let document = folder.appendingPathComponent("part.fonsters")
        var text = "# engine: fonsters-v2\n"
        text.reserveCapacity((to - from) * 14)
        for n in from..<to { text += seed(n) + "\n" }
        try Data(text.utf8).write(to: document)
        defer { try? FileManager.default.removeItem(at: document) }
        let process = Process()
        process.executableURL = bin
        process.arguments = ["import", document.path, "--store", store, "--no-starter"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let before = childrenCPU(), start = RPCBenchmark.now()
        try process.run()
        process.waitUntilExit()
        let wall = Double(RPCBenchmark.now() - start) / 1e9
        guard process.terminationStatus == 0 else { fatalError("growth: the import of \(from)..<\(to) failed") }
        return (childrenCPU() - before, wall, to - from)
    }

    /// The CPU seconds of this process's waited-for children.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// One row of the table after the import: a server started on the library and asked.
    static func measure(_ bin: URL, store: String, size: Int, lookalikes: Bool) throws -> String {
        let server = try LookalikesBenchmark.Server(bin, path: store)
        defer { server.child.stop() }
        let pid = server.child.process.processIdentifier
        var cells: [String] = []
        server.call("initialize", "{}")
        cells.append(String(format: "%.0f ms", RPCBenchmark.ms(server.cpu())))
        // A page of 50 at the start and at the end, each the median of 21 asks.
        var pages: [String] = []
        for start in [0, max(0, size - 50)] {
            let times = (0...20).map { _ in server.timedWithCPU("fonsters/list", #"{"start":\#(start),"count":50}"#).cpu }
            pages.append(String(format: "%.2f", RPCBenchmark.percentile(times, 0.5)))
        }
        cells.append(pages.joined(separator: " / ") + " ms")
        if lookalikes {
            // A call the memory budget refuses (1015: no room to compare by look) is timed too.
            func asked() -> (cpu: Double, answered: Bool) {
                let before = server.cpu()
                let answered = server.call("fonsters/lookalikes", "{}") != nil
                return (RPCBenchmark.ms(server.cpu() - before), answered)
            }
            let first = asked(), warm = (0..<5).map { _ in asked() }
            // A server started again on the same file: its first call reads the groups kept there.
            let again = try LookalikesBenchmark.Server(bin, path: store)
            let beforeAgain = again.cpu()
            let restarted = again.call("fonsters/lookalikes", "{}") != nil
            let afterRestart = RPCBenchmark.ms(again.cpu() - beforeAgain)
            again.child.stop()
            let refused = !first.answered || !restarted || warm.contains { !$0.answered } ? " (near refused: no room)" : ""
            cells.append(String(format: "%.0f / %.0f / %.1f ms", first.cpu, afterRestart, RPCBenchmark.percentile(warm.map(\.cpu), 0.5)) + refused)
            let typed = "grace hopper was here"
            let keys = (1...typed.count).map { n in server.timedWithCPU("fonsters/lookalikesOf", #"{"seed":"\#(typed.prefix(n))","engine":"fonsters-v2"}"#).cpu }
            cells.append(String(format: "%.2f ms", RPCBenchmark.percentile(keys, 0.5)))
        } else {
            cells += ["— (pictures kept whole)", "—"]
        }
        // Unlike the first 50 Fonsters, by id.
        guard let page = server.call("fonsters/list", #"{"start":0,"count":50}"#),
              let ids = (try? JSONSerialization.jsonObject(with: Data(page)) as? [String: Any])
                .flatMap({ ($0["result"] as? [String: Any])?["fonsters"] as? [[String: Any]] })?.compactMap({ $0["id"] as? String }) else {
            fatalError("growth: no page of ids")
        }
        let unlike = ids.map { "\"\($0)\"" }.joined(separator: ",")
        let before = server.cpu()
        guard let found = server.call("creature/search", #"{"base":"grace","want":"colors=6","unlike":[\#(unlike)],"maxCandidates":20000,"limit":200}"#),
              let tried = (try? JSONSerialization.jsonObject(with: Data(found)) as? [String: Any])
                .flatMap({ ($0["result"] as? [String: Any])?["tried"] as? Int }), tried > 0 else {
            fatalError("growth: the search answered no count")
        }
        cells.append(String(format: "%.2f µs", Double(server.cpu() - before) / 1000 / Double(tried)))
        cells.append(String(format: "%.0f MB", RPCBenchmark.peakRSS(pid)))
        return cells.joined(separator: " | ")
    }
}
