/// A first-in first-out line whose front is taken in O(1) (the taken slots are dropped in one move
/// once they are half the line): the session's requests waiting for their turn (taken once per
/// finished request while up to `maxWaitingRequests` wait), and the frames read ahead of it.
struct WaitingLine<Element> {
    private var slots: [Element?] = []
    private var head = 0

    /// How many wait.
    var count: Int { slots.count - head }

    /// The element at `position` (0 is the front).
    subscript(position: Int) -> Element { slots[head + position]! }

    /// Adds `element` at the back.
    mutating func append(_ element: Element) { slots.append(element) }

    /// Takes the element at `position` out of the line.
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        guard position == 0 else { return slots.remove(at: head + position)! }
        let element = slots[head]!
        slots[head] = nil
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= slots.count {
            slots.removeFirst(head)
            head = 0
        }
        return element
    }

    /// The position of the first element that satisfies `predicate`.
    func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        (0..<count).first { predicate(self[$0]) }
    }
}
