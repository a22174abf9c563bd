/// Pictures side by side: 1,024 cells each, with their fingerprints and looks (`Likeness.Look`,
/// worked out as a picture is put in), in pages of 256 that copies of a table share until one of
/// them changes a page (then only that page is copied). Grouping and matching read them through
/// raw pointers (`withCells`), so no picture is retained or copied in their loops.
public struct PictureTable: Sendable {
    /// The cells, fingerprints and looks of up to `size` pictures; written only while one table holds it.
    final class Page: @unchecked Sendable {
        /// Pictures a page holds.
        static let size = 256
        let cells = UnsafeMutablePointer<UInt8>.allocate(capacity: size * 1024)
        let fingerprints = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
        let looks = UnsafeMutablePointer<Likeness.Look>.allocate(capacity: size)

        init() {}

        /// A page holding the first `count` pictures of `other`.
        init(copying other: Page, count: Int) {
            cells.initialize(from: other.cells, count: count * 1024)
            fingerprints.initialize(from: other.fingerprints, count: count)
            looks.initialize(from: other.looks, count: count)
        }

        /// Puts the picture whose cells are at `from` in `slot`: its cells, fingerprint and look.
        func put(_ from: UnsafePointer<UInt8>, fingerprint: UInt64, at slot: Int) {
            (cells + slot * 1024).update(from: from, count: 1024)
            fingerprints[slot] = fingerprint
            (looks + slot).initialize(to: Likeness.Look(cells: from))
        }

        deinit {
            cells.deallocate()
            fingerprints.deallocate()
            looks.deallocate()
        }
    }

    private var pages: [Page] = []
    /// How many pictures the table holds.
    public private(set) var count = 0

    /// An empty table.
    public init() {}

    /// A table of `pictures` in order.
    public init(_ pictures: some Sequence<Picture>) {
        for picture in pictures { append(picture) }
    }

    /// Adds `picture` at the end.
    public mutating func append(_ picture: Picture) {
        if count % Page.size == 0 { pages.append(Page()) }
        count += 1
        write(picture, at: count - 1)
    }

    /// Adds the picture stored as `cells` with `fingerprint` (a row read back from a file) when
    /// they are 1,024 colour numbers this build knows and `fingerprint` is their hash; false,
    /// nothing added, otherwise.
    public mutating func append(stored cells: UnsafeRawBufferPointer, fingerprint: UInt64) -> Bool {
        guard cells.count == 1024, let base = cells.baseAddress?.assumingMemoryBound(to: UInt8.self),
              Picture.isValid(base, fingerprint: fingerprint) else { return false }
        if count % Page.size == 0 { pages.append(Page()) }
        count += 1
        let p = (count - 1) / Page.size, slot = (count - 1) % Page.size
        if !isKnownUniquelyReferenced(&pages[p]) {
            pages[p] = Page(copying: pages[p], count: slot)
        }
        pages[p].put(base, fingerprint: fingerprint, at: slot)
        return true
    }

    /// Puts `picture` in place of the `index`-th.
    public mutating func replace(at index: Int, with picture: Picture) {
        precondition(index >= 0 && index < count, "picture \(index) of \(count)")
        write(picture, at: index)
    }

    /// Writes `picture` at `index`, copying its page first when another table shares it.
    private mutating func write(_ picture: Picture, at index: Int) {
        let p = index / Page.size, slot = index % Page.size
        if !isKnownUniquelyReferenced(&pages[p]) {
            pages[p] = Page(copying: pages[p], count: min(Page.size, count - p * Page.size))
        }
        let page = pages[p]
        picture.cells.withUnsafeBufferPointer { page.put($0.baseAddress!, fingerprint: picture.fingerprint, at: slot) }
    }

    /// The `index`-th picture (a copy of its cells).
    public subscript(index: Int) -> Picture {
        precondition(index >= 0 && index < count, "picture \(index) of \(count)")
        return withCells { Picture(cells: $0[index], fingerprint: $0.fingerprint(index)) }
    }

    /// Runs `body` with the table's cells: pointers valid for the call only.
    public func withCells<R, E: Error>(_ body: (Cells) throws(E) -> R) throws(E) -> R {
        let cells = Cells(count: count, cells: pages.map { UnsafePointer($0.cells) }, fingerprints: pages.map { UnsafePointer($0.fingerprints) },
                          looks: pages.map { UnsafePointer($0.looks) })
        defer { withExtendedLifetime(pages) {} }
        return try body(cells)
    }

    /// The cells of a table, read through raw pointers (during `withCells`).
    public struct Cells {
        /// How many pictures there are.
        public let count: Int
        fileprivate let cells: [UnsafePointer<UInt8>], fingerprints: [UnsafePointer<UInt64>], looks: [UnsafePointer<Likeness.Look>]

        /// The 1,024 cells of the `index`-th picture.
        @inline(__always) public subscript(index: Int) -> UnsafePointer<UInt8> {
            cells[index / Page.size] + (index % Page.size) * 1024
        }

        /// The fingerprint (`Picture.fingerprint`) of the `index`-th picture.
        @inline(__always) public func fingerprint(_ index: Int) -> UInt64 {
            fingerprints[index / Page.size][index % Page.size]
        }

        /// The look (`Likeness.Look`) of the `index`-th picture.
        @inline(__always) public func look(_ index: Int) -> UnsafePointer<Likeness.Look> {
            looks[index / Page.size] + index % Page.size
        }
    }
}
