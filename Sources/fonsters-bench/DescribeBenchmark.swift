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
        var best = Double.infinity, peakMB = 0.0, bytes = 0
        for _ in 0..<3 {
            let (us, mb, out) = describe(bin, input, count: count)
            best = min(best, us)
            peakMB = max(peakMB, mb)
            bytes = out
        }
        print(String(format: "describe --stdin, %d seeds: %.1f µs per record (engine alone %.1f µs; around it %.1f µs, target ≤ 10), peak RSS %.1f MB, %d bytes out%@",
                     count, best, engineUs, best - engineUs, peakMB, bytes, sink == -1 ? "!" : ""))
    }

    /// One run: µs per record (wall, whole process), peak RSS in MB, bytes written.
    static func describe(_ bin: URL, _ input: Data, count: Int) -> (Double, Double, Int) {
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
        #if os(Linux)
        let mb = Double(usage.ru_maxrss) / 1024
        #else
        let mb = Double(usage.ru_maxrss) / 1_048_576
        #endif
        return (us, mb, bytes)
    }
}
