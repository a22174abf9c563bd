/// How a request's cancellation reaches the store, so that a cancelled request has changed
/// nothing and a committed one is never reported as cancelled. `FonsterStore.write` asks the
/// gate bound to the calling thread or task (`FonsterStore.writeGate`) right before `BEGIN`
/// and again right before `COMMIT`; with no gate bound, every write goes ahead.
public protocol WriteGate: Sendable {
    /// Right before a write transaction begins: false (cancelled) means it must not begin.
    func writeMayBegin() -> Bool
    /// Right before `COMMIT`: false (cancelled) rolls the write back; true means the caller
    /// counts the write as committed from now on (a cancel no longer applies to it).
    func writeMayCommit() -> Bool
    /// The write transaction ended without a commit (an error rolled it back).
    func writeRolledBack()
    /// Whether a cancel came while the write runs: long loops inside a write check it
    /// (`FonsterStore.checkWriteCancelled()`) to roll back early.
    var isCancelled: Bool { get }
}

extension FonsterStore {
    /// The gate the store's writes ask; bind it around store calls with
    /// `FonsterStore.$writeGate.withValue(gate) { … }` (the server binds each library request's).
    @TaskLocal public static var writeGate: (any WriteGate)?

    /// Throws `cancelled` when the bound gate says the write's request was cancelled: call it
    /// once per row in a long loop inside a write, which then rolls back whole (or in a long
    /// read, which then stops).
    public static func checkWriteCancelled() throws(StoreError) {
        if writeGate?.isCancelled == true { throw .cancelled }
    }
}
