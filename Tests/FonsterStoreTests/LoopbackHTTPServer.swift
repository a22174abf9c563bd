import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (POSIX sockets) serving canned responses by path,
/// for testing the remote random-text endpoint against a real socket.
final class LoopbackHTTPServer: @unchecked Sendable {
    /// A canned reply: wait `delay` seconds, then answer `status` with `body` (and a `Location`
    /// header when given). `trickle`: the body one byte a second. `streamBytes` > 0: instead of
    /// `body`, that many bytes of filler with no Content-Length, until the client hangs up.
    struct Reply: Sendable {
        var status: Int
        var body: String
        var delay: TimeInterval = 0
        var location: String? = nil
        var trickle = false
        var streamBytes = 0
        var chunked = false
    }

    let port: UInt16
    private let listener: Int32
    private let routes: [String: Reply]
    private let lock = NSLock()
    private var requests: [String] = []

    init(routes: [String: Reply]) throws {
        self.routes = routes
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The request targets received so far (e.g. `/ok?source=quote`).
    var received: [String] { lock.lock(); defer { lock.unlock() }; return requests }

    /// The URL of a route.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: Array("\r\n\r\n".utf8)) {
            let n = read(connection, &buffer, buffer.count)
            if n <= 0 { return }
            request += buffer[0..<n]
        }
        let firstLine = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let target = firstLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        lock.lock()
        requests.append(target)
        lock.unlock()
        let path = String(target.split(separator: "?").first ?? "")
        let reply = routes[path] ?? Reply(status: 404, body: "{}")
        if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
        let body = Array(reply.body.utf8)
        let location = reply.location.map { "Location: \($0)\r\n" } ?? ""
        let length = reply.streamBytes > 0 ? "" : reply.chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(body.count)\r\n"
        let head = "HTTP/1.1 \(reply.status) Canned\r\nContent-Type: application/json\r\n\(location)\(length)Connection: close\r\n\r\n"
        func sendAll(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        }
        if reply.streamBytes > 0 {
            guard sendAll(Array(head.utf8) + Array(#"{"text":""#.utf8)) else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
            var sent = 0
            while sent < reply.streamBytes, sendAll(chunk) { sent += chunk.count }
        } else if reply.chunked {
            var framed: [UInt8] = []
            for start in stride(from: 0, to: body.count, by: 5) {
                let piece = body[start..<min(start + 5, body.count)]
                framed += Array((String(piece.count, radix: 16) + ";ext=1\r\n").utf8) + piece + [13, 10]
            }
            _ = sendAll(Array(head.utf8) + framed + Array("0\r\n\r\n".utf8))
        } else if reply.trickle {
            guard sendAll(Array(head.utf8)) else { return }
            for byte in body {
                guard sendAll([byte]) else { return }
                Thread.sleep(forTimeInterval: 1)
            }
        } else {
            _ = sendAll(Array(head.utf8) + body)
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
