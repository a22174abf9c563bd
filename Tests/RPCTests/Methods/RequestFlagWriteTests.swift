import Testing
@testable import RPC

/// How a cancel meets a request's writes (`RequestFlag` as the store's `WriteGate`): answered at
/// once before any write began, after the rollback while one runs, and not at all once one
/// committed (the request then answers with its result).
@Suite struct RequestFlagWriteTests {
    @Test func aCancelBeforeTheWriteIsAnsweredAtOnceAndTheWriteNeverBegins() {
        let flag = RequestFlag()
        #expect(flag.cancel() == .answerNow)
        #expect(!flag.writeMayBegin())
        #expect(flag.isCancelled && !flag.hasCommitted)
    }

    @Test func aCancelDuringTheWriteWaitsForItsRollback() {
        let flag = RequestFlag()
        #expect(flag.writeMayBegin())
        #expect(flag.cancel() == .afterRollback)
        #expect(flag.isCancelled)
        #expect(!flag.writeMayCommit())
        #expect(!flag.hasCommitted)
        // The write is over: a second cancel finds nothing under way.
        #expect(flag.cancel() == .answerNow)
    }

    @Test func aCancelAfterTheCommitDoesNotApply() {
        let flag = RequestFlag()
        #expect(flag.writeMayBegin())
        #expect(flag.writeMayCommit())
        #expect(flag.cancel() == .tooLate)
        #expect(!flag.isCancelled && flag.hasCommitted && flag.cancelAsked)
        // Later writes of the same request go ahead (it answers with its result).
        #expect(flag.writeMayBegin())
        #expect(flag.writeMayCommit())
    }

    @Test func aWriteThatFailedLeavesCancelsAnsweredAtOnce() {
        let flag = RequestFlag()
        #expect(flag.writeMayBegin())
        flag.writeRolledBack()
        #expect(flag.cancel() == .answerNow)
        #expect(flag.cancelAsked && !flag.hasCommitted)
    }
}
