import Foundation

/// The frames arriving on a connection, in order, as an async sequence that ends at end of input.
///
/// With a read-ahead `Watermark`, a producer thread that gets ahead of the consumer blocks once
/// its high watermark of frames (or of bytes, `ServerLimits.readAheadBytes`) wait (backpressure
/// for the file-descriptor reader), until the consumer has taken both down to their low
/// watermarks (woken once then, not once per frame); without one, the buffer grows (in-memory
/// connections).
/// Iterate it once.
public final class IncomingFrames: AsyncSequence, @unchecked Sendable {
    /// Each element is a message body or a framing error.
    public typealias Element = FrameEvent

    private let condition = NSCondition()
    /// How many frames a producer may get ahead of the consumer (nil: unbounded).
    private let readAhead: Watermark?
    /// The frames waiting, each with its cost (`cost(of:)`, worked out once, when it came).
    private var buffer = WaitingLine<(event: FrameEvent, cost: Int)>()
    private var bufferedBytes = 0
    /// What the buffered frames cost in the budget (`cost(of:)` each).
    private var bufferedCost = 0
    /// What the frame the consumer took last costs: counted until it asks for the next one
    /// (until then it holds the message and what was parsed from it).
    private var inHand = 0
    private static let bytesReadAhead = ServerLimits.readAheadBytes
    private var waiter: CheckedContinuation<FrameEvent?, Never>?
    /// Whether the producer waits for room.
    private var producerWaits = false
    private var finished = false
    private var stopped = false
    /// Writers of an in-memory connection waiting for the consumer to take frames.
    private var roomWaiters: [(limit: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var stopHandlers: [@Sendable () -> Void] = []
    /// Called once when the producer sees the end coming: the end of input, or an `exit`
    /// notification not preceded by `shutdown` (true), before the consumer has read it.
    private var endingHandler: (@Sendable (_ exit: Bool) -> Void)?
    /// Whether a `shutdown` request has come (its `exit` then waits its turn).
    private var shutdownSeen = false

    /// Where waiting messages, and the one the consumer holds, are counted (`MemoryBudget.Use.queued`).
    private let account: MemoryAccount?

    /// A queue; `readAhead` bounds how many frames a producer may get ahead (nil: unbounded);
    /// waiting messages are charged to `account`.
    init(readAhead: Watermark? = nil, account: MemoryAccount? = nil) {
        self.readAhead = readAhead
        self.account = account
    }

    /// Adds frames; may block the calling thread while the buffer is full. Returns false once
    /// the consumer has stopped listening.
    @discardableResult
    func push(_ events: [FrameEvent]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        for event in events {
            if let readAhead, mustStop(readAhead) {
                producerWaits = true
                while !stopped && buffer.count > 0 && !mayResume(readAhead) { condition.wait() }
                producerWaits = false
            }
            if stopped || finished { return false }
            if let ending = endingHandler, case .message(let bytes) = event, bytes.count <= 256, isExit(bytes) {
                endingHandler = nil
                condition.unlock()
                ending(true)
                condition.lock()
                if stopped || finished { return false }
            }
            let cost = Self.cost(of: event)
            account?.charge(cost, for: .queued)
            if let waiter {
                self.waiter = nil
                inHand = cost
                waiter.resume(returning: event)
            } else {
                buffer.append((event, cost))
                bufferedBytes += Self.size(of: event)
                bufferedCost += cost
            }
        }
        return !stopped
    }

    /// With the lock held: whether the producer must wait (frames or bytes at their high watermark).
    private func mustStop(_ readAhead: Watermark) -> Bool {
        readAhead.mustStop(at: buffer.count) || Self.bytesReadAhead.mustStop(at: bufferedBytes)
    }

    /// With the lock held: whether a waiting producer may go on (frames and bytes at their low watermark).
    private func mayResume(_ readAhead: Watermark) -> Bool {
        readAhead.mayResume(at: buffer.count) && Self.bytesReadAhead.mayResume(at: bufferedBytes)
    }

    /// Marks the end of input: the sequence ends once the buffered frames are taken.
    func finish() {
        condition.lock()
        finished = true
        let waiter = self.waiter
        self.waiter = nil
        let ending = endingHandler
        endingHandler = nil
        condition.unlock()
        ending?(false)
        waiter?.resume(returning: nil)
    }

    /// The method names looked for, each with the place of a byte rare in requests (`contains`).
    private static let exitName = (bytes: Array("\"exit\"".utf8), pivot: 2), shutdownName = (bytes: Array("\"shutdown\"".utf8), pivot: 7)

    /// Whether `bytes` holds `needle` (not empty): the C library's `memchr` finds its byte at
    /// `pivot` (one rare in requests: looking for the first byte, a quote, and comparing at each
    /// cost 1 % of a pipelined render), `memcmp` compares the rest.
    private static func contains(_ bytes: [UInt8], _ needle: [UInt8], pivot: Int) -> Bool {
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
                // The pivot of every place the needle could start.
                var offset = pivot
                let end = haystack.count - needle.count + pivot + 1
                while offset < end, let hit = memchr(base + offset, Int32(needle[pivot]), end - offset) {
                    if memcmp(hit - pivot, needle.baseAddress!, needle.count) == 0 { return true }
                    offset = UnsafeRawPointer(hit) - base + 1
                }
                return false
            }
        }
    }

    /// Calls `handler` once, on the producer's thread, when it sees the end coming before the
    /// consumer does: the end of input (false), or an `exit` notification with no `shutdown`
    /// before it (true).
    func whenEnding(_ handler: @escaping @Sendable (_ exit: Bool) -> Void) {
        condition.lock()
        let ended = finished
        if !ended { endingHandler = handler }
        condition.unlock()
        if ended { handler(false) }
    }

    /// With the lock held: whether `bytes` (a short message) is an `exit` notification that ends
    /// the session at once; notes a `shutdown` request on the way.
    private func isExit(_ bytes: [UInt8]) -> Bool {
        // Most messages name neither: a byte search spares them the parse.
        guard Self.contains(bytes, Self.exitName.bytes, pivot: Self.exitName.pivot)
                || Self.contains(bytes, Self.shutdownName.bytes, pivot: Self.shutdownName.pivot),
              let json = try? JSONParser.parse(bytes), case .string(let method)? = json["method"] else { return false }
        if method == "shutdown" { shutdownSeen = true }
        return method == "exit" && json["id"] == nil && !shutdownSeen
    }

    /// The consumer is done: drops buffered frames and releases a blocked producer.
    func stop() {
        condition.lock()
        let first = !stopped
        stopped = true
        finished = true
        buffer = WaitingLine()
        account?.release(bufferedCost + inHand, for: .queued)
        bufferedBytes = 0
        bufferedCost = 0
        inHand = 0
        let waiter = self.waiter
        self.waiter = nil
        let rooms = roomWaiters.map(\.continuation)
        roomWaiters = []
        let handlers = first ? stopHandlers : []
        stopHandlers = []
        condition.broadcast()
        condition.unlock()
        waiter?.resume(returning: nil)
        for room in rooms { room.resume() }
        for handler in handlers { handler() }
    }

    /// Calls `handler` once when the consumer stops listening (at once if it has).
    public func whenStopped(_ handler: @escaping @Sendable () -> Void) {
        condition.lock()
        let now = stopped
        if !now { stopHandlers.append(handler) }
        condition.unlock()
        if now { handler() }
    }

    /// Whether a frame waits to be taken now (`next()` would not suspend for it).
    var hasBuffered: Bool {
        condition.lock()
        defer { condition.unlock() }
        return buffer.count > 0
    }

    /// Bytes of messages waiting for the consumer.
    var bufferedByteCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return bufferedBytes
    }

    /// Returns once at most `limit` bytes of messages wait for the consumer (or it stopped).
    func waitForRoom(limit: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if bufferedBytes <= limit || stopped {
                condition.unlock()
                continuation.resume()
            } else {
                roomWaiters.append((limit, continuation))
                condition.unlock()
            }
        }
    }

    /// The next frame, waiting for one; `nil` at end of input. A frame already buffered is
    /// returned without suspending (a continuation would send the consumer through the
    /// executor's queue once per frame).
    func next() async -> FrameEvent? {
        doneWithLast()
        if let event = takeBufferedNow() { return event }
        return await withCheckedContinuation { continuation in
            condition.lock()
            if let event = takeBuffered() {
                condition.unlock()
                continuation.resume(returning: event)
            } else if finished {
                condition.unlock()
                continuation.resume(returning: nil)
            } else {
                waiter = continuation
                condition.unlock()
            }
        }
    }

    /// Takes the oldest buffered frame, if any.
    private func takeBufferedNow() -> FrameEvent? {
        condition.lock()
        defer { condition.unlock() }
        return takeBuffered()
    }

    /// With the lock held: takes the oldest buffered frame, if any, waking a waiting producer
    /// once the buffer is down to its low watermark.
    private func takeBuffered() -> FrameEvent? {
        guard buffer.count > 0 else { return nil }
        let (event, cost) = buffer.remove(at: 0)
        bufferedBytes -= Self.size(of: event)
        inHand = cost
        bufferedCost -= cost
        if producerWaits, let readAhead, mayResume(readAhead) { condition.signal() }
        if !roomWaiters.isEmpty {
            let pending = bufferedBytes
            let ready = roomWaiters.filter { $0.limit >= pending }.map(\.continuation)
            roomWaiters.removeAll { $0.limit >= pending }
            // Resuming only schedules the waiting task; it does not run under the lock.
            for room in ready { room.resume() }
        }
        return event
    }

    private static func size(of event: FrameEvent) -> Int {
        if case .message(let bytes) = event { return bytes.count }
        return 0
    }

    /// What a frame costs while it waits and is handled: its bytes and what parsing them makes.
    private static func cost(of event: FrameEvent) -> Int {
        if case .message(let bytes) = event { return JSONParser.parseCost(of: bytes) + bytes.count }
        return 0
    }

    /// The consumer is done with the frame it took last: its cost leaves the budget.
    private func doneWithLast() {
        condition.lock()
        let cost = inHand
        inHand = 0
        condition.unlock()
        if cost > 0 { account?.release(cost, for: .queued) }
    }

    /// Iterates the frames.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let frames: IncomingFrames

        /// The next frame, or `nil` at end of input.
        public mutating func next() async -> FrameEvent? { await frames.next() }
    }

    /// An iterator over the frames.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(frames: self) }
}
