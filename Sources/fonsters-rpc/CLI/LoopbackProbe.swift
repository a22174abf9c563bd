import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP request to a server on this machine, for the first line of its answer: how
/// `fonsters-rpc open` tells a live web server from a stale runtime file.
enum LoopbackProbe {
    /// Sends `request` to `host` (a numeric address) and `port` and returns the answer's status
    /// line (`HTTP/1.1 303 See Other`), or nil when nothing answers within `timeout` (each of
    /// connecting, sending and reading).
    static func statusLine(host: String, port: Int, request: String, timeout: Duration) -> String? {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else { return nil }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        // Connect without blocking, then wait for the socket to become writable.
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
            guard errno == EINPROGRESS, wait(fd, for: Int16(POLLOUT), milliseconds: milliseconds) else { return nil }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else { return nil }
        }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { sent += n; continue }
            guard n < 0, errno == EAGAIN || errno == EINTR, wait(fd, for: Int16(POLLOUT), milliseconds: milliseconds) else { return nil }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while !received.contains(0x0A), received.count < 4096 {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { received += buffer[..<n]; continue }
            guard n < 0, errno == EAGAIN || errno == EINTR, wait(fd, for: Int16(POLLIN), milliseconds: milliseconds) else { break }
        }
        guard let end = received.firstIndex(of: 0x0A) else { return nil }
        return String(decoding: received[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `fd` becomes ready for `events` within `milliseconds`.
    private static func wait(_ fd: Int32, for events: Int16, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        return poll(&entry, 1, milliseconds) == 1 && entry.revents & events != 0
    }
}
