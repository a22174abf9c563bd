import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket on a numeric address, with an accept thread that hands each
/// connection to a handler on a thread of its own, at most `maxConnections` at a time.
public final class TCPListener: @unchecked Sendable {
    /// The address bound, as given (`127.0.0.1`, `::1`, `0.0.0.0`…).
    public let host: String
    /// The port bound (the one picked by the system when 0 was asked for).
    public let port: Int
    private let fd: Int32
    private let active = Locked(0)

    /// A failure to set up the socket.
    public struct SetupError: Error, CustomStringConvertible {
        /// What went wrong, for the user.
        public var description: String
    }

    /// Binds and listens on `host` (a numeric IPv4 or IPv6 address) and `port` (0: any free one).
    public init(host: String, port: Int) throws(SetupError) {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw SetupError(description: "'\(host)' is not a numeric IP address to listen on (such as 127.0.0.1 or ::1).")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { throw SetupError(description: "socket() failed: \(String(cString: strerror(errno))).") }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SetupError(description: "Cannot listen on \(host) port \(port): \(reason).")
        }
        guard listen(fd, 128) == 0 else {
            close(fd)
            throw SetupError(description: "listen() failed: \(String(cString: strerror(errno))).")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let family = Int32(storage.ss_family)
        let bound: UInt16 = withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        self.fd = fd
        self.host = host
        self.port = Int(bound)
    }

    /// Connections open now.
    public var activeConnections: Int { active.current }

    /// Starts the accept thread. Each connection gets a thread running `handle`, which owns the
    /// stream and must close it. Past `maxConnections` open at once, a connection is answered
    /// `busy` (if given) and closed at once.
    public func start(maxConnections: Int, busy: [UInt8]?, log: TransportLog,
                      handle: @escaping @Sendable (SocketStream) -> Void) {
        let thread = Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    if errno == EMFILE || errno == ENFILE {
                        log("accept failed: too many open files; retrying in 100 ms")
                        usleep(100_000)
                        continue
                    }
                    log("accept failed (errno \(errno)); no longer accepting connections")
                    return
                }
                Self.configure(client)
                let admitted = active.withLock { count -> Bool in
                    guard count < maxConnections else { return false }
                    count += 1
                    return true
                }
                guard admitted else {
                    let refused = SocketStream(fd: client, onClose: {})
                    if let busy { refused.write(busy) }
                    refused.close()
                    continue
                }
                let stream = SocketStream(fd: client, onClose: { [active] in active.withLock { $0 -= 1 } })
                let worker = Thread { handle(stream) }
                worker.name = "http-connection"
                worker.stackSize = 512 << 10
                worker.start()
            }
        }
        thread.name = "http-accept"
        thread.start()
    }

    /// No Nagle delay (pipelined small messages), and a 10 s send timeout so a peer that
    /// stops reading cannot hold a writer forever.
    private static func configure(_ fd: Int32) {
        var yes: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}
