import Foundation
import Testing
@testable import RPC

/// protocol.md, "Execution model" — one memory budget for the whole process: charges that fit are
/// granted, kept pictures give way, of the sessions over their fair share the greediest is closed
/// first, else the asker waits; a session that reads promptly and holds no more than its share is
/// never closed; closing forgets the holder's bytes.
@Suite struct MemoryBudgetTests {
    @Test func chargesThatFitAreGrantedAndCountedTogether() {
        let budget = MemoryBudget(limit: 1000)
        let a = budget.account("a"), b = budget.account("b")
        #expect(a.tryReserve(400, for: .work))
        b.charge(300, for: .output)
        #expect(budget.total == 700 && a.held() == 400 && b.held(for: .output) == 300)
        a.release(400, for: .work)
        #expect(budget.total == 300)
        b.close()
        #expect(budget.total == 0 && !b.isOpen)
    }

    @Test func keptPicturesGiveWayWithoutClosingAnyone() {
        let budget = MemoryBudget(limit: 1000)
        let closed = Locked(false)
        let client = budget.account("client", close: { closed.withLock { $0 = true } })
        client.charge(900, for: .output)
        let pictures = budget.account("pictures")
        #expect(!pictures.tryReserve(200, for: .kept))
        #expect(!closed.current && budget.total == 900)
    }

    /// A budget of `limit` with a fair-share floor of 10 bytes, whose clock is `now`.
    static func fair(_ limit: Int, stall: Duration = .seconds(1), now: Locked<Duration>) -> MemoryBudget {
        MemoryBudget(limit: limit, policy: FairShare(floor: 10, stall: stall), clock: { now.current })
    }

    @Test func theGreediestOverItsShareIsClosedFirst() {
        let now = Locked(Duration.zero)
        let budget = Self.fair(1000, now: now)
        let closed = Locked<[String]>([])
        func account(_ name: String) -> MemoryAccount { budget.account(name, close: { closed.withLock { $0.append(name) } }) }
        let small = account("small"), greedy = account("greedy"), middle = account("middle"), asker = account("asker")
        small.charge(100, for: .input)
        greedy.charge(500, for: .output)
        middle.charge(300, for: .input)
        now.withLock { $0 = .seconds(2) }  // no one has taken output for 2 s
        // Four sessions: a share of 250 each; greedy (500) and middle (300) are over theirs.
        #expect(!asker.tryReserve(200, for: .input), "waits for the greediest's memory to be freed")
        #expect(closed.current == ["greedy"] && !greedy.isOpen && budget.total == 900)
        #expect(!asker.tryReserve(200, for: .input) && closed.current == ["greedy"], "no one else is closed meanwhile")
        greedy.close()  // its session has ended: the memory is free
        #expect(asker.tryReserve(200, for: .input) && budget.total == 600)
        // Running work frees itself: it does not make its holder greedy.
        let worker = account("worker")
        worker.charge(350, for: .work)
        #expect(!small.tryReserve(100, for: .input))
        #expect(closed.current == ["greedy", "middle"], "the worker's 350 bytes of work are not what it owes")
    }

    @Test func aClientThatReadsPromptlyIsNotClosedForTheAnswerItIsBeingSent() {
        let now = Locked(Duration.zero)
        let budget = Self.fair(1000, now: now)
        let closed = Locked<[String]>([])
        func account(_ name: String) -> MemoryAccount { budget.account(name, close: { closed.withLock { $0.append(name) } }) }
        let reader = account("reader"), hog = account("hog"), asker = account("asker")
        reader.charge(600, for: .output)  // a big answer on its way
        hog.charge(300, for: .output)
        now.withLock { $0 = .seconds(2) }
        reader.release(100, for: .output)  // the reader has just taken some
        // Three sessions, a share of 333: the reader holds more, the hog less; neither is closed.
        #expect(!asker.tryReserve(300, for: .work))
        #expect(closed.current.isEmpty)
        // Once the reader's output stands still past the stall, it counts as not reading.
        now.withLock { $0 = .seconds(4) }
        #expect(!asker.tryReserve(300, for: .work))
        #expect(closed.current == ["reader"])
        reader.close()
        #expect(asker.tryReserve(300, for: .work))
    }

    @Test func noOneWithinTheirShareIsClosedTheAskerWaits() {
        let now = Locked(Duration.zero)
        let budget = Self.fair(1000, stall: .zero, now: now)
        let closed = Locked(false)
        let holders = (0..<4).map { _ in budget.account("h", close: { closed.withLock { $0 = true } }) }
        for holder in holders { holder.charge(240, for: .output) }
        #expect(!holders[0].tryReserve(100, for: .work))
        #expect(!closed.current && budget.total == 960)
    }

    @Test func anAskerOverItsShareIsClosedItself() {
        let now = Locked(Duration.zero)
        let budget = Self.fair(1000, stall: .zero, now: now)
        let closed = Locked<[String]>([])
        let prompt = budget.account("prompt", close: { closed.withLock { $0.append("prompt") } })
        let hog = budget.account("hog", close: { closed.withLock { $0.append("hog") } })
        prompt.charge(100, for: .work)
        hog.charge(850, for: .input)  // an unfinished message, more than its share of 500
        #expect(!hog.tryReserve(100, for: .input))
        #expect(closed.current == ["hog"] && !hog.isOpen && prompt.isOpen && budget.total == 950)
        hog.release(850, for: .input)  // its reader lets go of the message
        #expect(budget.total == 100)
    }

    @Test func whatIsCountedOverTheLimitClosesThoseOverTheirShare() async {
        let now = Locked(Duration.zero)
        let budget = Self.fair(1000, stall: .zero, now: now)
        let closed = Locked<[String]>([])
        let prompt = budget.account("prompt", close: { closed.withLock { $0.append("prompt") } })
        let hog = budget.account("hog", close: { closed.withLock { $0.append("hog") } })
        prompt.charge(300, for: .output)
        hog.charge(600, for: .output)
        hog.charge(200, for: .output)  // an answer queued: already in memory, counted whatever the limit
        #expect(!hog.isOpen && prompt.isOpen && budget.total == 1100, "counted until its session frees it")
        while closed.current.isEmpty { await Task.yield() }  // the close itself runs elsewhere
        #expect(closed.current == ["hog"])
    }

    @Test func theShareIsWhatTheUnclosableLeaveDividedAmongTheSessions() {
        let budget = MemoryBudget(limit: 1000, policy: FairShare(floor: 10))
        let stdio = budget.account("stdio")
        let a = budget.account("a", close: {}), b = budget.account("b", close: {})
        #expect(a.share == .max, "the budget is not half full")
        stdio.charge(600, for: .output)
        #expect(a.share == 200 && b.share == 200)
        _ = b
    }

    @Test func theGreediestAskerWaitsAndAStdioSessionIsNeverClosed() {
        let budget = MemoryBudget(limit: 1000)
        let stdio = budget.account("stdio")  // not closable
        stdio.charge(800, for: .output)
        let closed = Locked(false)
        let other = budget.account("other", close: { closed.withLock { $0 = true } })
        other.charge(100, for: .input)
        #expect(!stdio.tryReserve(200, for: .input))  // the asker is the greediest: slowed
        #expect(!closed.current)
        #expect(!other.tryReserve(200, for: .input))  // the greediest cannot be closed: slowed
        #expect(stdio.isOpen && !closed.current)
    }

    /// Runs `reserve` on a thread of its own (a reader's), as the transports do.
    static func onReaderThread(_ reserve: @escaping @Sendable () -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: reserve()) }.start()
        }
    }

    @Test func aBlockedReaderGoesOnOnceBytesAreFreed() async {
        let budget = MemoryBudget(limit: 1000)
        let holder = budget.account("holder")
        holder.charge(1000, for: .work)
        let reader = budget.account("reader")
        let asked = Locked(false)
        async let granted = Self.onReaderThread {
            reader.reserve(500, for: .input, whileWaiting: { asked.withLock { $0 = true }; return true })
        }
        while !asked.current { await Task.yield() }  // the reader is waiting for room
        #expect(reader.held(for: .input) == 0)
        holder.release(600, for: .work)
        #expect(await granted)
        #expect(reader.held(for: .input) == 500)
    }

    @Test func aClosedAccountStopsABlockedReader() async {
        let budget = MemoryBudget(limit: 100)
        budget.account("holder").charge(100, for: .work)
        let reader = budget.account("reader")
        let asked = Locked(false)
        async let granted = Self.onReaderThread {
            reader.reserve(50, for: .input, whileWaiting: { asked.withLock { $0 = true }; return true })
        }
        while !asked.current { await Task.yield() }
        reader.close()
        #expect(await granted == false)
    }
}
