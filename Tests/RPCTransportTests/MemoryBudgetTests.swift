import Foundation
import Testing
@testable import RPCTransport

/// protocol.md, "Execution model" — one memory budget for the whole process: charges that fit are
/// granted, kept pictures give way, of the sessions over their fair share the greediest is closed
/// first, else the asker waits; a session that reads promptly and holds no more than its share is
/// never closed; closing forgets the holder's bytes, but for what its connection costs, counted
/// until its socket is closed.
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

    @Test func aClosedAccountKeepsWhatItsConnectionCostsUntilThatIsFreed() {
        let budget = MemoryBudget(limit: 1000)
        let session = budget.account("session", close: {})
        session.charge(200, for: .connection)
        session.charge(300, for: .input)
        session.close()
        #expect(budget.total == 200 && !session.isOpen)
        // Nothing else is charged to it any more: it would never be freed.
        session.charge(100, for: .output)
        #expect(budget.total == 200)
        // A newcomer waits for those bytes: the socket still drains.
        let newcomer = budget.account("newcomer", close: {})
        #expect(!newcomer.tryReserve(900, for: .input))
        session.release(200, for: .connection)
        #expect(budget.total == 0 && newcomer.tryReserve(900, for: .input))
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

    /// A client sending whole messages faster than its session takes them (here: opening documents
    /// that fill the budget) owes nothing: it is slowed, never closed (a tab was closed with 1008).
    @Test func wholeMessagesWaitingForTheSessionSlowTheirClientWithoutClosingIt() {
        let now = Locked(Duration.zero)
        let budget = Self.fair(1000, stall: .zero, now: now)
        let closed = Locked<[String]>([])
        let tab = budget.account("tab", close: { closed.withLock { $0.append("tab") } })
        let other = budget.account("other", close: { closed.withLock { $0.append("other") } })
        let documents = budget.account("documents")
        #expect(documents.tryReserve(500, for: .kept))
        other.charge(20, for: .work)
        now.withLock { $0 = .seconds(5) }  // neither has had output to take
        tab.charge(500, for: .queued)  // counted over the limit: no one owes it
        #expect(closed.current.isEmpty && tab.isOpen)
        #expect(!tab.tryReserve(100, for: .input), "slowed: nothing more is read")
        #expect(closed.current.isEmpty && tab.isOpen && other.isOpen)
        tab.release(500, for: .queued)  // its session took the messages
        #expect(tab.tryReserve(100, for: .input))
    }

    /// What is kept (documents, pictures) stays within half the budget, so that the clients whose
    /// documents they are still have room to send and be answered.
    @Test func whatIsKeptStaysWithinHalfTheBudget() {
        let budget = MemoryBudget(limit: 1000)
        let documents = budget.account("documents"), pictures = budget.account("pictures")
        #expect(documents.tryReserve(400, for: .kept))
        #expect(!pictures.tryReserve(101, for: .kept) && pictures.tryReserve(100, for: .kept))
        documents.close()
        #expect(pictures.tryReserve(400, for: .kept) && budget.total == 500)
    }

    /// Output that has only just begun waiting is not stalled, however long ago its client last
    /// took any: its clock starts when it begins to wait.
    @Test func outputStandsStillOnlyFromWhenItBeganWaiting() {
        let now = Locked(Duration.zero)
        let budget = Self.fair(1000, stall: .seconds(1), now: now)
        let closed = Locked<[String]>([])
        let quiet = budget.account("quiet", close: { closed.withLock { $0.append("quiet") } })
        let other = budget.account("other")
        other.charge(100, for: .work)
        now.withLock { $0 = .seconds(60) }  // a minute with nothing to send
        quiet.charge(950, for: .output)  // a big answer, just queued: over the limit
        #expect(closed.current.isEmpty, "its client has had no time to take it")
        now.withLock { $0 = .seconds(62) }
        #expect(!other.tryReserve(10, for: .work) && closed.current == ["quiet"], "after the stall it is over its share")
    }

    /// A client whose unfinished message would pass its share with the next read cannot be served
    /// within it: it is closed rather than left waiting for ever (the others are within theirs).
    @Test func anAskerWhoseMessageWouldPassItsShareIsClosed() {
        let budget = Self.fair(1000, now: Locked(.zero))
        let closed = Locked<[String]>([])
        let a = budget.account("a", close: { closed.withLock { $0.append("a") } })
        let b = budget.account("b", close: { closed.withLock { $0.append("b") } })
        budget.account("pictures").charge(19, for: .kept)  // the shares: (1000 - 19) / 2 = 490 each
        a.charge(490, for: .input)
        b.charge(490, for: .input)
        #expect(!a.tryReserve(30, for: .input) && closed.current == ["a"], "a's message would pass its share of 490")
        #expect(b.isOpen)
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
