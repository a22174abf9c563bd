import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `http://` GET over a plain socket, for the random-text endpoint: every wait is a `poll`
/// bounded by one deadline, and reading stops at a byte limit, so a slow or endless reply costs
/// at most the deadline and the limit. (Foundation's URLSession on Linux keeps receiving into
/// memory while a cancel is on its way: 200 MB arrive before it stops.)
enum PlainHTTPGet {
    /// A reply: the status, the headers (names lower-cased) and the body.
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
    }

    /// The most header bytes read.
    static let maxHeaderBytes = 16 * 1024

    /// GETs `url` (http only), or nil on any failure, on the deadline, or past `maxBodyBytes`.
    /// Blocking: run it off the caller's thread (name lookup cannot be interrupted).
    static func get(_ url: URL, accept: String, deadline: ContinuousClock.Instant, maxBodyBytes: Int) -> Reply? {
        guard url.scheme?.lowercased() == "http", let host = url.host, !host.isEmpty,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let port = url.port ?? 80
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        guard let socket = connect(host: host, port: port, deadline: deadline) else { return nil }
        defer { close(socket) }
        let hostHeader = host.contains(":") ? "[\(host)]" : host
        let request = "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\(url.port.map { ":\($0)" } ?? "")\r\nAccept: \(accept)\r\nUser-Agent: fonsters-rpc\r\nConnection: close\r\n\r\n"
        guard send(Array(request.utf8), on: socket, deadline: deadline) else { return nil }
        // Headers, then as much body as the limit allows (the body may be chunked).
        var received: [UInt8] = []
        var headerEnd: Int?
        var limit = maxHeaderBytes
        var declaredLength: Int?
        var reply = Reply(status: 0, headers: [:], body: [])
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let end = headerEnd, let declared = declaredLength, received.count - end >= declared { break }
            guard wait(socket, for: Int16(POLLIN), deadline: deadline) else { return nil }
            let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n < 0 { if errno == EINTR || errno == EAGAIN { continue } else { return nil } }
            if n == 0 { break }
            let searchFrom = max(0, received.count - 3)
            received += buffer[0..<n]
            if headerEnd == nil, let end = find([13, 10, 13, 10], in: received, from: searchFrom) {
                headerEnd = end + 4
                guard let parsed = parseHead(received[0..<end]) else { return nil }
                reply.status = parsed.status
                reply.headers = parsed.headers
                if let length = parsed.headers["content-length"] {
                    guard let value = Int(length.trimmingCharacters(in: .whitespaces)), value >= 0, value <= maxBodyBytes else { return nil }
                    declaredLength = value
                }
                limit = end + 4 + maxBodyBytes + 1024  // chunk framing
            }
            if received.count > limit { return nil }
        }
        guard let end = headerEnd else { return nil }
        var body = Array(received[end...])
        if let declared = declaredLength {
            guard body.count >= declared else { return nil }
            body = Array(body.prefix(declared))
        } else if reply.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let decoded = dechunk(body) else { return nil }
            body = decoded
        }
        guard body.count <= maxBodyBytes else { return nil }
        reply.body = body
        return reply
    }

    private static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) -> Int32? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let rc = systemConnect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            if rc == 0 { return fd }
            if errno == EINPROGRESS, wait(fd, for: Int16(POLLOUT), deadline: deadline) {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { return fd }
            }
            close(fd)
            if ContinuousClock.now >= deadline { return nil }
        }
        return nil
    }

    /// Waits for `events` on `fd` until the deadline; false on timeout or error.
    private static func wait(_ fd: Int32, for events: Int16, deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let ms = Int32(min(Double(left.components.seconds) * 1000 + Double(left.components.attoseconds) / 1e15 + 1, 60_000))
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let rc = poll(&descriptor, 1, ms)
            if rc > 0 { return descriptor.revents & (events | Int16(POLLHUP)) != 0 }
            if rc < 0, errno == EINTR { continue }
            if rc < 0 { return false }
        }
    }

    private static func send(_ bytes: [UInt8], on fd: Int32, deadline: ContinuousClock.Instant) -> Bool {
        var sent = 0
        while sent < bytes.count {
            guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else { return false }
            let n = bytes[sent...].withUnsafeBytes { systemSend(fd, $0.baseAddress, $0.count, noSignal) }
            if n < 0 { if errno == EINTR || errno == EAGAIN { continue } else { return false } }
            sent += n
        }
        return true
    }

    /// The index of the first `needle` in `bytes` at or after `start`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        outer: for i in start...(bytes.count - needle.count) {
            for k in 0..<needle.count where bytes[i + k] != needle[k] { continue outer }
            return i
        }
        return nil
    }

    /// The status and headers of a response head (`HTTP/1.x 200 …` and `Name: value` lines).
    private static func parseHead(_ head: ArraySlice<UInt8>) -> (status: Int, headers: [String: String])? {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }

    /// The body of chunked transfer coding, or nil when it is malformed or cut short.
    private static func dechunk(_ raw: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var i = 0
        while true {
            guard let lineEnd = find([13, 10], in: raw, from: i), lineEnd - i <= 64 else { return nil }
            let sizeText = String(decoding: raw[i..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0, size <= raw.count else { return nil }
            i = lineEnd + 2
            if size == 0 { return out }
            guard i + size + 2 <= raw.count else { return nil }
            out += raw[i..<i + size]
            i += size + 2
        }
    }
}

#if canImport(Glibc)
private let systemConnect = Glibc.connect
private let systemSend = Glibc.send
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let systemConnect = Darwin.connect
private let systemSend = Darwin.send
private let noSignal: Int32 = 0
#endif
