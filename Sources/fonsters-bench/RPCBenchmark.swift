import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Server figures over real pipes, against the release `fonsters-rpc` beside this binary:
/// cold start to the `initialize` response, pipelined render throughput, one-at-a-time round
/// trip latency, and `creature/frames` for a 300-character seed. `swift run` builds only the
/// benchmark: build the server first (`swift build -c release`).
enum RPCBenchmark {
    /// A `fonsters-rpc --stdio --memory --no-starter` child spoken to with Content-Length framing.
    final class Child {
        let process = Process()
        let input: FileHandle
        let outputFD: Int32
        private var buffer: [UInt8] = []

        init(_ binary: URL) throws {
            let stdin = Pipe(), stdout = Pipe()
            process.executableURL = binary
            process.arguments = ["--stdio", "--memory", "--no-starter", "--log-level", "off"]
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
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
        do {
            try coldStart(bin)
            try pipelined(bin)
            try roundTrip(bin)
            try frames(bin)
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

    static func pipelined(_ bin: URL) throws {
        let child = try Child(bin)
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
        _ = child.receive()
        let count = 10_000
        var batch = Data()  // written by a second thread while this one reads
        for i in 1...count {
            batch += Child.frame(#"{"jsonrpc":"2.0","id":\#(i),"method":"creature/render","params":{"seed":"pipelined \#(i)","format":"png","size":256}}"#)
        }
        let start = now()
        let input = child.input, requests = batch
        let writer = Thread { input.write(requests) }
        writer.start()
        var errors = 0
        for _ in 0..<count where child.receive().starts(with: Array(#"{"jsonrpc":"2.0","id":"#.utf8)) == false { errors += 1 }
        let seconds = Double(now() - start) / 1e9
        print(String(format: "rpc pipelined creature/render (png, 256 px): %.0f requests/s (%d requests in %.2f s; target ≥ 20,000/s)",
                     Double(count) / seconds, count, seconds))
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
}
