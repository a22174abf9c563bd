import Foundation
import CreatureCore

/// `fonsters-rpc describe --stdin` of 10,000 seeds, run as a process beside this binary: time per
/// record against the engine's own time per creature, and the process's peak memory.
enum DescribeBenchmark {
    static func run() {
        let bin = RPCBenchmark.binary()
        guard FileManager.default.isExecutableFile(atPath: bin.path) else {
            print("describe: \(bin.path) not found; build it first: swift build -c release --product fonsters-rpc")
            return
        }
        let count = 10_000
        let seeds = (0..<count).map { "describe bench seed \($0)" }
        let input = Data(("[" + seeds.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)
        // The engine alone, in this process: the floor under each record.
        var sink = 0
        let engineStart = RPCBenchmark.now()
        for seed in seeds { sink &+= Int(Creature(seed: seed, engine: .v1).grid.cells[500]) }
        let engineUs = Double(RPCBenchmark.now() - engineStart) / 1000 / Double(count)
        var best = Double.infinity, bestCPU = Double.infinity, peakMB = 0.0, bytes = 0
        // The process's start and exit with no seeds (`[]`): paid once per run, not per record.
        var startUs = Double.infinity
        for _ in 0..<3 { startUs = min(startUs, describe(bin, Data("[]".utf8), count: 1).0) }
        for _ in 0..<3 {
            let (us, cpuUs, mb, out) = describe(bin, input, count: count)
            best = min(best, us)
            bestCPU = min(bestCPU, cpuUs)
            peakMB = max(peakMB, mb)
            bytes = out
        }
        let perRecord = best - startUs / Double(count)
        print(String(format: "describe --stdin, %d seeds: %.1f µs per record with the process's start (%.1f ms once), %.1f µs per record beyond it (engine alone %.1f µs; "
            + "around it %.1f µs, target ≤ 10), CPU %.1f µs per record, peak RSS %.1f MB, %d bytes out%@",
                     count, best, startUs / 1000, perRecord, engineUs, perRecord - engineUs, bestCPU, peakMB, bytes, sink == -1 ? "!" : ""))
    }

    /// The user and system CPU time of the reaped children of this process, in µs.
    static func childrenCPU() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }

    /// One run: µs per record (wall, whole process), CPU µs per record (user and system, whole
    /// process: steadier than wall time on a loaded machine), peak RSS in MB, bytes written.
    /// The CPU time is read from the children's totals, whoever reaps the child (`wait4` here
    /// or Foundation; when Foundation does first, the peak RSS reads 0).
    static func describe(_ bin: URL, _ input: Data, count: Int) -> (Double, Double, Double, Int) {
        let cpuBefore = childrenCPU()
        let process = Process()
        process.executableURL = bin
        process.arguments = ["describe", "--stdin"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        let start = RPCBenchmark.now()
        try! process.run()
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
        var bytes = 0
        while true {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes += chunk.count
        }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(process.processIdentifier, &status, 0, &usage)
        let us = Double(RPCBenchmark.now() - start) / 1000 / Double(count)
        let cpuUs = (childrenCPU() - cpuBefore) / Double(count)
        #if os(Linux)
        let mb = Double(usage.ru_maxrss) / 1024
        #else
        let mb = Double(usage.ru_maxrss) / 1_048_576
        #endif
        return (us, cpuUs, mb, bytes)
    }
}
