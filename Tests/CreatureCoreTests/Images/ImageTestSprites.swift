import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// A sprite with a short name, so parameterised tests print the name, not 1024 cells.
struct NamedSprite: Sendable, CustomTestStringConvertible {
    let name: String
    let sprite: Sprite
    var testDescription: String { name }

    static let checkerboard = NamedSprite(name: "checkerboard", sprite: ImageTestSprites.checkerboard)
    static let allColours = NamedSprite(name: "all colours", sprite: ImageTestSprites.allColours)
    static let transparent = NamedSprite(name: "transparent", sprite: ImageTestSprites.transparent)
    static let disc = NamedSprite(name: "disc", sprite: ImageTestSprites.disc)

    /// The hand-built sprites plus a random one.
    static let all: [NamedSprite] = [checkerboard, allColours, transparent, disc,
                                     NamedSprite(name: "random", sprite: ImageTestSprites.random(seed: 7))]
}

/// Hand-built and golden sprites for the image tests.
enum ImageTestSprites {
    /// Six clearly different opaque colours.
    static let palette: [RGBA] = [
        RGBA(r: 0x1a, g: 0x1a, b: 0x2e), RGBA(r: 0xe9, g: 0x45, b: 0x60), RGBA(r: 0x10, g: 0xc0, b: 0x30),
        RGBA(r: 0xff, g: 0xff, b: 0xff), RGBA(r: 0x88, g: 0x88, b: 0x88), RGBA(r: 0x20, g: 0x60, b: 0xf0),
    ]

    /// Cells alternating between colours 0 and 1, no transparency.
    static var checkerboard: Sprite {
        var grid = Grid()
        for y in 0..<32 { for x in 0..<32 { grid[x, y] = Int8((x + y) % 2) } }
        return Sprite(grid: grid, colors: palette)
    }

    /// Every colour and transparency, in diagonal stripes.
    static var allColours: Sprite {
        var grid = Grid()
        for y in 0..<32 { for x in 0..<32 { grid[x, y] = Int8((x + 2 * y) % 7 - 1) } }
        return Sprite(grid: grid, colors: palette)
    }

    /// Nothing but transparent cells.
    static var transparent: Sprite { Sprite(grid: Grid(), colors: palette) }

    /// A filled disc of colour 2 with a colour-5 eye, on transparency (two colours + clear).
    static var disc: Sprite {
        var grid = Grid()
        for y in 0..<32 {
            for x in 0..<32 where (x - 16) * (x - 16) + (y - 16) * (y - 16) < 100 { grid[x, y] = 2 }
        }
        grid[13, 14] = 5
        grid[19, 14] = 5
        return Sprite(grid: grid, colors: palette)
    }

    /// Random cells from a fixed seed, using `colours` of the six indices and transparency.
    static func random(seed: UInt64, colours: Int = 6, transparency: Bool = true) -> Sprite {
        var state = seed
        func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var grid = Grid()
        var value: Int8 = 0
        for i in 0..<1024 {
            // Runs of random length, like pixel art, with the odd single cell.
            if next() % 4 == 0 {
                let choices = colours + (transparency ? 1 : 0)
                value = Int8(next() % UInt64(choices)) - (transparency ? 1 : 0)
            }
            grid.cells[i] = value
        }
        return Sprite(grid: grid, colors: palette)
    }

    /// One record of a golden file.
    struct GoldenRecord: Decodable {
        let seed: String
        let grid: [String]
        let colors: [String]
    }

    private struct GoldenFile: Decodable {
        let records: [GoldenRecord]
    }

    /// A sprite from golden-file rows and hex colours.
    static func sprite(rows: [String], colors: [String]) -> Sprite {
        var grid = Grid()
        for (y, row) in rows.enumerated() {
            for (x, ch) in row.utf8.enumerated() {
                grid[x, y] = ch == UInt8(ascii: ".") ? -1 : Int8(ch - UInt8(ascii: "0"))
            }
        }
        return Sprite(grid: grid, colors: colors.map { RGBA(hex: $0)! })
    }

    /// Every record of a golden engine file (`engine-v1.json` unless named) as (seed, sprite).
    static func golden(_ name: String = "engine-v1.json") throws -> [(seed: String, sprite: Sprite)] {
        let file = try Fixtures.golden(name, as: GoldenFile.self)
        return file.records.map { ($0.seed, sprite(rows: $0.grid, colors: $0.colors)) }
    }

    /// The colour every image pixel of `sprite` at `scale` should have, row-major.
    static func expectedPixels(_ sprite: Sprite, scale: Int) -> [RGBA] {
        let side = 32 * scale
        var pixels: [RGBA] = []
        pixels.reserveCapacity(side * side)
        for y in 0..<side {
            for x in 0..<side { pixels.append(sprite.color(of: sprite.grid[x / scale, y / scale])) }
        }
        return pixels
    }

    /// Whether two pixel lists agree, treating every fully transparent pixel as equal.
    static func samePixels(_ a: [RGBA], _ b: [RGBA]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.a == 0 && $1.a == 0) }
    }
}
