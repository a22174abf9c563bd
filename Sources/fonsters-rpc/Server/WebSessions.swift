import Foundation
import RPC
import FonsterStore

/// The WebSocket sessions open now, so a store change reaches every one of them.
final class WebSessions: @unchecked Sendable {
    private let lock = NSLock()
    private var writers: [ObjectIdentifier: MessageWriter] = [:]

    /// Adds a session's writer.
    func add(_ writer: MessageWriter) { lock.withLock { writers[ObjectIdentifier(writer)] = writer } }

    /// Removes a session's writer.
    func remove(_ writer: MessageWriter) { lock.withLock { _ = writers.removeValue(forKey: ObjectIdentifier(writer)) } }

    /// How many sessions are open.
    var count: Int { lock.withLock { writers.count } }

    /// Sends `fonsters/didChange` for `change` on every open session.
    func broadcast(_ change: StoreChange) {
        for writer in lock.withLock({ Array(writers.values) }) {
            MethodTable.didChangeNotifier(writer)(change)
        }
    }
}
