import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A WebSocket client for tests (RFC 6455, the parts a JSON-RPC session uses): connects to a
/// loopback port, upgrades with a cookie and origin, sends masked text frames and reads text
/// messages (answering pings), waiting up to `Patience.backstop` unless told otherwise.
public final class WebSocketClient: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Whether the server closed the connection (a close frame or end of stream).
    public private(set) var closed = false

    /// Connects to `127.0.0.1:port` and upgrades `path` with `Cookie: cookie`.
    public init(port: Int, path: String = "/rpc", cookie: String, timeout: TimeInterval = Patience.backstop) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw WebSocketClientError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { _ = systemClose(fd); throw WebSocketClientError("connect to port \(port): errno \(errno)") }
        let head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nCookie: \(cookie)\r\n"
            + "Origin: http://127.0.0.1:\(port)\r\n\r\n"
        try writeAll(Array(head.utf8))
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let response = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                guard response.hasPrefix("HTTP/1.1 101") else { throw WebSocketClientError("the upgrade was refused: \(response)") }
                return
            }
            guard try fill(until: deadline) else { throw WebSocketClientError("no upgrade response") }
        }
    }

    deinit { _ = systemClose(fd) }

    /// Sends `text` as one masked text frame.
    public func sendText(_ text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += key
        frame.reserveCapacity(frame.count + payload.count)
        for (i, byte) in payload.enumerated() { frame.append(byte ^ key[i & 3]) }
        try writeAll(frame)
    }

    /// The next text message; nil when none comes within `timeout` seconds (a backstop against a
    /// hang, unless a test checks that nothing comes) or the server closed.
    public func receiveText(timeout: TimeInterval = Patience.backstop) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var message: [UInt8] = []
        while true {
            if let (opcode, fin, payload, length) = parseFrame() {
                buffer.removeSubrange(..<length)
                switch opcode {
                case 0x1, 0x0:
                    message += payload
                    if fin { return String(decoding: message, as: UTF8.self) }
                case 0x8:
                    closed = true
                    return nil
                case 0x9: try writeAll([0x8A, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload)
                default: break
                }
                continue
            }
            guard try fill(until: deadline) else { return nil }
        }
    }

    /// Closes the socket.
    public func close() { _ = shutdown(fd, Int32(SHUT_RDWR)) }

    /// One whole frame at the front of the buffer: opcode, FIN, payload and its length in bytes.
    private func parseFrame() -> (UInt8, Bool, [UInt8], Int)? {
        guard buffer.count >= 2 else { return nil }
        var length = Int(buffer[1] & 0x7F), offset = 2
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            offset = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
            offset = 10
        }
        guard buffer.count >= offset + length else { return nil }
        return (buffer[0] & 0x0F, buffer[0] & 0x80 != 0, Array(buffer[offset..<(offset + length)]), offset + length)
    }

    /// Reads what comes before `deadline`; false at the deadline or end of stream.
    private func fill(until deadline: Date) throws -> Bool {
        let wait = Int32(max(0, min(Double(Int32.max), deadline.timeIntervalSinceNow * 1000)))
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, wait) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
        guard n > 0 else { closed = true; return false }
        buffer += chunk[..<n]
        return true
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 { if errno == EINTR { continue }; throw WebSocketClientError("write: errno \(errno)") }
            offset += n
        }
    }
}

/// A failure of the test WebSocket client.
public struct WebSocketClientError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

#if canImport(Glibc)
private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
#else
private func systemClose(_ fd: Int32) -> Int32 { Darwin.close(fd) }
#endif

/// `fonsters-rpc web --port 0` running as a child process: its port and access token from the
/// line it prints. Killed when released.
public final class WebServerProcess: @unchecked Sendable {
    private let process = Process()
    /// The port it listens on.
    public let port: Int
    /// The access token, and the cookie that carries it.
    public let token: String
    public var cookie: String { "fonsters_token_\(port)=\(token)" }
    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Starts `fonsters-rpc web --port 0 arguments…` and reads its address line.
    public init(_ arguments: [String] = ["--memory", "--no-starter", "--log-level", "warn"], timeout: TimeInterval = Patience.backstop) throws {
        let output = Pipe()
        process.executableURL = BuiltExecutable.url
        process.arguments = ["web", "--port", "0"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let fd = output.fileHandleForReading.fileDescriptor
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var byte: UInt8 = 0
        while !line.hasSuffix([0x0A]) {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(max(0, deadline.timeIntervalSinceNow * 1000))) > 0, read(fd, &byte, 1) == 1 else {
                process.terminate()
                throw WebSocketClientError("fonsters-rpc web printed no address")
            }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let match = text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/), let port = Int(match.1) else {
            process.terminate()
            throw WebSocketClientError("fonsters-rpc web printed \(text)")
        }
        (self.port, self.token) = (port, String(match.2))
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// The CPU time the process has used, in clock ticks.
    public var cpuTicks: Int? { ProcessStats.cpuTicks(pid: pid) }
}

extension Array where Element == UInt8 {
    fileprivate func hasSuffix(_ suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
