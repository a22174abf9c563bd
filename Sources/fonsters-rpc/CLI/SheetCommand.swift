import Foundation
import CreatureCore

/// `fonsters-rpc sheet -o FILE [--columns N] [--scale N] [ENGINE:]SEED…`: a contact sheet PNG of
/// creatures on their skies (the README's `docs/creatures.png`, made by scripts/contact-sheet.sh).
enum SheetCommand {
    static let help = """
    usage: fonsters-rpc sheet -o FILE.png [--columns N] [--scale N] [v1:|v2:]SEED…

    Draws a contact sheet: each seed's creature on its sky in a rounded tile, N to a row, on a
    transparent page. A seed written v1:SEED or v2:SEED is drawn by that engine (fonsters-v1 or
    fonsters-v2); other seeds by fonsters-v1. A seed that starts with a dash goes after --.

      -o, --output FILE  where to write the PNG; - is standard output (not a terminal)
      --columns N        tiles per row, 1…64 (default 8)
      --scale N          pixels per creature cell, 1…64 (default 4: 128-pixel tiles)
      -h, --help         show this help
    """

    static func run(_ args: [String]) throws {
        var reader = ArgumentReader(args, aliases: ["-o": "--output"])
        var columns = 8, scale = 4
        var output: String?
        while let option = try reader.nextOption() {
            switch option {
            case "--output": output = try reader.value()
            case "--columns", "--scale":
                let text = try reader.value()
                guard let n = Int(text), (1...64).contains(n) else {
                    throw CLIError("The option \(option) takes a whole number from 1 to 64; this got '\(text)'.")
                }
                if option == "--columns" { columns = n } else { scale = n }
            default: throw reader.unknown(option, command: "sheet", takesSeeds: true)
            }
        }
        guard let output else { throw CLIError("The sheet command needs an output file: -o FILE.png.") }
        guard !reader.operands.isEmpty else { throw CLIError("The sheet command needs at least one seed.") }
        guard reader.operands.count <= 1024 else { throw CLIError("The sheet command draws at most 1,024 seeds; this got \(reader.operands.count).") }
        if output == "-" && isatty(STDOUT_FILENO) == 1 {
            throw CLIError("A PNG is binary and standard output is a terminal; -o - needs a pipe or a file.")
        }
        let tiles = reader.operands.map { item -> ContactSheet.Tile in
            for (prefix, engine) in [("v1:", EngineVersion.v1), ("v2:", .v2)] where item.hasPrefix(prefix) {
                return ContactSheet.Tile(seed: String(item.dropFirst(prefix.count)), engine: engine)
            }
            return ContactSheet.Tile(seed: item, engine: .v1)
        }
        try OutputFile.save(try ContactSheet(tiles: tiles, columns: columns, scale: scale).png(), to: output)
    }
}
