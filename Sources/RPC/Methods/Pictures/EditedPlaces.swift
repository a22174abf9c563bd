/// Where a library's Fonsters are after a run of edits: creates (which add one at the end),
/// updates (in place) and deletes (which take one out and close the gap).
///
/// Every Fonster has a place on one line: the library's places before the edits, then those
/// created since, in order. A delete takes its place off the line, so the place an edit names
/// (as the library was then) is the how-manyth place left.
struct EditedPlaces {
    /// The places taken off the line, ascending.
    private var gone: [Int] = []

    /// No edits yet.
    init() {}

    /// Notes an edit of the Fonster at `index` (as the library was then; `removed`: a delete)
    /// and returns its place on the line. Costs the deletes noted so far.
    mutating func note(_ index: Int, removed: Bool) -> Int {
        var place = index
        for taken in gone where taken <= place { place += 1 }
        if removed { gone.insert(place, at: Self.countBelow(place, in: gone)) }
        return place
    }

    /// Whether no Fonster was taken out.
    var noneGone: Bool { gone.isEmpty }

    /// Where the Fonster at `place` on the line is now; nil when a delete took it out.
    /// Logarithmic in the deletes.
    func now(_ place: Int) -> Int? {
        let below = Self.countBelow(place, in: gone)
        return below < gone.count && gone[below] == place ? nil : place - below
    }

    /// How many of `sorted` (ascending) are below `value`: a binary search.
    private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
