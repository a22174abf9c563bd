/// A Fonster's undo/redo stacks (docs/engine.md §9), 20 seeds each.
///
/// `past` runs oldest → newest (its last entry is what undo restores); `future` runs
/// nearest → farthest (its first entry is what redo restores).
public struct History: Equatable, Sendable {
    /// How many seeds each stack keeps.
    public static let limit = 20

    /// Previous seeds, oldest first.
    public private(set) var past: [String]
    /// Undone seeds, the next redo first.
    public private(set) var future: [String]

    /// Stacks as stored; each is cut to `limit` (dropping the oldest past / farthest future).
    public init(past: [String] = [], future: [String] = []) {
        self.past = past.count > Self.limit ? Array(past.suffix(Self.limit)) : past
        self.future = future.count > Self.limit ? Array(future.prefix(Self.limit)) : future
    }

    /// Whether undo has a seed to restore.
    public var canUndo: Bool { !past.isEmpty }
    /// Whether redo has a seed to restore.
    public var canRedo: Bool { !future.isEmpty }

    /// A committed change away from `oldSeed`: push it onto the past (dropping the oldest
    /// beyond 20) and clear the future.
    public mutating func commit(replacing oldSeed: String) {
        past.append(oldSeed)
        if past.count > Self.limit { past.removeFirst(past.count - Self.limit) }
        future.removeAll()
    }

    /// Undo from `current`: it goes to the front of the future (keeping 20) and the last past
    /// seed is returned. Nil, with nothing changed, when the past is empty.
    public mutating func undo(from current: String) -> String? {
        guard let previous = past.popLast() else { return nil }
        future.insert(current, at: 0)
        if future.count > Self.limit { future.removeLast(future.count - Self.limit) }
        return previous
    }

    /// Redo from `current`: it goes to the end of the past (keeping 20) and the first future
    /// seed is returned. Nil, with nothing changed, when the future is empty.
    public mutating func redo(from current: String) -> String? {
        guard !future.isEmpty else { return nil }
        let next = future.removeFirst()
        past.append(current)
        if past.count > Self.limit { past.removeFirst(past.count - Self.limit) }
        return next
    }
}
