import Foundation
import CreatureCore

/// `fonsters-rpc describe SEED…` or `describe --stdin` (a JSON array of seeds on stdin): prints a
/// JSON array of records in the golden-file format, one creature per seed; with `--scene`, the
/// scene records of `scene-v1.json` instead.
enum DescribeCommand {
    static let help = """
    usage: fonsters-rpc describe [--engine \(EngineOption.choices)] [--scene] SEED…
           fonsters-rpc describe [--engine …] [--scene] --stdin < seeds.json

    Prints a JSON array of golden-format records (grid, colours, features, environment), one per
    seed. With --stdin, reads the seeds as a JSON array of strings from standard input.
    A seed that starts with a dash goes after --:  fonsters-rpc describe -- --bogus

      --engine NAME   the engine to draw with (default \(EngineVersion.current.rawValue))
      --scene         print each seed's scene instead (ENGINE.md §8.1, the format of
                      scene-v1.json: sky levels, effects, sun period, clouds)
      --stdin         read the seeds from standard input instead of the arguments
      -h, --help      show this help
    """

    static func run(_ args: [String], output: Int32 = STDOUT_FILENO) throws {
        var reader = ArgumentReader(args)
        var engine = EngineVersion.current
        while let option = try reader.nextOption() {
            switch option {
            case "--engine": engine = try EngineOption.parse(reader.value())
            case "--stdin", "--scene": break
            default: throw reader.unknown(option, command: "describe", takesSeeds: true)
            }
        }
        let seeds: [String]
        if reader.has("--stdin") {
            guard reader.operands.isEmpty else {
                throw CLIError("The describe command reads seeds from its arguments or with --stdin, not both; this got --stdin and '\(reader.operands[0])'.")
            }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let list = try? JSONDecoder().decode([String].self, from: data) else {
                throw CLIError(#"The input of describe --stdin must be a JSON array of strings, such as ["hello", "Bob"]."#)
            }
            seeds = list
        } else {
            guard !reader.operands.isEmpty else {
                throw CLIError("The describe command needs at least one seed, or --stdin.")
            }
            seeds = reader.operands
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = reader.has("--scene")
            ? try encoder.encode(seeds.map { SceneRecord(seed: $0, engine: engine) })
            : try encoder.encode(seeds.map { CreatureRecord(Creature(seed: $0, engine: engine)) })
        data.append(0x0A)
        try OutputFile.writeAll([UInt8](data), to: output, path: "standard output")
    }
}
