/// A grid with the six colours its indices stand for: everything an image encoder needs.
public struct Sprite: Equatable, Sendable {
    /// The 32×32 cells.
    public var grid: Grid
    /// Colours for indices 0…5 (exactly six, fallbacks filled in).
    public var colors: [RGBA]

    /// A sprite from a grid and its six colours.
    public init(grid: Grid, colors: [RGBA]) {
        precondition(colors.count == 6, "a sprite has six colours")
        self.grid = grid
        self.colors = colors
    }

    /// The colour of a cell value: −1 is transparent.
    @inlinable public func color(of value: Int8) -> RGBA {
        value < 0 ? .clear : colors[Int(value)]
    }
}
