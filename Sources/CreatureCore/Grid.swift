/// A 32×32 creature bitmap: each cell is −1 (transparent) or a colour index 0…5.
public struct Grid: Equatable, Hashable, Sendable {
    /// The side of the grid in cells.
    public static let side = 32
    /// Row-major cells, `cells[y * 32 + x]`.
    public var cells: [Int8]

    /// A grid with every cell set to `value`.
    public init(filledWith value: Int8 = -1) {
        cells = Array(repeating: value, count: Grid.side * Grid.side)
    }

    /// The cell at column `x`, row `y` (both 0…31).
    @inlinable public subscript(x: Int, y: Int) -> Int8 {
        get { cells[y &* 32 &+ x] }
        set { cells[y &* 32 &+ x] = newValue }
    }

    /// The golden-file form: 32 strings of 32 characters, `.` for −1 and `0`–`5`.
    public var rows: [String] {
        (0..<32).map { y in
            String(decoding: (0..<32).map { x -> UInt8 in
                let v = self[x, y]
                return v < 0 ? UInt8(ascii: ".") : UInt8(ascii: "0") + UInt8(v)
            }, as: UTF8.self)
        }
    }
}
