import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Limits on connections that have not yet been admitted (see `Lobby`).
public struct LobbyLimits: Sendable, Hashable {
    /// The most connections waiting in the lobby at once.
    public var capacity: Int
    /// The time a connection has, from being accepted, to send a whole first request.
    public var deadline: Duration
    /// The time a connection may wait before it can be dropped to make room for a newer one.
    public var grace: Duration

    /// Limits with these values.
    public init(capacity: Int, deadline: Duration, grace: Duration) {
        self.capacity = capacity
        self.deadline = deadline
        self.grace = grace
    }
}

/// Where accepted connections wait until their first request is read and passes the screen.
///
/// One thread polls the listening socket and every waiting connection (no thread each, so
/// idle connections cost a descriptor and a little memory). A first request that `screen`
/// passes (nil) admits its connection: it gets a thread of its own, one of `maxConnections`,
/// with the bytes read so far (or `busy` when every one is taken). A request the screen refuses
/// gets the screen's answer, and so does a malformed head (400, 431 or 505); the connection is
/// then shut for writing and drained for `linger` before it is closed, so the client reads the
/// answer, not a reset. A connection with no whole request `deadline` after it was accepted is
/// closed (answered 408 first, and drained, if it had begun one). When all `capacity` places
/// are taken, the connection that has waited longest is closed to make room for a newcomer once
/// it has waited `grace`; until then newcomers wait in the kernel's accept queue, in the order
/// they came. What guests send is reserved in the memory budget before it is read; a guest the
/// budget has no room for is held: what it sent stays in the kernel, unread, and is asked for
/// again every `holdRetry` until the budget has room (the hogs it holds are closed, greediest
/// first) or its deadline, when it is answered 503 (an unauthenticated connection never makes
/// anyone else wait, and a well-behaved client arriving during an attack is not dropped for it).
struct Lobby: Sendable {
    /// How many bytes of a refused connection's input are discarded before it is closed anyway.
    static let maxDiscard = 1 << 20
    /// How long a refused connection is drained before it is closed (so the client reads the answer, not a reset).
    static let linger = Duration.seconds(1)
    /// How often a guest the memory budget had no room for asks again.
    static let holdRetry = Duration.milliseconds(50)

    let listener: Int32
    let limits: LobbyLimits
    let httpLimits: HTTPLimits
    let maxConnections: Int
    let active: Locked<Int>
    let busy: [UInt8]?
    let log: TransportLog
    let screen: @Sendable (HTTPRequest) -> HTTPResponse?
    let admit: @Sendable (SocketStream, [UInt8]) -> Void
    /// Where the bytes guests have sent are counted (the server's memory budget), nil: nowhere.
    let account: MemoryAccount?

    /// One waiting connection.
    private struct Guest {
        let fd: Int32
        let arrived: ContinuousClock.Instant
        var bytes: [UInt8] = []
        var parser: HTTPRequestParser
        /// Set once answered: the connection is drained until then, and closed.
        var closingBy: ContinuousClock.Instant?
        var discarded = 0
        /// Set while the memory budget has no room for what it sent: not read until then.
        var heldUntil: ContinuousClock.Instant?
        /// Whether the budget ever held it (its deadline then answers 503, not silence).
        var held = false
        /// Whether its time was up and it was closed (to be taken out of the lobby).
        var closed = false
    }

    /// What reading a guest's input led to.
    private enum Outcome { case waiting, gone, admitted }

    /// Serves the lobby on the calling thread, forever (until accept fails for good).
    func run() {
        var guests: [Guest] = [] // oldest first
        var acceptPausedUntil: ContinuousClock.Instant?
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 16 << 10)
        defer { chunk.deallocate() }
        while true {
            var now = ContinuousClock.now
            for index in guests.indices { expire(&guests[index], now: now) }
            guests.removeAll { guest in
                guard guest.closed else { return false }
                account?.release(guest.bytes.count, for: .input)
                return true
            }
            if let until = acceptPausedUntil, now >= until { acceptPausedUntil = nil }
            let room = guests.count < limits.capacity || evictable(guests, now: now) != nil
            let listening = room && acceptPausedUntil == nil

            // A held guest is left out (a negative descriptor: poll ignores it) until its retry is
            // due; one due now is polled now (and is no reason to wake at once).
            for index in guests.indices where guests[index].heldUntil.map({ now >= $0 }) == true { guests[index].heldUntil = nil }
            var wakes = guests.map { $0.closingBy ?? $0.arrived + limits.deadline } + guests.compactMap(\.heldUntil)
            if !room, let oldest = guests.first { wakes.append(oldest.arrived + limits.grace) }
            if let until = acceptPausedUntil { wakes.append(until) }
            var polled = guests.map { pollfd(fd: $0.heldUntil == nil ? $0.fd : -1, events: Int16(POLLIN), revents: 0) }
            if listening { polled.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            let timeout = wakes.min().map(Self.milliseconds) ?? -1
            let ready = poll(&polled, nfds_t(polled.count), timeout)
            if ready < 0 && errno != EINTR {
                log("lobby poll failed (errno \(errno)); no longer accepting connections")
                return
            }
            guard ready > 0 else { continue }
            now = ContinuousClock.now

            // Read what came first, so a newcomer never displaces a connection whose request already arrived.
            var leaving: [Int] = []
            for index in guests.indices where polled[index].revents != 0 {
                if read(&guests[index], chunk: chunk, now: now) != .waiting { leaving.append(index) }
            }
            for index in leaving.reversed() { account?.release(guests.remove(at: index).bytes.count, for: .input) }

            guard listening, let last = polled.last, last.revents != 0 else { continue }
            while guests.count < limits.capacity || evictable(guests, now: now) != nil {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { break }
                    if errno == EMFILE || errno == ENFILE {
                        if let index = evictable(guests, now: now) {
                            evict(&guests, index)
                            continue
                        }
                        log("accept failed: too many open files; retrying in 100 ms")
                        acceptPausedUntil = now + .milliseconds(100)
                        break
                    }
                    log("accept failed (errno \(errno)); no longer accepting connections")
                    return
                }
                if guests.count >= limits.capacity, let index = evictable(guests, now: now) {
                    evict(&guests, index)
                }
                TCPListener.configure(client)
                guests.append(Guest(fd: client, arrived: now, parser: HTTPRequestParser(limits: httpLimits)))
            }
        }
    }

    /// Closes the guest at `index` to make room, its bytes leaving the budget.
    private func evict(_ guests: inout [Guest], _ index: Int) {
        let guest = guests.remove(at: index)
        close(guest.fd)
        account?.release(guest.bytes.count, for: .input)
    }

    /// Ends a guest whose time is up. One the budget held is answered 503, one that had begun a
    /// request 408, and is then drained like every refusal (closing with its input unread would
    /// reset the connection, and the client could lose the answer); one that sent nothing, or
    /// whose draining is over, is closed and marked `closed`.
    private func expire(_ guest: inout Guest, now: ContinuousClock.Instant) {
        if let closingBy = guest.closingBy {
            guard now >= closingBy else { return }
        } else {
            guard now >= guest.arrived + limits.deadline else { return }
            guest.heldUntil = nil
            if guest.held {
                answer(&guest, HTTPResponse.text(503, "The server is busy: its memory budget had no room for this connection in time. Try again."),
                       includeBody: true)
                return
            }
            if !guest.bytes.isEmpty {
                answer(&guest, HTTPResponse.text(408, "The request head took too long to arrive."), includeBody: true)
                return
            }
        }
        close(guest.fd)
        guest.closed = true
    }

    /// The index of the connection to drop for a newcomer: one already answered, else the
    /// longest-waiting once it has waited `grace`.
    private func evictable(_ guests: [Guest], now: ContinuousClock.Instant) -> Int? {
        if let answered = guests.firstIndex(where: { $0.closingBy != nil }) { return answered }
        guard let oldest = guests.first, now >= oldest.arrived + limits.grace else { return nil }
        return 0
    }

    /// Reads what a guest sent, once the memory budget has room for it, and acts on a whole first
    /// request; a guest the budget has no room for now is held (`holdRetry`).
    private func read(_ guest: inout Guest, chunk: UnsafeMutablePointer<UInt8>, now: ContinuousClock.Instant) -> Outcome {
        // What waits is looked at, not taken, until the budget grants it; what is taken is kept.
        let keeping = guest.closingBy == nil ? account : nil
        var granted = 0
        if let keeping {
            let waiting = recv(guest.fd, chunk, 16 << 10, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK))
            if waiting > 0 {
                guard keeping.tryReserve(waiting, for: .input) else {
                    guest.heldUntil = now + Self.holdRetry
                    guest.held = true
                    return .waiting
                }
                granted = waiting
            }
        }
        let n = recv(guest.fd, chunk, granted > 0 ? granted : 16 << 10, Int32(MSG_DONTWAIT))
        if let keeping, granted > max(n, 0) { keeping.release(granted - max(n, 0), for: .input) }
        if n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { return .waiting }
        guard n > 0 else {
            close(guest.fd)
            return .gone
        }
        if guest.closingBy != nil {
            guest.discarded += n
            if guest.discarded < Self.maxDiscard { return .waiting }
            close(guest.fd)
            return .gone
        }
        // Bytes that came between the look and the read: kept if the budget grants them too.
        if let keeping, n > granted, !keeping.tryReserve(n - granted, for: .input) {
            keeping.release(granted, for: .input)
            answer(&guest, HTTPResponse.text(503, "The server is busy: its memory budget has no room for this connection now. Try again."),
                   includeBody: true)
            return .waiting
        }
        guest.bytes.append(contentsOf: UnsafeBufferPointer(start: chunk, count: n))
        switch guest.parser.parse(guest.bytes) {
        case .incomplete:
            return .waiting
        case .failure(let status, let message):
            answer(&guest, HTTPResponse.text(status, message), includeBody: true)
        case .request(let request, _):
            if let refusal = screen(request) {
                answer(&guest, refusal, includeBody: request.method != "HEAD")
                return .waiting
            }
            let admitted = active.withLock { count -> Bool in
                guard count < maxConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                if let busy { send(guest.fd, busy) }
                shutdown(guest.fd, Int32(SHUT_WR))
                guest.closingBy = .now + Self.linger
                return .waiting
            }
            let stream = SocketStream(fd: guest.fd, onClose: { [active] in active.withLock { $0 -= 1 } })
            let bytes = guest.bytes
            let worker = Thread { [admit] in admit(stream, bytes) }
            worker.name = "http-connection"
            worker.stackSize = 512 << 10
            worker.start()
            return .admitted
        }
        return .waiting
    }

    /// Sends `response` (closing), stops sending, and drains the connection until it closes.
    private func answer(_ guest: inout Guest, _ response: HTTPResponse, includeBody: Bool) {
        var response = response
        response.headers.append(("Connection", "close"))
        send(guest.fd, response.serialized(includeBody: includeBody))
        shutdown(guest.fd, Int32(SHUT_WR))
        guest.closingBy = .now + Self.linger
    }

    /// Sends what the socket takes without waiting: answers here are small, and a client that
    /// does not read them gets what fit.
    private func send(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc_send(fd, buffer.baseAddress! + offset, buffer.count - offset, Self.sendFlags)
                if n > 0 { offset += n; continue }
                if n < 0 && errno == EINTR { continue }
                return
            }
        }
    }

    /// Milliseconds from now until `instant`, at least 1 (poll's timeout).
    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = instant - ContinuousClock.now
        guard left > .zero else { return 0 }
        let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(1, ms + 1))
    }

    #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
    #else
    private static let sendFlags = Int32(MSG_DONTWAIT)
    #endif
}

/// `send(2)`, named apart from the method.
private func Glibc_send(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int { send(fd, buffer, count, flags) }
