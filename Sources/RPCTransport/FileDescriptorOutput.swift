import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a file descriptor from a dedicated thread, so handlers never block on a slow
/// reader. Chunks are written whole and in order (several queued chunks may share one
/// `write(2)`). A chunk for a pipe, with nothing queued and nothing being written, is written at
/// once by the caller instead, as far as the pipe takes it without waiting (the rest goes to the
/// writer thread): no wake-up of the writer thread per answer, and the caller never waits for
/// the client. While the reading loop holds the output (`hold()`), chunks are joined into one
/// buffer, written as one chunk on `release()` (or every `joinLimit` bytes): answers ready
/// together share one `write(2)`. SIGPIPE is ignored process-wide; on EPIPE (or any write
/// error) the output is marked broken, logged once, its `whenBroken` handlers run, and later
/// chunks are dropped.
final class FileDescriptorOutput: DiscardingOutput, @unchecked Sendable {
    private let fd: Int32
    private let closeDescriptor: Bool
    private let log: TransportLog
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    /// Bytes of `queue[0]` already written (straight from `write`): the rest waits in place,
    /// not copied (a 30 MB answer would otherwise be held twice).
    private var headWritten = 0
    private var writing = false
    private var closing = false
    private var broken = false
    private var flushWaiters: [CheckedContinuation<Void, Never>] = []
    /// Bytes queued or being written.
    private var queuedBytes = 0
    private var roomWaiters: [(limit: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var brokenHandlers: [@Sendable () -> Void] = []
    /// Whether `fd` is a pipe, which chunks may be written to straight from `write`.
    private let isPipe: Bool
    /// The pipe opened again, apart, to write without waiting (Linux: `/proc/self/fd`; its own
    /// open file, so the flag does not change the one the process shares); -1 where it cannot
    /// be, and then only chunks of up to `PIPE_BUF` go straight, when `poll` finds room. The
    /// pipe's free room cannot be told from its unread bytes: it is kept in pages, and a page
    /// partly read or written takes a whole one (12 KB "free" took 409 bytes).
    private let nonBlocking: Int32
    /// The largest chunk written straight from `write` where the pipe cannot be written without waiting.
    private static let directLimit = ServerLimits.directWriteBytes
    /// Whether chunks are joined in `joined` until `release()`.
    private var holding = false
    /// Chunks written while held, in order, not yet counted as queued.
    private var joined: [UInt8] = []
    /// The storage of joined chunks once written, emptied, for the next ones: a new buffer for
    /// each write (past 64 KiB, `mmap`ed, faulted in page by page, unmapped) cost a pipelined
    /// render about 4 % of its time. Kept for a pipe only (standard output: one a process),
    /// never a socket's, so what a web connection holds stays what the budget counts for it.
    private var spare: [UInt8] = []
    /// Joined bytes past this are written at once, held or not.
    static let joinLimit = ServerLimits.joinedWriteBytes
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
        #if os(Linux)
        nonBlocking = isPipe ? open("/proc/self/fd/\(fd)", O_WRONLY | O_NONBLOCK | O_CLOEXEC) : -1
        #else
        nonBlocking = -1
        #endif
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
        if holding && bytes.count < Self.joinLimit {
            joined.append(contentsOf: bytes)
            if joined.count >= Self.joinLimit { writeJoinedAndUnlock() } else { condition.unlock() }
            return
        }
        if holding && !joined.isEmpty {
            // A big chunk is not copied into the joined buffer: it goes as it is, after it.
            writeJoinedAndUnlock()
            condition.lock()
            guard !closing && !broken else {
                condition.unlock()
                return
            }
        }
        writeAndUnlock(bytes)
    }

    func hold() {
        condition.lock()
        holding = true
        condition.unlock()
    }

    func release() {
        condition.lock()
        holding = false
        if joined.isEmpty || closing || broken {
            joined.removeAll()
            condition.unlock()
            return
        }
        writeJoinedAndUnlock()
    }

    /// With the lock held: writes the joined chunks as one, then lets go of the lock. The
    /// joining goes on in the spare storage (big chunks never enter it, so it stays about the
    /// joining size); the written buffer becomes the spare.
    private func writeJoinedAndUnlock() {
        var bytes = spare
        spare = []
        swap(&bytes, &joined)
        writeAndUnlock(bytes)
    }

    /// How many written buffers were kept to join into again (for tests).
    var reusedBuffers: Int {
        condition.lock()
        defer { condition.unlock() }
        return reused
    }
    private var reused = 0

    /// With the lock held: keeps `buffer`'s storage, emptied, for a pipe's joining (no more than
    /// a joining takes): the joining goes on in the bigger storage, the other is the spare.
    private func keepAsSpare(_ buffer: inout [UInt8]) {
        guard isPipe, buffer.capacity >= Self.joinLimit, buffer.capacity <= 4 * Self.joinLimit else { return }
        let before = buffer.capacity
        buffer.removeAll(keepingCapacity: true)
        if joined.isEmpty && buffer.capacity > joined.capacity { swap(&joined, &buffer) }
        if buffer.capacity > spare.capacity { swap(&spare, &buffer) }
        if buffer.capacity != before { reused += 1 }
    }

    /// With the lock held: writes `bytes` at once, as far as the pipe takes them without waiting,
    /// when nothing is ahead of them, and queues the rest for the writer thread; lets go of the lock.
    private func writeAndUnlock(_ bytes: consuming [UInt8]) {
        let count = bytes.count
        queuedBytes += count
        if isPipe && queue.isEmpty && !writing && (nonBlocking >= 0 || count <= Self.directLimit && pollsWritable()) {
            writing = true
            condition.unlock()
            var written = count
            if nonBlocking >= 0 { written = writeWithoutWaiting(bytes) } else { writeAll(bytes) }
            condition.lock()
            if written < count && !closing && !broken {
                // First in line: nothing else is written while `writing`.
                account?.charge(count - written, for: .output)
                queue.insert(bytes, at: 0)
                headWritten = written
            } else if written > 0 {
                keepAsSpare(&bytes)
            }
            let waiters = wroteQueued(written < count && (closing || broken) ? count : written)
            if !queue.isEmpty || closing { condition.signal() }
            condition.unlock()
            for waiter in waiters { waiter.resume() }
            return
        }
        // Charged before the writer thread can see it (and release it).
        account?.charge(bytes.count, for: .output)
        queue.append(bytes)
        condition.signal()
        condition.unlock()
    }

    /// Whether the pipe takes `PIPE_BUF` bytes now without waiting (`poll`).
    private func pollsWritable() -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&pfd, 1, 0) == 1 && pfd.revents & Int16(POLLOUT) != 0
    }

    /// Writes what the pipe takes of `bytes` now, through `nonBlocking`; how many it took (a
    /// failure is left to the writer thread, which meets it again and reports it).
    private func writeWithoutWaiting(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(nonBlocking, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 { offset += n; continue }
                if n < 0 && errno == EINTR { continue }
                break
            }
            return offset
        }
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
        release()
        await flush()
        stopThread()
    }

    func discard() {
        condition.lock()
        closing = true
        let dropped = dropQueue()
        joined.removeAll()
        queuedBytes -= dropped
        let waiters = flushWaiters + roomWaiters.map(\.continuation)
        flushWaiters = []
        roomWaiters = []
        condition.signal()
        condition.unlock()
        account?.release(dropped, for: .output)
        for waiter in waiters { waiter.resume() }
    }

    /// With the lock held: empties the queue and returns the bytes it held not yet written.
    private func dropQueue() -> Int {
        defer { queue.removeAll(); headWritten = 0 }
        return queue.reduce(0) { $0 + $1.count } - headWritten
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
            var chunks = queue
            let skip = headWritten
            queue.removeAll(keepingCapacity: true)
            headWritten = 0
            writing = true
            condition.unlock()

            let written = chunks.reduce(0) { $0 + $1.count } - skip
            if chunks.count == 1 || chunks.contains(where: { $0.count >= Self.joinLimit }) {
                // A big chunk is written as it is, not copied into a joining.
                for (i, chunk) in chunks.enumerated() { writeAll(chunk, from: i == 0 ? skip : 0) }
            } else {
                // One write for all waiting messages, copied a chunk at a time (a `joined()`
                // sequence copies byte by byte: 4 % of a pipelined render's time).
                var all: [UInt8] = []
                all.reserveCapacity(written)
                for (i, chunk) in chunks.enumerated() { all.append(contentsOf: chunk[(i == 0 ? skip : 0)...]) }
                writeAll(all)
            }

            condition.lock()
            // The biggest written chunk a joining could have made is kept to join into again.
            var biggest = -1
            for i in chunks.indices where chunks[i].capacity <= 4 * Self.joinLimit && (biggest < 0 || chunks[i].capacity > chunks[biggest].capacity) { biggest = i }
            if biggest >= 0 { keepAsSpare(&chunks[biggest]) }
            let waiters = wroteQueued(written)
            condition.unlock()
            account?.release(written, for: .output)
            for waiter in waiters { waiter.resume() }
        }
        if nonBlocking >= 0 { _ = systemClose(nonBlocking) }
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

    /// Writes `bytes` from `start` on, waiting for the pipe as long as it takes (the writer thread).
    private func writeAll(_ bytes: [UInt8], from start: Int = 0) {
        condition.lock()
        let isBroken = broken
        condition.unlock()
        if isBroken { return }
        bytes.withUnsafeBytes { buffer in
            var offset = start
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
                let dropped = dropQueue()
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
