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
        /// Incoming bytes not yet a whole message: only the client frees them (by finishing it).
        case input
        /// Whole messages read ahead, waiting for their session: the session frees them (by
        /// taking them), so a client is slowed for them, never closed.
        case queued
        /// Answers queued for the client: only the client frees them (by reading).
        case output
        /// Estimates of running work: freed when the work ends.
        case work
        /// What the server keeps to go faster (pictures, documents): given up when it does not fit,
        /// and never more than half the budget (the rest stays for serving clients).
        case kept
        /// What a connection costs whatever it does (its reader thread, its read buffer, the
        /// draining of its socket at the end): its owner frees it once the socket is closed,
        /// which may be after the account is (closing an account keeps it until then).
        case connection

        /// Its counter's place in a holder's counts.
        var index: Int {
            switch self {
            case .input: 0
            case .queued: 1
            case .output: 2
            case .work: 3
            case .kept: 4
            case .connection: 5
            }
        }
    }

    /// The most bytes held at once.
    public let limit: Int
    /// Who is slowed or closed when a charge would pass `limit`.
    public let policy: any MemoryPolicy

    /// What one holder holds for each use: counters in place, no dictionary to hash into on
    /// every charge.
    private struct Held {
        private var counts = SIMD8<Int>()
        subscript(use: Use) -> Int {
            get { counts[use.index] }
            set { counts[use.index] = newValue }
        }
        var total: Int { counts.wrappedSum() }
        /// The counts as the policy sees them: the uses holding something.
        var byUse: [Use: Int] {
            Dictionary(uniqueKeysWithValues: Use.allCases.compactMap { use in self[use] == 0 ? nil : (use, self[use]) })
        }
    }

    private struct Holder {
        var name: String
        var bytes = Held()
        var close: (@Sendable () -> Void)?
        /// When its output last moved — its client took some, or it began waiting — on `clock`.
        var drained: Duration
        /// Closed by the policy: its bytes still count until its owner frees them or closes the
        /// account (the memory is not free before), and it is not closed again.
        var closing = false
        /// Closed by its owner: it holds only `Use.connection` bytes, and goes once they are freed.
        var ended = false
        var held: Int { bytes.total }
    }
    private struct State {
        var holders: [Int: Holder] = [:]
        var nextID = 0
        var total = 0
        /// What all holders keep (`Use.kept`), within `limit / 2`.
        var kept = 0
        var roomWaiters: [@Sendable () -> Void] = []
        /// What the holders being closed still hold.
        var closingBytes: Int { holders.values.reduce(0) { $0 + ($1.closing ? $1.held : 0) } }

        /// Marks `id` closing and returns its close, if it can be closed and is not closing yet.
        mutating func markClosing(_ id: Int) -> (@Sendable () -> Void)? {
            guard let holder = holders[id], !holder.closing, let close = holder.close else { return nil }
            holders[id]!.closing = true
            return close
        }
    }
    private let state = Locked(State())
    /// Wakes threads blocked in `MemoryAccount.reserve(_:for:)`.
    private let room = NSCondition()
    /// The time now, for when clients last took output (injected by tests).
    private let clock: @Sendable () -> Duration

    /// A budget of `limit` bytes kept by `policy`; `clock`, when given, tells the time (monotonic).
    public init(limit: Int, policy: any MemoryPolicy = FairShare(),
                clock: (@Sendable () -> Duration)? = nil) {
        self.limit = max(1, limit)
        self.policy = policy
        let start = ContinuousClock.now
        self.clock = clock ?? { ContinuousClock.now - start }
    }

    /// The bytes held now, all holders together.
    public var total: Int { state.current.total }

    /// A new holder named `name` (for logs). `close`, when given, makes it closable: the policy
    /// may call it (once, on any thread) to free the budget; its charges still count until its
    /// owner frees them or closes the account (the memory is not free before).
    public func account(_ name: String, close: (@Sendable () -> Void)? = nil) -> MemoryAccount {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.holders[state.nextID] = Holder(name: name, close: close, drained: clock())
            return state.nextID
        }
        return MemoryAccount(budget: self, id: id)
    }

    // MARK: - For accounts

    func isOpen(_ id: Int) -> Bool { state.withLock { $0.holders[id].map { !$0.closing } ?? false } }

    func held(by id: Int, for use: Use?) -> Int {
        state.withLock { state in
            guard let holder = state.holders[id] else { return 0 }
            return use.map { holder.bytes[$0] } ?? holder.bytes.total
        }
    }

    /// Adds `bytes` (negative: frees) whatever the limit; false when the account is closed (a
    /// holder the policy closed is still charged: its memory is real until freed).
    /// What is counted so (bytes already in memory: an answer queued, a message read) may pass
    /// the limit; then the policy closes holders over their share until it no longer does.
    @discardableResult
    func charge(_ id: Int, _ bytes: Int, for use: Use) -> Bool {
        let now = use == .output ? clock() : nil
        // One turn of the lock: the charge, whether it passes the limit, whether the account is open.
        let outcome = state.withLock { state -> (freed: [@Sendable () -> Void], over: Bool, open: Bool)? in
            // A closed account keeps only what its connection costs, until that is freed.
            guard let holder = state.holders[id], !holder.ended || use == .connection else { return nil }
            let before = holder.bytes[use]
            let after = max(0, before + bytes)
            state.holders[id]!.bytes[use] = after
            state.total += after - before
            if let now, after < before || before == 0 { state.holders[id]!.drained = now }
            if use == .kept { state.kept += after - before }
            let gone = holder.ended && holder.held - before + after == 0
            if gone { state.holders[id] = nil }
            let over = bytes > 0 && use != .work && state.total > limit
            var freed: [@Sendable () -> Void] = []
            if after < before && !state.roomWaiters.isEmpty { swap(&freed, &state.roomWaiters) }
            return (freed, over, !gone && !holder.closing)
        }
        guard let outcome else { return false }
        if bytes < 0 { wakeBlocked() }
        for waiter in outcome.freed { waiter() }
        guard outcome.over else { return outcome.open }
        enforce(id, use: use)
        return isOpen(id)
    }

    /// Closes the holders the policy names until the total is within the limit again (or it
    /// names no one): what was counted over the limit is made up for by those over their share.
    private func enforce(_ id: Int, use: Use) {
        while true {
            let close = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.total - state.closingBytes > limit else { return nil }
                let request = self.request(state, bytes: 0, use: use, requester: id)
                guard case .close(let victim) = policy.decide(request) else { return nil }
                return state.markClosing(victim)
            }
            guard let close else { return }
            // Closed from elsewhere (a task of its own): the charge may come from under the output's own lock.
            Task { close() }
            wakeBlocked()
        }
    }

    /// The fair share of holder `id` when the budget is more than half full (`Int.max` while it
    /// is not): what the policy says (`FairShare.share`), or the whole limit for another policy.
    func share(of id: Int) -> Int {
        state.withLock { state in
            guard state.total > limit / 2, let fair = policy as? FairShare else { return Int.max }
            return fair.share(self.request(state, bytes: 0, use: .output, requester: id))
        }
    }

    /// What the policy sees of `state` for a charge of `bytes`: the holders being closed are
    /// already gone (what they hold will be freed).
    private func request(_ state: State, bytes: Int, use: Use, requester: Int) -> MemoryRequest {
        let now = clock()
        return MemoryRequest(bytes: bytes, use: use, requester: requester, total: state.total - state.closingBytes, limit: limit,
                             holders: state.holders.filter { !$0.value.closing }.map { id, holder in
                                 MemoryRequest.Holder(id: id, name: holder.name, bytes: holder.bytes.byUse, closable: holder.close != nil,
                                                      sinceDrained: now - holder.drained) })
    }

    /// Charges `bytes` if the policy grants them now, closing whom it says first; else registers
    /// `waiter` (in the same step, so no freeing is missed) for the next time bytes are freed.
    func tryReserve(_ id: Int, _ bytes: Int, for use: Use, orWhenRoom waiter: (@Sendable () -> Void)? = nil) -> Bool {
        while true {
            let (decision, close) = state.withLock { state -> (MemoryDecision, (@Sendable () -> Void)?) in
                guard let holder = state.holders[id], !holder.closing else { return (.wait, nil) }
                // What fits is granted without asking the policy (it decides only what would pass);
                // what fits once the holders being closed have freed their bytes waits for that.
                // What is only kept to go faster (documents, pictures) is refused when it does not
                // fit: no client is closed to make room for it.
                // What is kept stays within half the budget: the rest is for serving clients.
                let decision: MemoryDecision = use == .kept && state.kept + bytes > limit / 2 ? .wait
                    : state.total + bytes <= limit ? .grant
                    : use == .kept || state.total - state.closingBytes + bytes <= limit ? .wait
                    : policy.decide(self.request(state, bytes: bytes, use: use, requester: id))
                switch decision {
                case .grant:
                    state.holders[id]!.bytes[use] += bytes
                    state.total += bytes
                    if use == .kept { state.kept += bytes }
                    return (.grant, nil)
                case .close(let victim):
                    if let close = state.markClosing(victim) { return (.close(victim), close) }
                    fallthrough
                default:
                    if let waiter { state.roomWaiters.append(waiter) }
                    return (.wait, nil)
                }
            }
            switch decision {
            case .grant: return true
            case .close(let victim):
                close?()
                wakeBlocked()
                if victim == id { return false }  // the asker itself was over its share: closed
            case .wait: return false
            }
        }
    }

    /// Forgets the account's charges but what its connection costs (`Use.connection`), which
    /// count until their owner frees them; the account is gone once nothing is left.
    func close(_ id: Int) {
        let had = state.withLock { state -> Bool in
            guard var holder = state.holders[id] else { return false }
            let connection = holder.bytes[.connection]
            state.total -= holder.held - connection
            state.kept -= holder.bytes[.kept]
            holder.bytes = Held()
            holder.bytes[.connection] = connection
            holder.closing = true
            holder.ended = true
            state.holders[id] = connection > 0 ? holder : nil
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

    /// Its fair share of the budget while the budget is more than half full, else `Int.max`: a
    /// session keeps its unread output within it (it reads and starts nothing more past it).
    public var share: Int { budget.share(of: id) }

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
        /// How long its output has stood still: since its client last took some, or since it
        /// began waiting (or the holder began).
        public let sinceDrained: Duration

        /// A holder as a policy sees it.
        public init(id: Int, name: String, bytes: [MemoryBudget.Use: Int], closable: Bool, sinceDrained: Duration = .zero) {
            self.id = id
            self.name = name
            self.bytes = bytes
            self.closable = closable
            self.sinceDrained = sinceDrained
        }
        /// The holder with `bytes` more for `use`: as it would be if a charge were granted.
        public func adding(_ bytes: Int, for use: MemoryBudget.Use) -> Holder {
            var more = self.bytes
            more[use, default: 0] += bytes
            return Holder(id: id, name: name, bytes: more, closable: closable, sinceDrained: sinceDrained)
        }
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

/// The server's policy, one rule for every client: the budget is shared out fairly, and only a
/// client holding more than its share is ever closed.
///
/// - A charge that fits is granted; what is kept (pictures, documents) gives way when it does not,
///   or when it would pass half the budget (the budget checks that before asking the policy).
/// - The fair share of each closable holder (a WebSocket session) is the budget, less what the
///   holders that cannot be closed hold (stdio, documents, kept pictures), divided by the number
///   of closable holders; never less than `floor`.
/// - A closable holder is *over its share* when what it holds passes its share and what only its
///   client can free — unread output, unfinished input — is more than `floor`; unless its output
///   is moving (its client took some, or it began waiting, in the last `stall`; or it has none)
///   and its unfinished input is within the share: a client that reads promptly is not closed for
///   the big answer it is being sent, nor one that sends whole messages faster than its session
///   takes them (it is slowed).
/// - An asker whose unfinished message would pass its share with the bytes it asks for is over
///   its share too: it could not be served within it.
/// - Of those over their share, the greediest (the most owed) is closed — the asker too — and the
///   charge decided again; when no one is over, the asker waits (slowed) until bytes are freed.
/// - A holder alone (no one else holds anything but kept pictures) is granted what it asks: it
///   would wait for no one, and the per-message and per-session bounds hold it.
public struct FairShare: MemoryPolicy {
    /// The smallest share, and the owed bytes below which no one is closed.
    public let floor: Int
    /// How long output may stand still before its client no longer counts as reading.
    public let stall: Duration

    /// The policy with a share of at least `floor` bytes and output counted as stalled after `stall`.
    public init(floor: Int = 1 << 20, stall: Duration = .milliseconds(500)) {
        self.floor = floor
        self.stall = stall
    }

    /// The fair share of each closable holder.
    public func share(_ request: MemoryRequest) -> Int {
        let closable = request.holders.filter(\.closable)
        let fixed = request.holders.filter { !$0.closable }.reduce(0) { $0 + $1.total }
        return max(floor, (request.limit - fixed) / max(1, closable.count))
    }

    /// Whether `holder` holds more than `share` in a way only its client can remedy: an unfinished
    /// message past the share, or output its client has stopped taking.
    public func isOverShare(_ holder: MemoryRequest.Holder, share: Int) -> Bool {
        guard holder.closable, holder.total > share, holder.owed > floor else { return false }
        let input = holder.bytes[.input, default: 0], output = holder.bytes[.output, default: 0]
        return input > share || (output > 0 && holder.sinceDrained >= stall)
    }

    public func decide(_ request: MemoryRequest) -> MemoryDecision {
        if request.total + request.bytes <= request.limit { return .grant }
        if request.use == .kept { return .wait }
        let others = request.holders.filter { $0.id != request.requester }
        if request.bytes > 0, others.allSatisfy({ $0.total == $0.bytes[.kept, default: 0] }) { return .grant }
        let share = share(request)
        // A client whose unfinished message would pass its share with what it asks for cannot be
        // served within it: it counts as over (else it would wait for ever, its message unfinished).
        let over = request.holders.filter { holder in
            isOverShare(holder.id == request.requester && request.use == .input ? holder.adding(request.bytes, for: .input) : holder,
                        share: share)
        }
        if let greediest = over.max(by: { ($0.owed, $0.total) < ($1.owed, $1.total) }) { return .close(greediest.id) }
        return .wait
    }
}
