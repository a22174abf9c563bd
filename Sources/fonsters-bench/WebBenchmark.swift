import Foundation
import RPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fonsters-bench web`: the release `fonsters-rpc web --port 0 --memory` beside this binary,
/// spoken to over real loopback WebSockets: pipelined `creature/render` (png, 256 px) over one
/// connection, one-at-a-time round trips, and the server's RSS with 64 idle WebSocket connections.
enum WebBenchmark {
    /// A minimal WebSocket client over a blocking socket (frames masked, as a client's must be).
    final class Client: @unchecked Sendable {  // one thread writes, another reads
        let fd: Int32
        private var decoder = WebSocketFrameDecoder(maxMessage: 64 << 20, requireMask: false)
        private var pending: [[UInt8]] = []
        private var pendingHead = 0
        private var chunk = [UInt8](repeating: 0, count: 1 << 16)

        init(port: Int, token: String) throws {
            #if canImport(Glibc)
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            fd = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw CLIFailureBench("connect failed: errno \(errno)") }
            var yes: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            write(Array(("GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                         + "Cookie: fonsters_token_\(port)=\(token)\r\n\r\n").utf8))
            // Read the 101 head byte by byte, so no frame bytes are taken with it.
            var head: [UInt8] = []
            var byte: UInt8 = 0
            while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
                guard read(fd, &byte, 1) == 1 else { throw CLIFailureBench("the server closed during the handshake") }
                head.append(byte)
            }
            guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
                throw CLIFailureBench("handshake refused: \(String(decoding: head, as: UTF8.self))")
            }
        }

        func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Self.sendFlags)
                    if n <= 0 { fatalError("send failed: errno \(errno)") }
                    offset += n
                }
            }
        }

        #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
        #else
        private static let sendFlags: Int32 = 0
        #endif

        static func textFrame(_ text: String) -> [UInt8] {
            WebSocketFrame.encode(.text, Array(text.utf8), mask: (0x12, 0x34, 0x56, 0x78))
        }

        func sendText(_ text: String) { write(Self.textFrame(text)) }

        /// The next text message (blocking).
        func receive() -> [UInt8] {
            if pendingHead == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
            }
            while pendingHead == pending.count {
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { fatalError("the server closed the WebSocket") }
                var events: [WebSocketEvent] = []
                chunk.withUnsafeBufferPointer { decoder.feed(UnsafeBufferPointer(rebasing: $0[0..<n]), into: &events) }
                for event in events {
                    switch event {
                    case .text(let message): pending.append(message)
                    case .close(let code, let reason): fatalError("the server closed the WebSocket: \(code ?? 0) \(reason)")
                    case .fail(let code, let reason): fatalError("bad frame from the server: \(code) \(reason)")
                    default: break
                    }
                }
            }
            pendingHead += 1
            return pending[pendingHead - 1]
        }

        private static func closeDescriptor(_ fd: Int32) -> Int32 { Foundation.close(fd) }

        func close() {
            write(WebSocketFrame.close(.normal, mask: (1, 2, 3, 4)))
            _ = shutdown(fd, Int32(SHUT_RDWR))
            _ = Self.closeDescriptor(fd)
        }
    }

    struct CLIFailureBench: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// `VmRSS` of `pid` in MB.
    static func rss(_ pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
        return kb / 1024
    }

    static func run() {
        let bin = RPCBenchmark.binary()
        guard FileManager.default.isExecutableFile(atPath: bin.path) else {
            print("web: \(bin.path) not found; build it first: swift build -c release --product fonsters-rpc")
            return
        }
        let process = Process()
        let stdout = Pipe()
        process.executableURL = bin
        process.arguments = ["web", "--port", "0", "--memory", "--no-starter", "--log-level", "off"]
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            defer { process.terminate(); process.waitUntilExit() }
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while read(stdout.fileHandleForReading.fileDescriptor, &byte, 1) == 1 && byte != 10 { line.append(byte) }
            let url = String(decoding: line, as: UTF8.self)
            guard let match = url.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/), let port = Int(match.1) else {
                print("web: unexpected first line '\(url)'")
                return
            }
            let token = String(match.2)
            try pipelined(port: port, token: token, pid: process.processIdentifier)
            try roundTrip(port: port, token: token)
            try idleConnections(port: port, token: token, pid: process.processIdentifier)
        } catch {
            print("web: \(error)")
        }
    }

    static func render(_ id: Int, _ label: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"creature/render","params":{"seed":"\#(label) \#(id)","format":"png","size":256}}"#
    }

    static func pipelined(port: Int, token: String, pid: Int32) throws {
        let client = try Client(port: port, token: token)
        client.sendText(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
        _ = client.receive()
        let count = 20_000
        var frames: [UInt8] = []
        for i in 1...count { frames += Client.textFrame(render(i, "pipelined")) }
        let start = RPCBenchmark.now()
        let ticks = RPCBenchmark.cpuTicks(pid)
        let ownTicks = RPCBenchmark.cpuTicks(getpid())
        let requests = frames
        let writer = Thread { client.write(requests) }
        writer.start()
        var errors = 0
        var bytes = 0
        for _ in 0..<count {
            let message = client.receive()
            bytes += message.count
            if isError(message) { errors += 1 }
        }
        let seconds = Double(RPCBenchmark.now() - start) / 1e9
        let serverCPU = Double(RPCBenchmark.cpuTicks(pid) - ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
        let clientCPU = Double(RPCBenchmark.cpuTicks(getpid()) - ownTicks) / Double(sysconf(Int32(_SC_CLK_TCK)))
        print(String(format: "web pipelined creature/render (png, 256 px) over one WebSocket: %.0f requests/s (%d requests in %.2f s, %.1f MB of answers, server CPU %.2f s = %.0f requests per server CPU second, client CPU %.2f s; target ≥ 10,000/s)",
                     Double(count) / seconds, count, seconds, Double(bytes) / 1e6, serverCPU, Double(count) / serverCPU, clientCPU))
        if errors > 0 { print("  (\(errors) unexpected responses)") }
        client.close()
    }

    /// Whether a response's first member after the id is `"error"` (a plain scan: the check
    /// must cost the client little next to the server's work).
    static func isError(_ message: [UInt8]) -> Bool {
        let needle = Array(#","error":"#.utf8)
        let end = min(message.count, 64) - needle.count
        guard end >= 0 else { return true }
        for i in 0...end where message[i] == needle[0] && message[i..<(i + needle.count)].elementsEqual(needle) { return true }
        return false
    }

    static func roundTrip(port: Int, token: String) throws {
        let client = try Client(port: port, token: token)
        var times: [Double] = []
        for i in 1...2_200 {
            let start = RPCBenchmark.now()
            client.sendText(render(i, "round trip"))
            _ = client.receive()
            if i > 200 { times.append(RPCBenchmark.ms(RPCBenchmark.now() - start)) }
        }
        print(String(format: "web one-at-a-time creature/render round trip over a WebSocket: p50 %.3f ms, p99 %.3f ms (2,000 requests, client included)",
                     RPCBenchmark.percentile(times, 0.5), RPCBenchmark.percentile(times, 0.99)))
        client.close()
    }

    static func idleConnections(port: Int, token: String, pid: Int32) throws {
        usleep(300_000) // the earlier connections' slots free up
        let before = rss(pid)
        var clients: [Client] = []
        for i in 0..<64 {
            let client = try Client(port: port, token: token)
            client.sendText(#"{"jsonrpc":"2.0","id":\#(i),"method":"creature/describe","params":{"seed":"idle"}}"#)
            _ = client.receive()
            clients.append(client)
        }
        usleep(500_000)
        let with64 = rss(pid)
        print(String(format: "web RSS with 64 idle WebSocket connections: %.1f MB (%.1f MB before opening them, after 22,200 renders; %.2f MB a connection)",
                     with64, before, (with64 - before) / 64))
        for client in clients { client.close() }
    }
}
