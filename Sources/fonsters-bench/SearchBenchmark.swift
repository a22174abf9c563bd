import Foundation
import Compute
import CreatureCore

/// `fonsters-bench search`: candidates per second of `creature/search` on one thread and on every
/// core, for wants the configuration answers and for wants that need the drawing (colours,
/// `unlike`), and the look-alike grouping of a 10,000-Fonster library. Each rate is given by the
/// clock and by the process's CPU time (candidates per CPU-second: what a core does when the
/// machine is shared, as ours is while other builds run).
/// `FONSTERS_BENCH_SEARCH_CANDIDATES` sets the candidates per run; `FONSTERS_BENCH_SEARCH=drawing`
/// (or `configuration`) measures only those wants and skips the look-alikes.
enum SearchBenchmark {
    static let candidates = Int(ProcessInfo.processInfo.environment["FONSTERS_BENCH_SEARCH_CANDIDATES"] ?? "") ?? 1_000_000
    static let only = ProcessInfo.processInfo.environment["FONSTERS_BENCH_SEARCH"]

    /// The CPU time of the whole process so far (every thread), in seconds.
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    static func run() async {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        for engine in EngineBenchmark.engines {
            // Wants that (almost) never match, so that the figure is the candidates' and not the
            // matches' drawing (v1's variants of one base share their traits, so common wants
            // would match whole runs of them).
            let configuration = try! SearchWants.parse("hair,ears,horn,antlers")
            let drawing = try! SearchWants.parse("colors=6")
            let library = (0..<1000).map { Picture(seed: "library \($0)", engine: engine) }
            // The drawing figure twice: as a search runs (colour wants rule out first the
            // configurations that cannot show six colours), and with every candidate drawn.
            for (label, wants, unlike, bound, target) in [("configuration-only (hair,ears,horn,antlers)", configuration, [Picture](), true, 1_000_000),
                                                          ("drawing (colors=6, unlike 1,000)", drawing, library, true, 400_000),
                                                          ("drawing, every candidate drawn (colors=6, unlike 1,000)", drawing, library, false, 400_000)]
            where only.map({ label.hasPrefix($0) }) ?? true {
                for threads in Set([1, cores]).sorted() {
                    var request = CreatureSearch.Request(base: "alice", wants: wants, engine: engine)
                    request.boundColours = bound
                    request.limit = 1_000_000
                    request.maxCandidates = candidates
                    request.timeLimit = 60
                    request.unlike = unlike
                    request.threads = threads
                    var best = Double.infinity, bestCPU = Double.infinity, outcome: CreatureSearch.Outcome?
                    for _ in 0..<3 {
                        let start = DispatchTime.now().uptimeNanoseconds, startCPU = cpuSeconds()
                        outcome = try! await CreatureSearch.run(request, parts: onPool, isCancelled: { ComputePool.shared.takeTurn(); return false })
                        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                        bestCPU = min(bestCPU, cpuSeconds() - startCPU)
                    }
                    let rate = Double(outcome!.tried) / best, drawn = Double(outcome!.drawn) / Double(max(1, outcome!.tried))
                    print(String(format: "search %@ %@: %d threads, %.0f candidates/s (%.0f per core, %.0f per CPU-second; target ≥ %d per core), %d found in %d; %.0f %% "
                        + "drawn (%.0f drawn/s per core)",
                                 engine.rawValue, label, threads, rate, rate / Double(threads), Double(outcome!.tried) / bestCPU, target,
                                 outcome!.results.count, outcome!.tried, drawn * 100, rate * drawn / Double(threads)))
                }
            }
        }
        if only == nil { await lookalikes() }
    }

    /// Pictures of 10,000 and 50,000 Fonsters (first names with numbers, as a team would make them),
    /// then their exact and near groups (`LOOKALIKES_SIZES=10000` for one size; fonsters-v1, or
    /// `LOOKALIKES_ENGINE=fonsters-v2`, whose word seeds share fewer pictures but many silhouettes).
    /// Runs the engine's parts on the compute pool, as the server and the command line do.
    static let onPool: PartsRunner = { count, body in try await ComputePool.shared.forEach(count, isCancelled: { false }, body) }

    static func lookalikes() async {
        let sizes = ProcessInfo.processInfo.environment["LOOKALIKES_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
        for size in sizes ?? [10_000, 50_000] { await lookalikes(size) }
    }

    static func lookalikes(_ size: Int) async {
        let names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]
        let engine = ProcessInfo.processInfo.environment["LOOKALIKES_ENGINE"].flatMap(EngineVersion.init(rawValue:)) ?? .v1
        let creatures = (0..<size).map { (seed: "\(names[$0 % names.count]) \($0 / names.count)", engine: engine) }
        var pictures: [Picture] = [], drawMs = Double.infinity, tableMs = Double.infinity, exactMs = Double.infinity, nearMs = Double.infinity
        var groups: Lookalikes.Groups<Int>?
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            pictures = try! await Lookalikes.pictures(of: creatures, parts: onPool)!
            drawMs = min(drawMs, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            var keys: [PictureKey] = []
            tableMs = min(tableMs, EngineBenchmark.microseconds { keys = pictures.map(PictureKey.init) } / 1000)
            let look = { (i: Int) in Likeness.Look(seed: creatures[i].seed, engine: engine) }
            exactMs = min(exactMs, EngineBenchmark.microseconds { groups = Lookalikes.groups(keys, near: false, look: look)!.groups } / 1000)
            nearMs = min(nearMs, EngineBenchmark.microseconds { groups = Lookalikes.groups(keys, near: true, look: look)!.groups } / 1000)
        }
        print(String(format: "lookalikes %d Fonsters (%@): pictures %.1f ms (every core), their keys %.1f ms, exact groups %.1f ms (target ≤ 20 with the pictures "
            + "at 10,000), exact + near groups %.1f ms (looks drawn again; target ≤ 200); %d exact groups, %d near groups",
                     size, engine.rawValue, drawMs, tableMs, exactMs, nearMs, groups!.exact.count, groups!.near.count))
    }
}
