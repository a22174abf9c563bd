import Foundation
import FonsterStore

/// Sends `fonsters/didChange` to one client, bounded for a client that does not read: while more
/// than `holdAbove` bytes wait for it, further changes are folded into one `reload` notification
/// (ids empty: read everything again), sent once the client has read below that. So a tab that
/// stops reading while others edit costs at most one notification, however many edits follow.
public final class ChangeNotifier: Sendable {
    private let writer: MessageWriter
    private let holdAbove: Int
    /// Non-nil while changes are held back: whether any of them came from another process.
    private let held = Locked<Bool?>(nil)

    /// A notifier on `writer` that holds changes back while more than `holdAbove` bytes wait.
    public init(_ writer: MessageWriter, holdAbove: Int) {
        self.writer = writer
        self.holdAbove = holdAbove
    }

    /// Sends `change` now, or folds it into the pending `reload` while the client is behind.
    public func send(_ change: StoreChange) {
        let startHolding = held.withLock { held -> Bool in
            if let external = held {
                held = external || change.external
                return false
            }
            if writer.pendingBytes <= holdAbove {
                // Sent under the lock, so a reload sent later never overtakes it.
                writer.sendNotification(Self.method, params: Self.params(change))
                return false
            }
            held = change.external
            return true
        }
        guard startHolding else { return }
        Task {
            await writer.waitForRoom(limit: holdAbove)
            held.withLock { held in
                guard let external = held else { return }
                held = nil
                writer.sendNotification(Self.method, params: Self.params(StoreChange(ids: [], reason: .reload, external: external)))
            }
        }
    }

    static let method = "fonsters/didChange"

    /// `{ids, reason, external, engines}`: `engines` maps each changed Fonster that still exists to
    /// its engine; a `settings` change adds `settings {defaultEngine}`.
    static func params(_ change: StoreChange) -> JSONValue {
        var params: JSONValue = [
            "ids": .array(change.ids.map { .string($0.text) }),
            "reason": .string(change.reason.rawValue),
            "external": .bool(change.external),
            "engines": .object(JSONObject(change.engines.map { ($0.key.text, .string($0.value.rawValue)) }
                .sorted { $0.0 < $1.0 })),
        ]
        if let engine = change.defaultEngine { params = params.merging([("settings", ["defaultEngine": .string(engine.rawValue)])]) }
        return params
    }
}
