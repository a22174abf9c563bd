/// A one-shot signal tasks can wait on (the transport's and the methods' tests share it).
public actor Gate {
    private var opened = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A closed gate.
    public init() {}

    /// Opens the gate, releasing all waiters.
    public func open() {
        opened = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    /// Waits until the gate is open.
    public func wait() async {
        if opened { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
