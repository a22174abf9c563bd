import Foundation
import CreatureCore

/// A creature for a terminal: its 32 × 32 cells as 16 lines of 32 half-block characters `▀` in
/// 24-bit colour (the upper cell is the foreground, the lower one the background), standing on a
/// backdrop (its sky) so that it shows on dark and light terminals alike.
struct TerminalPicture {
    /// 1,024 opaque colours, row-major.
    let cells: [RGBA]

    /// `cells` (row-major, any alpha) composited onto `backdrop`'s row colours.
    init(cells: [RGBA], backdrop: Backdrop) {
        precondition(cells.count == Grid.side * Grid.side)
        self.cells = cells.indices.map { i in
            let c = cells[i], under = backdrop.rows[i / Grid.side]
            let alpha = Int(c.a)
            func mix(_ v: UInt8, _ u: UInt8) -> UInt8 {
                let sum: Int = Int(v) * alpha + Int(u) * (255 - alpha) + 127
                return UInt8(sum / 255)
            }
            return RGBA(r: mix(c.r, under.r), g: mix(c.g, under.g), b: mix(c.b, under.b))
        }
    }

    /// `creature` on its own sky.
    init(_ creature: Creature) {
        let sprite = creature.sprite
        self.init(cells: sprite.grid.cells.map { sprite.color(of: $0) },
                  backdrop: Background.sky.backdrop(seed: creature.seed, engine: creature.engine)!)
    }

    /// The 16 lines, each 32 columns wide, ending with a colour reset.
    var lines: [String] {
        (0..<(Grid.side / 2)).map { row in
            var line = ""
            for x in 0..<Grid.side {
                let top = cells[(2 * row) * Grid.side + x], bottom = cells[(2 * row + 1) * Grid.side + x]
                line += "\u{1B}[38;2;\(top.r);\(top.g);\(top.b);48;2;\(bottom.r);\(bottom.g);\(bottom.b)m▀"
            }
            return line + "\u{1B}[0m"
        }
    }

    /// Pictures side by side, `gap` columns apart, as many as fit in `width` columns per band.
    static func sideBySide(_ pictures: [TerminalPicture], width: Int, gap: Int = 2) -> [String] {
        let perBand = max(1, (width + gap) / (Grid.side + gap))
        var out: [String] = []
        var start = 0
        while start < pictures.count {
            let band = pictures[start..<min(start + perBand, pictures.count)].map(\.lines)
            for row in 0..<(Grid.side / 2) {
                out.append(band.map { $0[row] }.joined(separator: String(repeating: " ", count: gap)))
            }
            start += perBand
        }
        return out
    }

    /// Whether standard output should get colour pictures: it is a terminal and `NO_COLOR` is not
    /// set to a non-empty value (no-color.org).
    static var colourOnStandardOutput: Bool {
        isatty(STDOUT_FILENO) == 1 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }
}
