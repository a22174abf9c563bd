import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket on a numeric address, with a lobby thread that accepts connections
/// and hands each admitted one to a handler on a thread of its own, at most `maxConnections`
/// at a time.
public final class TCPListener: @unchecked Sendable {
    /// The address bound, as given (`127.0.0.1`, `::1`, `0.0.0.0`…).
    public let host: String
    /// The port bound (the one picked by the system when 0 was asked for).
    public let port: Int
    private let fd: Int32
    /// The most connections the kernel holds for the lobby to accept: newcomers wait there, in
    /// order, while the lobby is full of connections that have not waited their grace yet.
    static let backlog: Int32 = 1024
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
        guard listen(fd, Self.backlog) == 0 else {
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

    /// Connections admitted and open now (those still in the lobby are not counted).
    public var activeConnections: Int { active.current }

    /// Starts the lobby thread (see `Lobby`), which accepts connections and reads each one's
    /// first request. A request that `screen` passes (nil) admits its connection, up to
    /// `maxConnections` open at once (past that it is answered `busy`, if given, and closed):
    /// `handle` runs on a thread of its own with the stream and the bytes read so far, and must
    /// close the stream. A request the screen refuses gets the screen's answer and is closed.
    public func start(maxConnections: Int, lobby: LobbyLimits, httpLimits: HTTPLimits, busy: [UInt8]?, log: TransportLog,
                      account: MemoryAccount? = nil,
                      screen: @escaping @Sendable (HTTPRequest) -> HTTPResponse?,
                      handle: @escaping @Sendable (SocketStream, [UInt8]) -> Void) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let lobby = Lobby(listener: fd, limits: lobby, httpLimits: httpLimits, maxConnections: maxConnections,
                          active: active, busy: busy, log: log, screen: screen, admit: handle, account: account)
        let thread = Thread { lobby.run() }
        thread.name = "http-lobby"
        thread.start()
    }

    /// Blocking I/O (whatever the listener's mode), no Nagle delay (pipelined small messages),
    /// and a 10 s send timeout so a peer that stops reading cannot hold a writer forever.
    static func configure(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var yes: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}
