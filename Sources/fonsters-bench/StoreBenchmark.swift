import Foundation
import FonsterStore

/// The README figures: a 10,000-Fonster store in a temporary directory, timed.
enum StoreBenchmark {
    /// Builds the store, measures open, list-all and single edits (medians) and the process's
    /// peak RSS (VmHWM: run it in a process of its own for a meaningful figure), removes the
    /// store, and returns printable lines. `FONSTERS_BENCH_FONSTERS=2000` builds a smaller store
    /// (for `valgrind --tool=callgrind`, where building 10,000 takes a quarter of an hour).
    static func run(fonsters count: Int = ProcessInfo.processInfo.environment["FONSTERS_BENCH_FONSTERS"].flatMap { Int($0) } ?? 10_000) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bench.sqlite").path
        let clock = ContinuousClock()
        do {
            // Built with ordinary operations (no big bundle in memory, which would inflate the
            // peak RSS); each Fonster gets 0 to 5 seeds of history by real edits.
            let store = try FonsterStore(location: .file(path), options: .scripting)
            var made = 0
            while made < count {
                let batch = min(StoreLimits.maxSeedImport, count - made)
                let fonsters = try store.importSeeds((made..<made + batch).map { "seed number \($0) of the benchmark" }, engine: .current).created
                for (offset, fonster) in fonsters.enumerated() {
                    let i = made + offset
                    if i % 3 == 0 { _ = try store.rename(fonster.id, to: "Fonster \(i)") }
                    for k in 0..<(i % 6) { _ = try store.setSeed(fonster.id, to: "seed \(k) of Fonster \(i)") }
                }
                made += batch
            }
        }
        var openTimes: [Duration] = []
        var store: FonsterStore?
        for _ in 0..<7 {
            store = nil
            let start = clock.now
            store = try FonsterStore(location: .file(path), options: .scripting)
            openTimes.append(clock.now - start)
        }
        guard let store else { return "" }
        var listTimes: [Duration] = []
        var listed = 0
        for _ in 0..<11 {
            let start = clock.now
            listed = try store.list().count
            listTimes.append(clock.now - start)
        }
        let ids = try store.list().map(\.id)
        // Single edits in both durability modes (synchronous is per connection).
        var editTimes: [Durability: [Duration]] = [:]
        for durability in [Durability.powerLoss, .processCrash] {
            let editor = try FonsterStore(location: .file(path), options: StoreOptions(starterFonsters: false, durability: durability))
            for i in 0..<501 {
                let id = ids[(i * 7919) % ids.count]
                let start = clock.now
                _ = try editor.setSeed(id, to: "edited \(durability) \(i)")
                editTimes[durability, default: []].append(clock.now - start)
            }
        }
        func ms(_ d: Duration) -> String {
            String(format: "%.3f ms", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
        }
        func median(_ d: [Duration]) -> String { ms(d.sorted()[d.count / 2]) }
        return """
            store: \(listed) Fonsters
            open the store (first / median of 7): \(ms(openTimes[0])) / \(median(openTimes))
            list all (median of 11): \(median(listTimes))
            one edit, fsync per commit (.powerLoss, median of 501): \(median(editTimes[.powerLoss]!))
            one edit, no fsync (.processCrash, median of 501): \(median(editTimes[.processCrash]!))
            peak RSS (VmHWM): \(peakRSS())
            """
    }

    /// The process's peak resident set size from /proc/self/status, or "unknown".
    static func peakRSS() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return "unknown" }
        let kb = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return String(format: "%.1f MB", kb / 1024)
    }
}
