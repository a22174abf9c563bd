import Foundation
import CreatureCore
#if canImport(Glibc)
import Glibc
#endif

/// Server figures over real pipes, against the release `fonsters-rpc` beside this binary:
/// cold start to the `initialize` response, pipelined render throughput, one-at-a-time round
/// trip latency, `creature/frames` for a 300-character seed, and the execution model: a pipelined
/// mixed session on a file store, peak RSS under a client that does not read, an oversized batch,
/// describes while another process locks the store, CPU after cancelling an animation; and
/// heavy work beside light: 64-px render latency while a 2,048-px animation runs, describe,
/// cancel and `exit` with two and four such animations, and peak RSS under clients that do not
/// read the heaviest answers.
/// `swift run` builds only the benchmark: build the server first (`swift build -c release`).
enum RPCBenchmark {
    /// A `fonsters-rpc --stdio --memory --no-starter` child spoken to with Content-Length framing.
    final class Child {
        let process = Process()
        let input: FileHandle
        let outputFD: Int32
        private var buffer: [UInt8] = []

        init(_ binary: URL, arguments: [String] = ["--stdio", "--memory", "--no-starter", "--log-level", "off"], stderr: Pipe? = nil) throws {
            let stdin = Pipe(), stdout = Pipe()
            process.executableURL = binary
            process.arguments = arguments
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr ?? FileHandle.nullDevice
            try process.run()
            input = stdin.fileHandleForWriting
            outputFD = stdout.fileHandleForReading.fileDescriptor
        }

        static func frame(_ json: String) -> Data {
            let body = Data(json.utf8)
            return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }

        func send(_ json: String) { input.write(Self.frame(json)) }

        /// Reads one message body (blocking).
        func receive() -> [UInt8] {
            while true {
                if let body = takeMessage() { return body }
                let n = chunk.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, 1 << 16) }
                if n <= 0 { fatalError("fonsters-rpc closed its output") }
                buffer += chunk[0..<n]
            }
        }

        /// Sends request `id` and waits for its result, skipping notifications; returns the
        /// answer's size in bytes (an error answer ends the benchmark).
        func call(_ method: String, _ params: String, id: Int) -> Int {
            send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
            let answer = Array(#"{"jsonrpc":"2.0","id":\#(id),"result""#.utf8)
            while true {
                let body = receive()
                if body.starts(with: answer) { return body.count }
                if body.starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)) { fatalError("\(method): \(String(decoding: body.prefix(300), as: UTF8.self))") }
            }
        }

        private var offset = 0  // start of unread bytes in `buffer`
        private var chunk = [UInt8](repeating: 0, count: 1 << 16)  // reused read buffer

        private func takeMessage() -> [UInt8]? {
            if offset > 1 << 16 && offset * 2 > buffer.count {
                buffer.removeSubrange(..<offset)
                offset = 0
            }
            guard buffer.count - offset >= 4 else { return nil }
            var headerEnd: Int?
            for i in offset...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
                headerEnd = i
                break
            }
            guard let headerEnd else { return nil }
            let header = String(decoding: buffer[offset..<headerEnd], as: UTF8.self)
            guard let length = header.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
                fatalError("bad header \(header)")
            }
            let start = headerEnd + 4
            guard buffer.count >= start + length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            offset = start + length
            return body
        }

        func stop() {
            send(#"{"jsonrpc":"2.0","id":"bye","method":"shutdown"}"#)
            _ = receive()
            send(#"{"jsonrpc":"2.0","method":"exit"}"#)
            process.waitUntilExit()
        }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    static func ms(_ ns: UInt64) -> Double { Double(ns) / 1_000_000 }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }

    static func binary() -> URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("fonsters-rpc")
    }

    static func run() {
        let bin = binary()
        guard FileManager.default.isExecutableFile(atPath: bin.path) else {
            print("rpc: \(bin.path) not found; build it first: swift build -c release --product fonsters-rpc")
            return
        }
        // RPC_BENCH=name,name runs only those (e.g. RPC_BENCH=mixedSession).
        let only = ProcessInfo.processInfo.environment["RPC_BENCH"].map { Set($0.split(separator: ",").map(String.init)) }
        let all: [(String, (URL) throws -> Void)] = [
            ("coldStart", coldStart), ("pipelined", { try pipelined($0, format: "png") }),
            ("pipelinedSVG", { try pipelined($0, format: "svg") }), ("roundTrip", roundTrip), ("frames", frames),
            ("mixedSession", mixedSession), ("nonReadingClient", nonReadingClient), ("oversizedBatch", oversizedBatch),
            ("lockedStore", lockedStore), ("cancelAnimation", cancelAnimation),
            ("heavyNeighbour", heavyNeighbour), ("starvation", starvation), ("unreadClients", unreadClients),
            ("bigLibraryEdits", bigLibraryEdits), ("searchNeighbours", ExecutionBenchmark.run), ("list", listPerFonster),
        ]
        do {
            for (name, bench) in all where only?.contains(name) ?? true { try bench(bin) }
        } catch {
            print("rpc: \(error)")
        }
    }

    static func coldStart(_ bin: URL) throws {
        var times: [Double] = []
        for _ in 0..<20 {
            let start = now()
            let child = try Child(bin)
            child.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
            _ = child.receive()
            times.append(ms(now() - start))
            child.stop()
        }
        print(String(format: "rpc cold start to initialize response: median %.1f ms, p90 %.1f ms (20 runs; target ≤ 50 ms)",
                     percentile(times, 0.5), percentile(times, 0.9)))
    }

    /// Pipelined `creature/render` of 256-px images in `format`: both formats draw the same seeds.
    static func pipelined(_ bin: URL, format: String) throws {
        let child = try Child(bin)
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
        _ = child.receive()
        // Five rounds of 10,000 on one server (new seeds each round): the spread shows what the
        // machine's neighbours did; the median is the figure.
        let count = 10_000, rounds = 5
        let pid = child.process.processIdentifier
        var rates: [Double] = [], cpus: [Double] = [], errors = 0
        for round in 0..<rounds {
            var batch = Data()  // written by a second thread while this one reads
            for i in 1...count {
                batch += Child.frame(#"{"jsonrpc":"2.0","id":\#(i),"method":"creature/render","params":{"seed":"pipelined \#(round) \#(i)","format":"\#(format)","size":256}}"#)
            }
            let ticksBefore = cpuTicks(pid)
            let start = now()
            let input = child.input, requests = batch
            let writer = Thread { input.write(requests) }
            writer.start()
            for _ in 0..<count where child.receive().starts(with: Array(#"{"jsonrpc":"2.0","id":"#.utf8)) == false { errors += 1 }
            let seconds = Double(now() - start) / 1e9
            // Server CPU (10 ms ticks): steadier than requests/s when other work shares the cores.
            let serverCPU = Double(cpuTicks(pid) - ticksBefore) / Double(sysconf(Int32(_SC_CLK_TCK)))
            rates.append(Double(count) / seconds)
            cpus.append(serverCPU * 1e6 / Double(count))
        }
        let median = rates.sorted()[rounds / 2], medianCPU = cpus.sorted()[rounds / 2]
        print(String(format: "rpc pipelined creature/render (%@, 256 px): median %.0f requests/s, %.0f µs server CPU per request (%.0f–%.0f; "
                     + "rounds of %d on one server: %@ requests/s; target ≥ 20,000/s)",
                     format, median, medianCPU, cpus.min()!, cpus.max()!, count, rates.map { String(format: "%.0f", $0) }.joined(separator: ", ")))
        if errors > 0 { print("  (\(errors) unexpected responses)") }
        child.stop()
    }

    static func roundTrip(_ bin: URL) throws {
        let child = try Child(bin)
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
        _ = child.receive()
        var times: [Double] = []
        for i in 1...2_200 {
            let start = now()
            child.send(#"{"jsonrpc":"2.0","id":\#(i),"method":"creature/render","params":{"seed":"round trip \#(i)","format":"png","size":256}}"#)
            _ = child.receive()
            if i > 200 { times.append(ms(now() - start)) } // the first 200 warm up
        }
        print(String(format: "rpc one-at-a-time creature/render round trip: p50 %.3f ms, p99 %.3f ms (2,000 requests; target p99 ≤ 2 ms)",
                     percentile(times, 0.5), percentile(times, 0.99)))
        child.stop()
    }

    static func frames(_ bin: URL) throws {
        let child = try Child(bin)
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
        _ = child.receive()
        let seed = String(String(repeating: "Fonsters grow one character at a time. ", count: 8).prefix(300))
        var times: [Double] = []
        var bytes = 0
        for i in 1...12 {
            let start = now()
            child.send(#"{"jsonrpc":"2.0","id":\#(i),"method":"creature/frames","params":{"seed":"\#(seed)","format":"png","size":256}}"#)
            bytes = child.receive().count
            if i > 2 { times.append(ms(now() - start)) }
        }
        print(String(format: "rpc creature/frames, 300-character seed (300 PNG frames, 256 px): median %.1f ms, max %.1f ms, %d KB response (10 runs; target ≤ 30 ms)",
                     percentile(times, 0.5), times.max() ?? 0, bytes / 1024))
        child.stop()
    }

    // MARK: - Execution model

    /// `VmHWM` of `pid` in MB.
    static func peakRSS(_ pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
        return kb / 1024
    }

    /// utime + stime of `pid` in clock ticks.
    static func cpuTicks(_ pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return -1 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    static func temporaryStore() throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, folder.appendingPathComponent("library.sqlite").path)
    }

    /// 10,000 pipelined requests on a file store: 70 % edits (seed updates), 30 % reads (get).
    static func mixedSession(_ bin: URL) throws {
        let (folder, path) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try Child(bin, arguments: ["--stdio", "--store", path, "--no-starter", "--log-level", "off"])
        let ids = (1...20).map { String(format: "00000000-0000-4000-8000-%012d", $0) }
        for (n, id) in ids.enumerated() {
            child.send(#"{"jsonrpc":"2.0","id":"c\#(n)","method":"fonsters/create","params":{"id":"\#(id)","seed":"start"}}"#)
        }
        var created = 0
        while created < ids.count { if child.receive().starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)) { created += 1 } }
        let count = 10_000
        var requests = Data()
        var generator = SystemRandomNumberGenerator()
        for i in 1...count {
            let id = ids[Int(generator.next() % UInt64(ids.count))]
            if generator.next() % 10 < 7 {
                requests += Child.frame(#"{"jsonrpc":"2.0","id":\#(i),"method":"fonsters/update","params":{"id":"\#(id)","seed":"edit \#(i)"}}"#)
            } else {
                requests += Child.frame(#"{"jsonrpc":"2.0","id":\#(i),"method":"fonsters/get","params":{"id":"\#(id)"}}"#)
            }
        }
        let start = now()
        let input = child.input, all = requests
        Thread { input.write(all) }.start()
        var answered = 0
        while answered < count {
            // didChange notifications come with every edit; count responses only.
            if child.receive().starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)) { answered += 1 }
        }
        let seconds = Double(now() - start) / 1e9
        print(String(format: "rpc pipelined mixed session (70 %% edits, 30 %% reads, file store, fsync per edit): %.0f ops/s (%d in %.2f s)",
                     Double(count) / seconds, count, seconds))
        child.stop()
    }

    /// One-at-a-time `fonsters/create` and `fonsters/update` in a 10,000-Fonster library on a
    /// file store: each answers its look-alikes against the whole library.
    static func bigLibraryEdits(_ bin: URL) throws {
        let (folder, path) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try Child(bin, arguments: ["--stdio", "--store", path, "--no-starter", "--log-level", "off"])
        var serial = 0
        /// Sends one request and waits for its answer (didChange notifications are skipped).
        func call(_ method: String, _ params: String) {
            serial += 1
            child.send(#"{"jsonrpc":"2.0","id":\#(serial),"method":"\#(method)","params":\#(params)}"#)
            let answer = Array(#"{"jsonrpc":"2.0","id":\#(serial),"result""#.utf8)
            while true {
                let body = child.receive()
                if body.starts(with: answer) { return }
                if body.starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)) { fatalError("\(method): \(String(decoding: body, as: UTF8.self))") }
            }
        }
        let names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]
        for batch in 0..<10 {
            let fonsters = (0..<1000).map { #"{"name":"","seed":"\#(names[$0 % 10]) \#(batch * 1000 + $0)"}"# }.joined(separator: ",")
            call("library/import", #"{"bundle":{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00.000Z","fonsters":[\#(fonsters)]}}"#)
        }
        call("fonsters/lookalikes", "{}")
        var creates: [Double] = [], updates: [Double] = []
        for i in 0..<200 {
            let id = String(format: "00000000-0000-4000-8000-%012d", i + 1)
            var start = now()
            call("fonsters/create", #"{"id":"\#(id)","seed":"new \#(i)"}"#)
            creates.append(ms(now() - start))
            start = now()
            call("fonsters/update", #"{"id":"\#(id)","seed":"edited \#(i)"}"#)
            updates.append(ms(now() - start))
        }
        print(String(format: "rpc fonsters/create, fonsters/update in a 10,000-Fonster library (file store, fsync per edit; each answers its look-alikes): create median "
            + "%.2f ms, p90 %.2f ms; update median %.2f ms, p90 %.2f ms (200 each)",
                     percentile(creates, 0.5), percentile(creates, 0.9), percentile(updates, 0.5), percentile(updates, 0.9)))
        // The groups as a front asks for them after an edit (the pictures kept, the list current).
        var exact: [Double] = [], near: [Double] = []
        for i in 0..<20 {
            call("fonsters/update", #"{"id":"00000000-0000-4000-8000-000000000001","seed":"again \#(i)"}"#)
            var start = now()
            call("fonsters/lookalikes", #"{"near":false}"#)
            exact.append(ms(now() - start))
            start = now()
            call("fonsters/lookalikes", "{}")
            near.append(ms(now() - start))
        }
        print(String(format: "rpc fonsters/lookalikes of that library after an edit: exact groups median %.2f ms, max %.2f ms (target ≤ 20 ms); exact and near median %.2f "
            + "ms, max %.2f ms (target ≤ 200 ms) (20 each)",
                     percentile(exact, 0.5), exact.max()!, percentile(near, 0.5), near.max()!))
        child.stop()
    }

    /// `fonsters/list` of the whole library (no paging, no thumbnails) at 1,000, 10,000 and
    /// 100,000 Fonsters (a memory store filled by `library/import`): server CPU per Fonster listed.
    static func listPerFonster(_ bin: URL) throws {
        for size in [1_000, 10_000, 100_000] {
            let child = try Child(bin)
            var serial = 0
            /// Sends one request and returns its answer's length (didChange notifications are skipped).
            func call(_ method: String, _ params: String) -> Int {
                serial += 1
                return child.call(method, params, id: serial)
            }
            let names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]
            for batch in 0..<(size / 10_000 + (size % 10_000 == 0 ? 0 : 1)) {
                let n = min(10_000, size - batch * 10_000)
                let fonsters = (0..<n).map { #"{"name":"\#(names[$0 % 10]) \#(batch)","seed":"list \#(batch * 10_000 + $0)","createdAt":"2024-0\#(1 + $0 % 9)-1\#($0 % 10)T10:00:00.000Z"}"# }
                    .joined(separator: ",")
                _ = call("library/import", #"{"bundle":{"format":"fonsters-library","version":1,"engine":"fonsters-v1","exportedAt":"2026-01-01T00:00:00.000Z","fonsters":[\#(fonsters)]}}"#)
            }
            // At least 500,000 Fonsters listed in all, so the 10 ms CPU ticks are small beside it.
            let calls = max(5, 500_000 / size)
            let pid = child.process.processIdentifier
            var bytes = 0
            let ticksBefore = cpuTicks(pid)
            let start = now()
            for _ in 0..<calls { bytes = call("fonsters/list", "{}") }
            let seconds = Double(now() - start) / 1e9
            let cpu = Double(cpuTicks(pid) - ticksBefore) / Double(sysconf(Int32(_SC_CLK_TCK)))
            print(String(format: "rpc fonsters/list, all of %d Fonsters (%d calls, %.1f MB an answer): %.2f µs server CPU per Fonster, %.2f µs wall (target ≤ 2 µs CPU)",
                         size, calls, Double(bytes) / 1e6, cpu * 1e6 / Double(calls * size), seconds * 1e6 / Double(calls * size)))
            child.stop()
        }
    }

    /// 100,000 pipelined renders while the client reads nothing for 3 s: the server stops
    /// reading at its queued-output bound; then everything is answered.
    static func nonReadingClient(_ bin: URL) throws {
        let child = try Child(bin)
        let count = 100_000
        var requests = Data()
        for i in 1...count {
            requests += Child.frame(#"{"jsonrpc":"2.0","id":\#(i),"method":"creature/render","params":{"seed":"unread \#(i)","format":"png","size":256}}"#)
        }
        let input = child.input, all = requests
        Thread { input.write(all) }.start()
        sleep(3)
        let stalled = peakRSS(child.process.processIdentifier)
        var answered = 0
        while answered < count {
            if child.receive().starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)) { answered += 1 }
        }
        let peak = peakRSS(child.process.processIdentifier)
        print(String(format: "rpc 100,000 pipelined renders, client not reading for 3 s: peak RSS %.1f MB while stalled, %.1f MB after draining all %d answers (target ≤ 96 MB)",
                     stalled, peak, answered))
        child.stop()
    }

    /// A 200,000-entry batch line: refused with one error, RSS barely moves.
    static func oversizedBatch(_ bin: URL) throws {
        let child = try Child(bin)
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
        _ = child.receive()
        let before = peakRSS(child.process.processIdentifier)
        child.send("[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]")
        let answer = String(decoding: child.receive(), as: UTF8.self)
        let after = peakRSS(child.process.processIdentifier)
        print(String(format: "rpc 200,000-entry batch (400 KB line): %@; peak RSS %.1f MB before, %.1f MB after",
                     answer.contains("-32600") ? "refused (-32600)" : "NOT refused", before, after))
        child.stop()
    }

    /// Another process holds the store's write lock (sqlite3 CLI, BEGIN IMMEDIATE) and a write
    /// waits for it: one-at-a-time `creature/describe` latency meanwhile.
    static func lockedStore(_ bin: URL) throws {
        let (folder, path) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try Child(bin, arguments: ["--stdio", "--store", path, "--no-starter", "--log-level", "off"])
        child.send(#"{"jsonrpc":"2.0","id":"c","method":"fonsters/create","params":{"id":"00000000-0000-4000-8000-000000000001","seed":"x"}}"#)
        while !child.receive().starts(with: Array(#"{"jsonrpc":"2.0","id":"c""#.utf8)) {}
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["sqlite3", path]
        let pipe = Pipe()
        sqlite.standardInput = pipe
        sqlite.standardOutput = FileHandle.nullDevice
        try sqlite.run()
        pipe.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nUPDATE fonsters SET name = name;\n".utf8))
        usleep(300_000)
        child.send(#"{"jsonrpc":"2.0","id":"w","method":"fonsters/update","params":{"id":"00000000-0000-4000-8000-000000000001","seed":"waits"}}"#)
        var times: [Double] = []
        var writeDone = false
        for i in 1...500 {
            let start = now()
            child.send(#"{"jsonrpc":"2.0","id":\#(i),"method":"creature/describe","params":{"seed":"locked \#(i)"}}"#)
            while true {
                let body = child.receive()
                if body.starts(with: Array(#"{"jsonrpc":"2.0","id":\#(i),"#.utf8)) { break }
                if body.starts(with: Array(#"{"jsonrpc":"2.0","id":"w""#.utf8)) { writeDone = true }
            }
            times.append(ms(now() - start))
        }
        pipe.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
        try pipe.fileHandleForWriting.close()
        sqlite.waitUntilExit()
        print(String(format: "rpc creature/describe while another process locks the store: p50 %.2f ms, p99 %.2f ms (500 requests; the write %@; target p99 ≤ 50 ms)",
                     percentile(times, 0.5), percentile(times, 0.99), writeDone ? "was answered meanwhile" : "still waited"))
        child.stop()
    }

    /// Cancel `creature/animate` of a 10,000-character seed at 2,048 px: how long until the
    /// process's CPU time stops growing (10 ms tick resolution).
    static func cancelAnimation(_ bin: URL) throws {
        let child = try Child(bin)
        let seed = String(String(repeating: "Fonsters grow a letter at a time. ", count: 300).prefix(10_000))
        child.send(#"{"jsonrpc":"2.0","id":1,"method":"creature/animate","params":{"seed":"\#(seed)","size":2048,"workDoneToken":"a"}}"#)
        _ = child.receive()  // progress begin
        usleep(500_000)
        let pid = child.process.processIdentifier
        let cancelled = now()
        child.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#)
        var sawEnd = false, sawCancel = false
        while !(sawEnd && sawCancel) {
            let body = String(decoding: child.receive(), as: UTF8.self)
            if body.contains("-32800") { sawCancel = true }
            if body.contains(#""kind":"end""#) { sawEnd = true }
        }
        var last = cpuTicks(pid), lastChange = now()
        while ms(now() - lastChange) < 300 {
            usleep(5_000)
            let ticks = cpuTicks(pid)
            if ticks != last { last = ticks; lastChange = now() }
        }
        print(String(format: "rpc cancel creature/animate (10,000-character seed, 2,048 px): CPU idle %.0f ms after the cancel was sent, progress end seen (target ≤ 100 ms; 10 ms ticks)",
                     ms(lastChange - cancelled)))
        child.stop()
    }
    // MARK: - Heavy work

    /// A 10,000-character seed: 10,000 frames, each prefix a different creature.
    static let longSeed = String(String(repeating: "Fonsters grow a letter at a time. ", count: 300).prefix(10_000))

    /// Sends `count` animations of `longSeed` at 2,048 px and waits until one has begun.
    static func startAnimations(_ child: Child, count: Int) {
        for k in 0..<count {
            child.send(#"{"jsonrpc":"2.0","id":"animation \#(k)","method":"creature/animate","params":{"seed":"\#(longSeed)","size":2048,"workDoneToken":"a\#(k)"}}"#)
        }
        while !String(decoding: child.receive(), as: UTF8.self).contains(#""kind":"begin""#) {}
        usleep(200_000)
    }

    /// Sends `request` (with id `id`) and reads until its response; the milliseconds it took.
    static func timed(_ child: Child, id: String, _ request: String) -> Double {
        let start = now()
        child.send(request)
        let prefix = Array(#"{"jsonrpc":"2.0","id":"\#(id)","#.utf8)
        while !child.receive().starts(with: prefix) {}
        return ms(now() - start)
    }

    /// One-at-a-time 64-px renders while a 2,048-px animation of a 10,000-character seed runs.
    static func heavyNeighbour(_ bin: URL) throws {
        let child = try Child(bin)
        /// `count` one-at-a-time renders with ids `prefix0…`, of seeds `"seed 0"…`, with `params` besides.
        func renders(_ prefix: String, _ count: Int, seed: String, _ params: String) -> [Double] {
            (0..<count).map { i in
                timed(child, id: "\(prefix)\(i)", #"{"jsonrpc":"2.0","id":"\#(prefix)\#(i)","method":"creature/render","params":{"seed":"\#(seed) \#(i)",\#(params)}}"#)
            }
        }
        let alone = renders("r", 300, seed: "alone", #""size":64"#)
        let bigAlone = renders("b", 40, seed: "alone", #""size":1024,"format":"jpeg""#)
        startAnimations(child, count: 1)
        let beside = renders("n", 300, seed: "neighbour", #""size":64"#)
        let bigBeside = renders("m", 40, seed: "neighbour", #""size":1024,"format":"jpeg""#)
        print(String(format: "rpc heavy neighbour: 64-px render p50 %.2f ms, p99 %.2f ms while a 2,048-px animation (10,000-character seed) runs; alone p50 %.2f ms, p99 %.2f ms (300 requests each)",
                     percentile(beside, 0.5), percentile(beside, 0.99), percentile(alone, 0.5), percentile(alone, 0.99)))
        print(String(format: "rpc heavy neighbour: 1,024-px JPEG render (compute pool, taking turns) p50 %.1f ms, p99 %.1f ms beside the animation; alone p50 %.1f ms, p99 %.1f ms (40 requests each)",
                     percentile(bigBeside, 0.5), percentile(bigBeside, 0.99), percentile(bigAlone, 0.5), percentile(bigAlone, 0.99)))
        child.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        child.process.waitUntilExit()
    }

    /// With two and with four 2,048-px animations running: describe p99, cancel latency, and
    /// how long `exit` takes to end the process.
    static func starvation(_ bin: URL) throws {
        for animations in [2, 4] {
            let child = try Child(bin)
            startAnimations(child, count: animations)
            var describes: [Double] = []
            for i in 0..<200 {
                describes.append(timed(child, id: "d\(i)", #"{"jsonrpc":"2.0","id":"d\#(i)","method":"creature/describe","params":{"seed":"light \#(i)"}}"#))
            }
            let cancel = timed(child, id: "animation 0", #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"animation 0"}}"#)
            let start = now()
            child.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
            child.process.waitUntilExit()
            let exit = ms(now() - start)
            print(String(format: "rpc with %d 2,048-px animations running: describe p50 %.2f ms, p99 %.2f ms (200 requests); cancel answered in %.2f ms; exit ended the "
                + "process in %.1f ms (targets: p99 ≤ 50 ms, cancel ≤ 50 ms, exit ≤ 200 ms)",
                         animations, percentile(describes, 0.5), percentile(describes, 0.99), cancel, exit))
        }
    }

    /// Clients that pipeline the heaviest answers and read nothing until the server stops
    /// working: its peak RSS then, and after reading every answer.
    static func unreadClients(_ bin: URL) throws {
        let link = ShareLink.build(seeds: (0..<1000).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) })
        let cases: [(String, Int, (Int) -> String)] = [
            ("share/preview of a 1,000-seed link, both engines", 400, {
                #"{"jsonrpc":"2.0","id":\#($0),"method":"share/preview","params":{"url":"\#(link)","engines":["fonsters-v1","fonsters-v2"]}}"#
            }),
            ("creature/tapAnimation, 1,000 samples", 2500, { #"{"jsonrpc":"2.0","id":\#($0),"method":"creature/tapAnimation","params":{"seed":"tap \#($0)","samples":1000}}"# }),
            ("fonsters/list, 40 Fonsters with 1,024-px JPEG thumbnails", 300, { #"{"jsonrpc":"2.0","id":\#($0),"method":"fonsters/list","params":{"thumbnails":{"size":1024,"format":"jpeg"}}}"# }),
            ("creature/render, 2,048-px JPEG", 3000, { #"{"jsonrpc":"2.0","id":\#($0),"method":"creature/render","params":{"seed":"jpeg \#($0)","size":2048,"format":"jpeg"}}"# }),
        ]
        for (label, count, request) in cases {
            let child = try Child(bin)
            if label.hasPrefix("fonsters/list") {
                for n in 0..<40 { child.send(#"{"jsonrpc":"2.0","id":"c\#(n)","method":"fonsters/create","params":{"seed":"thumbnail \#(n)"}}"#) }
                var created = 0
                while created < 40 { if child.receive().starts(with: Array(#"{"jsonrpc":"2.0","id":"c"#.utf8)) { created += 1 } }
            }
            var requests = Data()
            for i in 1...count { requests += Child.frame(request(i)) }
            let input = child.input, all = requests
            Thread { input.write(all) }.start()
            let pid = child.process.processIdentifier
            var last = -1, still = 0
            let started = now()
            while still < 6 && ms(now() - started) < 120_000 {
                usleep(250_000)
                let ticks = cpuTicks(pid)
                still = ticks == last ? still + 1 : 0
                last = ticks
            }
            let stalled = peakRSS(pid)
            var answered = 0, errors = 0
            while answered < count {
                let body = child.receive()
                if body.starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)) {
                    answered += 1
                    if String(decoding: body.prefix(60), as: UTF8.self).contains(#""error""#) { errors += 1 }
                }
            }
            print(String(format: "rpc unread client, %d × %@: peak RSS %.1f MB while stalled, %.1f MB after draining; %d answered, %d errors (target < 128 MB)",
                         count, label, stalled, peakRSS(pid), answered, errors))
            child.stop()
        }
    }
}
