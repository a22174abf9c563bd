import CreatureCore
import Dispatch
import Foundation

/// Why the library changed, as `fonsters/didChange` says it.
public enum ChangeReason: String, Sendable, CaseIterable {
    /// Created (also a duplicate).
    case create
    /// Renamed, re-seeded (also undo, redo, random text, use frame) or its engine switched.
    case update
    /// Deleted.
    case delete
    /// Moved in the list order.
    case move
    /// Brought back from the trash, at its old place.
    case restore
    /// The library's settings changed (`defaultEngine`); no Fonster did.
    case settings
    /// Added by an import (share link or bundle).
    case imported = "import"
    /// Changed by another process that does not log its changes: read everything again.
    case external
    /// Changed by another process more often than the log keeps: read everything again.
    case reload
}

/// A change to the library: which Fonsters, why, and whether another connection made it.
public struct StoreChange: Equatable, Sendable {
    /// The Fonsters affected (created, updated, deleted, moved…). Empty when unknown: a writer
    /// that does not log its changes, or more changes than the log keeps — reload everything.
    public var ids: [UUID]
    /// Why: for other processes also `external` (unlogged writer) or `reload` (the log no
    /// longer reaches back far enough).
    public var reason: ChangeReason
    /// True when another connection or process made the change.
    public var external: Bool
    /// The engine (`fonsters-v1`…) of each changed Fonster that still exists, keyed by id;
    /// deleted Fonsters have none.
    public var engines: [UUID: EngineVersion]
    /// For a `settings` change: the library's default engine now.
    public var defaultEngine: EngineVersion?

    /// A change record.
    public init(ids: [UUID], reason: ChangeReason, external: Bool, engines: [UUID: EngineVersion] = [:], defaultEngine: EngineVersion? = nil) {
        self.ids = ids
        self.reason = reason
        self.external = external
        self.engines = engines
        self.defaultEngine = defaultEngine
    }

    /// This store's own change to `fonsters` (which exist, with their engines).
    init(_ fonsters: [Fonster], reason: ChangeReason) {
        self.init(ids: fonsters.map(\.id), reason: reason, external: false,
                  engines: Dictionary(fonsters.map { ($0.id, $0.engine) }, uniquingKeysWith: { a, _ in a }))
    }
}

/// A registered change handler; `cancel()` stops its calls (and the polling, if it was the last).
public final class ChangeObservation: @unchecked Sendable {
    private let lock = NSLock()
    private var onCancel: (@Sendable () -> Void)?

    init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Stops the handler; safe to call more than once.
    public func cancel() {
        lock.lock()
        let action = onCancel
        onCancel = nil
        lock.unlock()
        action?()
    }
}

/// Polls on a timer (a private dispatch queue) and calls `poll` each tick until stopped.
final class ChangeWatcher: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    /// Starts polling every `interval` seconds.
    init(interval: TimeInterval, poll: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "fonsters.store.change-watcher"))
        let period = DispatchTimeInterval.milliseconds(max(1, Int(interval * 1000)))
        timer.schedule(deadline: .now() + period, repeating: period, leeway: .milliseconds(20))
        timer.setEventHandler(handler: poll)
        timer.resume()
    }

    /// Stops the timer; no tick starts afterwards.
    func stop() { timer.cancel() }

    deinit { timer.cancel() }
}
