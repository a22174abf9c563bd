import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted TCP connection: reads with a deadline, whole writes, and a close that happens
/// once (and tells the listener a connection slot is free).
public final class SocketStream: @unchecked Sendable {
    /// The socket's file descriptor.
    public let fd: Int32
    private let closed = Locked(false)
    private let onClose: @Sendable () -> Void

    /// What a read gave.
    public enum ReadResult: Sendable, Equatable {
        /// This many bytes were read.
        case bytes(Int)
        /// The peer closed its side (or the connection broke).
        case end
        /// Nothing arrived before the deadline.
        case timeout
    }

    /// Wraps an accepted descriptor; `onClose` runs once when it is closed.
    init(fd: Int32, onClose: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.onClose = onClose
    }

    /// Reads up to `capacity` bytes into `buffer`, waiting at most until `deadline` (nil: forever).
    public func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int, deadline: ContinuousClock.Instant?) -> ReadResult {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                if left <= .zero { return .timeout }
                let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                timeout = Int32(clamping: max(1, ms))
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .end
            }
            if ready == 0 { continue } // the deadline check above decides
            let n = Glibc_read(fd, buffer, capacity)
            if n > 0 { return .bytes(n) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return .end
        }
    }

    /// Writes all of `bytes` (blocking; a peer that stops reading for the send timeout breaks
    /// the connection). False when the connection is broken.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Self.sendFlags)
                if n > 0 { offset += n; continue }
                if n < 0 && errno == EINTR { continue }
                return false
            }
            return true
        }
    }

    /// Stops further sends (the peer reads end of stream after what was sent).
    public func shutdownWrite() { _ = shutdown(fd, Int32(SHUT_WR)) }

    /// Stops receiving: a read waiting for the peer returns the end at once.
    public func shutdownRead() { _ = shutdown(fd, Int32(SHUT_RD)) }

    /// Stops sending and receiving: a write blocked on a peer that does not read fails at once.
    public func shutdownBoth() { _ = shutdown(fd, Int32(SHUT_RDWR)) }

    /// Whether the peer closed or reset the connection (checked without reading anything), for a
    /// reader that is holding off reading.
    public func peerHungUp() -> Bool {
        let peerClosed: Int16 = 0x2000  // Linux's POLLRDHUP (left out of the Glibc module)
        var pfd = pollfd(fd: fd, events: peerClosed, revents: 0)
        guard poll(&pfd, 1, 0) == 1 else { return false }
        return pfd.revents & (peerClosed | Int16(POLLHUP) | Int16(POLLERR)) != 0
    }

    /// Closes after a response: stops sending, discards what the peer still sends for up to
    /// `linger` (so the peer reads the response rather than a reset: closing with unread bytes
    /// resets the connection), then closes. Discarding keeps nothing: the time bounds it.
    public func closeGracefully(linger: Duration = .seconds(1)) {
        shutdownWrite()
        let deadline = ContinuousClock.now + linger
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 1024)
        defer { scratch.deallocate() }
        while case .bytes = read(into: scratch, capacity: 64 * 1024, deadline: deadline) {}
        close()
    }

    /// Closes the descriptor (once) and frees the listener's slot.
    public func close() {
        let first = closed.withLock { closed -> Bool in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        _ = Glibc_close(fd)
        onClose()
    }

    #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0
    #endif
}

/// `read(2)` and `close(2)`, named apart from the methods.
private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int { read(fd, buffer, count) }
private func Glibc_close(_ fd: Int32) -> Int32 { close(fd) }
