import Foundation
import FonsterStore
import CreatureCore

/// `fonsters-bench library`: what listing the library costs the release server, in CPU per
/// Fonster (the server's own CPU time, summed over its threads from /proc/<pid>/task/*/schedstat, so a
/// busy machine stretches the wall time but not the figure): `fonsters/list` of the whole library at 1,000, 10,000 and
/// 100,000 Fonsters, and a page of 50 at the start and at the end of 100,000. Targets: at most
/// 2 µs per Fonster for the whole list; the last page costs what the first does.
/// `LIBRARY_BENCH_SIZES=1000,10000` measures other sizes.
enum LibraryBenchmark {
    static func run() {
        let bin = RPCBenchmark.binary()
        guard FileManager.default.isExecutableFile(atPath: bin.path) else {
            print("library: \(bin.path) not found; build it first: swift build -c release --product fonsters-rpc")
            return
        }
        let sizes = ProcessInfo.processInfo.environment["LIBRARY_BENCH_SIZES"]
            .map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000, 10_000, 100_000]
        do {
            for size in sizes { try measure(bin, fonsters: size) }
        } catch {
            print("library: \(error)")
        }
    }

    /// A library of `count` Fonsters in a temporary file: imported a thousand at a time, a third
    /// renamed, and with history on every fourth (what a list decodes).
    static func build(_ path: String, fonsters count: Int) throws {
        let store = try FonsterStore(location: .file(path), options: StoreOptions(starterFonsters: false, durability: .processCrash))
        var made = 0
        while made < count {
            let batch = min(StoreLimits.maxSeedImport, count - made)
            let created = try store.importSeeds((made..<made + batch).map { "seed number \($0) of the library benchmark" }, engine: .v2).created
            for (offset, fonster) in created.enumerated() where (made + offset) % 3 == 0 {
                _ = try store.rename(fonster.id, to: "Fonster \(made + offset)")
            }
            for (offset, fonster) in created.enumerated() where (made + offset) % 4 == 0 {
                _ = try store.setSeed(fonster.id, to: "edited seed \(made + offset)")
            }
            made += batch
        }
    }

    static func measure(_ bin: URL, fonsters count: Int) throws {
        let (folder, path) = try RPCBenchmark.temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try build(path, fonsters: count)
        let child = try RPCBenchmark.Child(bin, arguments: ["--stdio", "--store", path, "--no-starter", "--log-level", "off"])
        defer { child.stop() }
        var serial = 0
        /// Sends one request and waits for its answer; returns its size in bytes.
        func call(_ method: String, _ params: String) -> Int {
            serial += 1
            return child.call(method, params, id: serial)
        }
        _ = call("initialize", "{}")
        let pid = child.process.processIdentifier
        // Enough rounds for about 200,000 Fonsters listed, at least 3.
        let rounds = max(3, 200_000 / count)
        _ = call("fonsters/list", "{}")  // warm: the store opened, the pages cached
        var bytes = 0
        let before = cpuNanoseconds(pid), wallStart = RPCBenchmark.now()
        for _ in 0..<rounds { bytes = call("fonsters/list", "{}") }
        let cpu = Double(cpuNanoseconds(pid) - before) / Double(rounds)
        let wall = Double(RPCBenchmark.now() - wallStart) / Double(rounds)
        print(String(format: "library fonsters/list of %@ Fonsters: %.2f µs server CPU per Fonster (%.1f ms CPU, %.1f ms wall per list, %d KB; %d lists; target ≤ 2 µs)",
                     English.grouped(count), cpu / 1000 / Double(count), cpu / 1e6, wall / 1e6, bytes / 1024, rounds))
        guard count >= 10_000 else { return }
        // The store alone (no request, no JSON): a page's rows read at the start and at the end.
        let store = try FonsterStore(location: .file(path), options: .scripting)
        var storePages: [(String, Double)] = []
        for (label, start) in [("first", 0), ("last", count - 50)] {
            var rows = 0
            let clock = ContinuousClock(), began = clock.now
            for _ in 0..<2_000 { rows += try store.visitList(start: start, count: 50) { _ in true } }
            let took = clock.now - began
            storePages.append((label, (Double(took.components.seconds) * 1e6 + Double(took.components.attoseconds) / 1e12) / 2_000))
        }
        print("library store page of 50 in \(English.grouped(count)) Fonsters (visitList, in process, wall): "
              + storePages.map { String(format: "%@ %.1f µs", $0.0, $0.1) }.joined(separator: ", "))
        let page = 50, pages = 2_000
        var perPage: [(String, Double)] = []
        for (label, start) in [("first", 0), ("middle", count / 2), ("last", count - page)] {
            _ = call("fonsters/list", #"{"start":\#(start),"count":\#(page)}"#)
            let before = cpuNanoseconds(pid)
            for _ in 0..<pages { _ = call("fonsters/list", #"{"start":\#(start),"count":\#(page)}"#) }
            perPage.append((label, Double(cpuNanoseconds(pid) - before) / Double(pages)))
        }
        print("library fonsters/list page of \(page) in \(English.grouped(count)) Fonsters, server CPU per page (per Fonster): "
              + perPage.map { String(format: "%@ %.0f µs (%.2f µs)", $0.0, $0.1 / 1000, $0.1 / 1000 / Double(page)) }.joined(separator: ", ")
              + " (\(pages) pages each; target: the last costs what the first does)")
    }

    /// The CPU time `pid` has used, in nanoseconds: the sum of its threads' (/proc/<pid>/task/*/schedstat,
    /// the server's threads live as long as it does), else from its clock ticks (10 ms steps).
    static func cpuNanoseconds(_ pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var total = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                  let first = text.split(separator: " ").first, let ns = Int(first) else { continue }
            total += ns
        }
        return total > 0 ? total : RPCBenchmark.cpuTicks(pid) * 1_000_000_000 / sysconf(Int32(_SC_CLK_TCK))
    }
}
