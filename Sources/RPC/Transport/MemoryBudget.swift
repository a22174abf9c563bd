import Foundation

/// One memory budget for the whole server: the bytes every session holds — output queued for
/// its client, incoming messages not yet whole or not yet read, the estimates of its running
/// work — and what the server keeps (look-alike pictures, documents), counted together in one
/// process (protocol.md, "Execution model"). Each holder has an account; what happens when a
/// charge would pass the limit is the `policy`'s call, as swift-nio leaves back-pressure to a
/// strategy type.
public final class MemoryBudget: Sendable {
    /// What bytes are held for.
    public enum Use: Sendable, Hashable, CaseIterable {
        /// Incoming messages not whole yet, or whole and not yet read by the session: only the
        /// client frees them (by finishing a message).
        case input
        /// Answers queued for the client: only the client frees them (by reading).
        case output
        /// Estimates of running work: freed when the work ends.
        case work
        /// What the server keeps to go faster (pictures, documents): given up when it does not fit.
        case kept
    }

    /// The most bytes held at once.
    public let limit: Int
    /// Who is slowed or closed when a charge would pass `limit`.
    public let policy: any MemoryPolicy

    private struct Holder {
        var name: String
        var bytes: [Use: Int] = [:]
        var close: (@Sendable () -> Void)?
    }
    private struct State {
        var holders: [Int: Holder] = [:]
        var nextID = 0
        var total = 0
        var roomWaiters: [@Sendable () -> Void] = []
    }
    private let state = Locked(State())
    /// Wakes threads blocked in `MemoryAccount.reserve(_:for:)`.
    private let room = NSCondition()

    /// A budget of `limit` bytes kept by `policy`.
    public init(limit: Int, policy: any MemoryPolicy = GreediestFirst()) {
        self.limit = max(1, limit)
        self.policy = policy
    }

    /// The bytes held now, all holders together.
    public var total: Int { state.current.total }

    /// A new holder named `name` (for logs). `close`, when given, makes it closable: the policy
    /// may call it (once, on any thread) to free the budget; its charges are forgotten then.
    public func account(_ name: String, close: (@Sendable () -> Void)? = nil) -> MemoryAccount {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.holders[state.nextID] = Holder(name: name, close: close)
            return state.nextID
        }
        return MemoryAccount(budget: self, id: id)
    }

    // MARK: - For accounts

    func isOpen(_ id: Int) -> Bool { state.current.holders[id] != nil }

    func held(by id: Int, for use: Use?) -> Int {
        state.withLock { state in
            guard let holder = state.holders[id] else { return 0 }
            return use.map { holder.bytes[$0, default: 0] } ?? holder.bytes.values.reduce(0, +)
        }
    }

    /// Adds `bytes` (negative: frees) whatever the limit; false when the account is closed.
    @discardableResult
    func charge(_ id: Int, _ bytes: Int, for use: Use) -> Bool {
        let freed = state.withLock { state -> [@Sendable () -> Void]? in
            guard state.holders[id] != nil else { return nil }
            let before = state.holders[id]!.bytes[use, default: 0]
            let after = max(0, before + bytes)
            state.holders[id]!.bytes[use] = after
            state.total += after - before
            guard after < before, !state.roomWaiters.isEmpty else { return [] }
            defer { state.roomWaiters = [] }
            return state.roomWaiters
        }
        guard let freed else { return false }
        if bytes < 0 { wakeBlocked() }
        for waiter in freed { waiter() }
        return true
    }

    /// Charges `bytes` if the policy grants them now, closing whom it says first; else registers
    /// `waiter` (in the same step, so no freeing is missed) for the next time bytes are freed.
    func tryReserve(_ id: Int, _ bytes: Int, for use: Use, orWhenRoom waiter: (@Sendable () -> Void)? = nil) -> Bool {
        while true {
            let (decision, close) = state.withLock { state -> (MemoryDecision, (@Sendable () -> Void)?) in
                guard state.holders[id] != nil else { return (.wait, nil) }
                let request = MemoryRequest(bytes: bytes, use: use, requester: id, total: state.total, limit: limit,
                                            holders: state.holders.map { id, holder in
                                                MemoryRequest.Holder(id: id, name: holder.name, bytes: holder.bytes,
                                                                     closable: holder.close != nil) })
                switch policy.decide(request) {
                case .grant:
                    state.holders[id]!.bytes[use, default: 0] += bytes
                    state.total += bytes
                    return (.grant, nil)
                case .close(let victim) where victim != id:
                    if let holder = state.holders[victim], let close = holder.close {
                        state.holders[victim] = nil
                        state.total -= holder.bytes.values.reduce(0, +)
                        return (.close(victim), close)
                    }
                    fallthrough
                default:
                    if let waiter { state.roomWaiters.append(waiter) }
                    return (.wait, nil)
                }
            }
            switch decision {
            case .grant: return true
            case .close:
                close?()
                wakeBlocked()
            case .wait: return false
            }
        }
    }

    /// Forgets the account and its charges.
    func close(_ id: Int) {
        let had = state.withLock { state -> Bool in
            guard let holder = state.holders.removeValue(forKey: id) else { return false }
            state.total -= holder.bytes.values.reduce(0, +)
            return true
        }
        if had {
            wakeBlocked()
            for waiter in state.withLock({ state -> [@Sendable () -> Void] in defer { state.roomWaiters = [] }; return state.roomWaiters }) { waiter() }
        }
    }

    /// Blocks the calling thread (never a task's) until bytes are freed or `timeout` passes.
    func waitBlocked(timeout: TimeInterval) {
        room.lock()
        _ = room.wait(until: Date(timeIntervalSinceNow: timeout))
        room.unlock()
    }

    private func wakeBlocked() {
        room.lock()
        room.broadcast()
        room.unlock()
    }
}

/// One holder's part of a `MemoryBudget`: a session, the look-alike pictures, a document store.
public final class MemoryAccount: Sendable {
    private let budget: MemoryBudget
    private let id: Int

    init(budget: MemoryBudget, id: Int) {
        self.budget = budget
        self.id = id
    }

    /// Whether the account still counts (not closed by its holder or by the policy).
    public var isOpen: Bool { budget.isOpen(id) }

    /// The bytes it holds for `use` (all uses when nil).
    public func held(for use: MemoryBudget.Use? = nil) -> Int { budget.held(by: id, for: use) }

    /// Counts `bytes` more, whatever the limit (what is already in memory, e.g. an answer queued).
    public func charge(_ bytes: Int, for use: MemoryBudget.Use) { budget.charge(id, bytes, for: use) }

    /// Counts `bytes` fewer.
    public func release(_ bytes: Int, for use: MemoryBudget.Use) { budget.charge(id, -bytes, for: use) }

    /// Counts `bytes` more if the budget's policy grants them now (it may close a greedier holder
    /// to make room); false, nothing counted, when the holder is to wait — or, for `.kept`, to do
    /// without.
    public func tryReserve(_ bytes: Int, for use: MemoryBudget.Use) -> Bool { budget.tryReserve(id, bytes, for: use) }

    /// `tryReserve`, and when it is not granted, `waiter` is called once the next time any holder
    /// frees bytes (registered in the same step: no freeing in between is missed).
    public func tryReserve(_ bytes: Int, for use: MemoryBudget.Use, orWhenRoom waiter: (@Sendable () -> Void)?) -> Bool {
        budget.tryReserve(id, bytes, for: use, orWhenRoom: waiter)
    }

    /// For reader threads: blocks until `bytes` are granted (the holder is slowed meanwhile: it
    /// reads nothing), or returns false once the account is closed. Never call it from a task.
    public func reserve(_ bytes: Int, for use: MemoryBudget.Use, whileWaiting: () -> Bool = { true }) -> Bool {
        while isOpen {
            if tryReserve(bytes, for: use) { return true }
            if !whileWaiting() { return false }
            budget.waitBlocked(timeout: 0.05)
        }
        return false
    }

    /// Leaves the budget: everything it holds is forgotten.
    public func close() { budget.close(id) }
}

/// A charge that would pass the budget, as a policy sees it.
public struct MemoryRequest: Sendable {
    /// One holder and what it holds.
    public struct Holder: Sendable {
        /// Its id (what `MemoryDecision.close` names).
        public let id: Int
        /// Its name, for logs.
        public let name: String
        /// Its bytes by use.
        public let bytes: [MemoryBudget.Use: Int]
        /// Whether it can be closed (a WebSocket session; not stdio, not a cache).
        public let closable: Bool
        /// The bytes only its client can free: unread output and unfinished input.
        public var owed: Int { bytes[.input, default: 0] + bytes[.output, default: 0] }
        /// Everything it holds.
        public var total: Int { bytes.values.reduce(0, +) }
    }
    /// The bytes asked for.
    public let bytes: Int
    /// What for.
    public let use: MemoryBudget.Use
    /// The id of the holder asking.
    public let requester: Int
    /// The bytes held now, and the limit.
    public let total: Int, limit: Int
    /// Every holder.
    public let holders: [Holder]
}

/// What a policy decides for a charge.
public enum MemoryDecision: Sendable, Equatable {
    /// Count it.
    case grant
    /// Do not count it now: the asker waits (slowed: a session reads or starts nothing more)
    /// until bytes are freed — or, for `.kept`, does without.
    case wait
    /// Close this holder first (its bytes are freed), then decide again.
    case close(Int)
}

/// Decides who gives way when the budget is full.
public protocol MemoryPolicy: Sendable {
    /// The decision for `request`.
    func decide(_ request: MemoryRequest) -> MemoryDecision
}

/// The server's policy: a charge that fits is granted. One that does not: what is kept gives way
/// (`.kept` waits, that is does without); otherwise the greediest closable holder — the one
/// owing the most bytes only its client can free (unread output, unfinished input) — is closed
/// if it owes more than the asker, else the asker waits (slowed). A holder alone (no one else
/// holds anything but kept pictures) is granted what it asks: it would wait for no one.
public struct GreediestFirst: MemoryPolicy {
    /// The policy.
    public init() {}

    public func decide(_ request: MemoryRequest) -> MemoryDecision {
        if request.total + request.bytes <= request.limit { return .grant }
        if request.use == .kept { return .wait }
        let asker = request.holders.first { $0.id == request.requester }
        let others = request.holders.filter { $0.id != request.requester }
        // Alone (what is kept aside), waiting would wait for no one: the per-message and
        // per-session bounds hold a lone client.
        if others.allSatisfy({ $0.total == $0.bytes[.kept, default: 0] }) { return .grant }
        let owed = asker?.owed ?? 0
        if let greediest = others.filter(\.closable).max(by: { $0.owed < $1.owed }), greediest.owed > owed {
            return .close(greediest.id)
        }
        return .wait
    }
}
