/// Groups of the numbers `0..<count`, joined two at a time (a union-find forest, paths halved as
/// they are walked): each group is named by its smallest member, so the names do not depend on
/// the order of the joins.
public struct UnionFind: Sendable {
    private var parent: [Int32]

    /// `count` numbers, each alone in its group.
    public init(count: Int) {
        parent = Array(0..<Int32(count))
    }

    /// How many numbers it holds.
    public var count: Int { parent.count }

    /// Room for `count` numbers in all without growing.
    public mutating func reserveCapacity(_ count: Int) { parent.reserveCapacity(count) }

    /// Adds the number `count`, alone in its group.
    public mutating func append() { parent.append(Int32(parent.count)) }

    /// The group of `x`: its smallest member.
    @inline(__always) public mutating func root(_ x: Int) -> Int {
        var x = x
        while parent[x] != Int32(x) {
            parent[x] = parent[Int(parent[x])]
            x = Int(parent[x])
        }
        return x
    }

    /// Puts `x` and `y` in one group.
    @inline(__always) public mutating func join(_ x: Int, _ y: Int) {
        let (a, b) = (root(x), root(y))
        if a != b { parent[max(a, b)] = Int32(min(a, b)) }
    }

    /// Every number's group, in order.
    public mutating func groups() -> [Int32] {
        for x in parent.indices { parent[x] = Int32(root(x)) }
        return parent
    }
}
