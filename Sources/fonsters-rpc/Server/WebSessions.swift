import Foundation
import RPC
import FonsterStore

/// The WebSocket sessions open now, so a store change reaches every one of them.
final class WebSessions: @unchecked Sendable {
    private let lock = NSLock()
    private var notifiers: [ObjectIdentifier: ChangeNotifier] = [:]
    private let holdAbove: Int

    /// No sessions yet; a session with more than `holdAbove` bytes unread gets its changes folded
    /// into one reload (`ChangeNotifier`).
    init(holdAbove: Int) { self.holdAbove = holdAbove }

    /// Adds a session's writer.
    func add(_ writer: MessageWriter) {
        let notifier = ChangeNotifier(writer, holdAbove: holdAbove)
        lock.withLock { notifiers[ObjectIdentifier(writer)] = notifier }
    }

    /// Removes a session's writer.
    func remove(_ writer: MessageWriter) { lock.withLock { _ = notifiers.removeValue(forKey: ObjectIdentifier(writer)) } }

    /// How many sessions are open.
    var count: Int { lock.withLock { notifiers.count } }

    /// Sends `fonsters/didChange` for `change` on every open session.
    func broadcast(_ change: StoreChange) {
        for notifier in lock.withLock({ Array(notifiers.values) }) {
            notifier.send(change)
        }
    }
}
