import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a file descriptor from a dedicated thread, so handlers never block on a slow
/// reader. Chunks are written whole and in order (several queued chunks may share one
/// `write(2)`). A small chunk for a pipe with room, nothing queued and nothing being written,
/// is written at once by the caller instead (a pipe takes up to `PIPE_BUF` bytes without
/// blocking when `poll` finds room): no wake-up of the writer thread per answer. SIGPIPE is ignored process-wide; on EPIPE (or any write error) the output is
/// marked broken, logged once, its `whenBroken` handlers run, and later chunks are dropped.
final class FileDescriptorOutput: ByteOutput, @unchecked Sendable {
    private let fd: Int32
    private let closeDescriptor: Bool
    private let log: TransportLog
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var writing = false
    private var closing = false
    private var broken = false
    private var flushWaiters: [CheckedContinuation<Void, Never>] = []
    /// Bytes queued or being written.
    private var queuedBytes = 0
    private var roomWaiters: [(limit: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var brokenHandlers: [@Sendable () -> Void] = []
    /// Whether `fd` is a pipe, which small chunks may be written to straight from `write`.
    private let isPipe: Bool
    /// The largest chunk written straight from `write` (POSIX's `PIPE_BUF`).
    private static let directLimit = 4096
    /// Where queued chunks are counted (`MemoryBudget.Use.output`), from queueing to written.
    private let account: MemoryAccount?

    /// Starts the writer thread for `fd`; `closeDescriptor` closes it on `close()`; queued bytes
    /// are charged to `account`.
    init(fd: Int32, closeDescriptor: Bool, log: TransportLog, account: MemoryAccount? = nil) {
        self.fd = fd
        self.closeDescriptor = closeDescriptor
        self.log = log
        self.account = account
        var info = stat()
        isPipe = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
        signal(SIGPIPE, SIG_IGN)
        let thread = Thread { [self] in self.run() }
        thread.name = "rpc-writer"
        thread.start()
    }

    func write(_ bytes: [UInt8]) {
        condition.lock()
        guard !closing && !broken else {
            condition.unlock()
            return
        }
        queuedBytes += bytes.count
        if isPipe && bytes.count <= Self.directLimit && queue.isEmpty && !writing {
            writing = true
            condition.unlock()
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&pfd, 1, 0) == 1 && pfd.revents & Int16(POLLOUT) != 0 {
                writeAll(bytes)
                condition.lock()
                let waiters = wroteQueued(bytes.count)
                if !queue.isEmpty || closing { condition.signal() }
                condition.unlock()
                for waiter in waiters { waiter.resume() }
                return
            }
            condition.lock()
            writing = false
        }
        // Charged before the writer thread can see it (and release it).
        account?.charge(bytes.count, for: .output)
        queue.append(bytes)
        condition.signal()
        condition.unlock()
    }

    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if queue.isEmpty && !writing {
                condition.unlock()
                continuation.resume()
            } else {
                flushWaiters.append(continuation)
                condition.unlock()
            }
        }
    }

    func waitForRoom(limit: Int) async {
        if hasRoom(limit) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if queuedBytes <= limit || broken || closing {
                condition.unlock()
                continuation.resume()
            } else {
                roomWaiters.append((limit, continuation))
                condition.unlock()
            }
        }
    }

    var pendingBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return queuedBytes
    }

    func whenBroken(_ handler: @escaping @Sendable () -> Void) {
        condition.lock()
        let isBroken = broken
        if !isBroken { brokenHandlers.append(handler) }
        condition.unlock()
        if isBroken { handler() }
    }

    private func hasRoom(_ limit: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return queuedBytes <= limit || broken || closing
    }

    func close() async {
        await flush()
        stopThread()
    }

    private func stopThread() {
        condition.lock()
        closing = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !closing || writing { condition.wait() }
            if queue.isEmpty && closing {
                condition.unlock()
                break
            }
            let chunks = queue
            queue.removeAll(keepingCapacity: true)
            writing = true
            condition.unlock()

            if chunks.count == 1 {
                writeAll(chunks[0])
            } else {
                // One write for all waiting messages, copied a chunk at a time (a `joined()`
                // sequence copies byte by byte: 4 % of a pipelined render's time).
                var all: [UInt8] = []
                all.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
                for chunk in chunks { all.append(contentsOf: chunk) }
                writeAll(all)
            }

            condition.lock()
            let written = chunks.reduce(0) { $0 + $1.count }
            let waiters = wroteQueued(written)
            condition.unlock()
            account?.release(written, for: .output)
            for waiter in waiters { waiter.resume() }
        }
        if closeDescriptor { _ = systemClose(fd) }
    }

    /// With the lock held: `count` queued bytes were written (or dropped); returns the flush
    /// and room waiters to resume once the lock is let go.
    private func wroteQueued(_ count: Int) -> [CheckedContinuation<Void, Never>] {
        writing = false
        queuedBytes -= count
        if broken { queuedBytes = 0 }
        var waiters: [CheckedContinuation<Void, Never>] = []
        if queue.isEmpty && !flushWaiters.isEmpty {
            waiters = flushWaiters
            flushWaiters = []
        }
        if !roomWaiters.isEmpty {
            let pending = queuedBytes
            waiters += roomWaiters.filter { $0.limit >= pending }.map(\.continuation)
            roomWaiters.removeAll { $0.limit >= pending }
        }
        return waiters
    }

    private func writeAll(_ bytes: [UInt8]) {
        condition.lock()
        let isBroken = broken
        condition.unlock()
        if isBroken { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n >= 0 {
                    offset += n
                    continue
                }
                let error = errno
                if error == EINTR { continue }
                if error == EAGAIN || error == EWOULDBLOCK {
                    var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&pfd, 1, -1)
                    continue
                }
                condition.lock()
                broken = true
                let dropped = queue.reduce(0) { $0 + $1.count }
                queue.removeAll()
                let handlers = brokenHandlers
                brokenHandlers = []
                condition.unlock()
                account?.release(dropped, for: .output)
                log(error == EPIPE ? "output closed by the client (EPIPE); stopping"
                                   : "write failed (errno \(error)); stopping")
                for handler in handlers { handler() }
                return
            }
        }
    }
}

/// `write(2)`, named apart from `ByteOutput.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// `close(2)`, named apart from `ByteOutput.close`.
private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
