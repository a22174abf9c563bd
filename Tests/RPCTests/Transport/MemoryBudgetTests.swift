import Foundation
import Testing
@testable import RPC

/// protocol.md, "Execution model" — one memory budget for the whole process: charges that fit are
/// granted, kept pictures give way, the greediest closable holder is closed first, else the asker
/// waits; closing forgets the holder's bytes.
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

    @Test func theGreediestClosableHolderIsClosedFirst() {
        let budget = MemoryBudget(limit: 1000)
        let closed = Locked<[String]>([])
        func account(_ name: String) -> MemoryAccount { budget.account(name, close: { closed.withLock { $0.append(name) } }) }
        let small = account("small"), greedy = account("greedy"), middle = account("middle"), asker = account("asker")
        small.charge(100, for: .input)
        greedy.charge(500, for: .output)
        middle.charge(300, for: .input)
        #expect(asker.tryReserve(200, for: .input))
        #expect(closed.current == ["greedy"] && !greedy.isOpen && budget.total == 600)
        // Running work frees itself: it does not make its holder greedy.
        let worker = account("worker")
        worker.charge(350, for: .work)
        #expect(small.tryReserve(100, for: .input))
        #expect(closed.current == ["greedy", "middle"], "the worker's 350 bytes of work are not what it owes")
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
